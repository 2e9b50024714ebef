#!/usr/bin/env bash
# run6: split K turned on in KernelConfig (WGMMA_MAX_K_SPLITS = 16, the cost
# model recalibrated on run1's table). The runtime's GPU tests (a capturing
# stream sharing a temporary); the split-K package and the other wgmma
# packages against MLIR's CPU execution; the harness's split-K table a
# second time; the stress test with its clock started after the set-up;
# the whole corpus against torch under CUDA graphs (the Python path with
# temporaries under capture). Payload gpu/s.tgz (payload.sh).
source "$(dirname "$0")/prelude.sh"
timeout 60 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test .*(gpu|FAIL)|test result|panicked"
for p in split_k_matmuls fused_matmul_dispatches kn_layout_dispatches dtype_and_result_forms a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  echo "== $p"; timeout 60 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 20 2>&1 | cut -c1-240
done
(cd bench && PYTHONPATH=../gpu2/py timeout 240 python3 corpus_bench.py ../gpu2/corpus.pkg --reps 10 --rounds 2 --calls 10)
echo "== stress argmax_dispatches"; timeout 150 gpu2/ukc-run stress gpu2/p/argmax_dispatches.pkg --threads 16 --seconds 10 2>&1 | cut -c1-300
(cd bench && timeout 200 python3 matmul_bench.py ../gpu2/ptx --split-k --reps 10 --rounds 2)
