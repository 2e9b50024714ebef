#!/usr/bin/env bash
# run4: run1's checks that matter most, for a short device budget: the
# runtime's GPU tests; the argmax dispatches with shared code (kernels that
# differ only in sizes) and with --specialize-sizes, the decode argmax, the
# split-K and the wgmma (K whole) packages against MLIR's CPU execution,
# with their times; the harness's split-K checks; a soak (10^6 launches,
# 2000 load cycles); a 16-thread stress of the shared-code argmax package;
# the remaining packages. Payload gpu/s.tgz.
source "$(dirname "$0")/prelude.sh"
timeout 60 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test .*(gpu|FAIL)|test result"
for p in argmax_dispatches argmax_dispatches_specialized scalar_arguments data_movement_forms other_linalg_forms decode_argmax split_k_matmuls fused_matmul_dispatches kn_layout_dispatches; do
  echo "== $p"; timeout 60 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 10 2>&1 | cut -c1-220
done
(cd bench && timeout 90 python3 matmul_bench.py ../gpu2/ptx --split-k --check-only)
echo "== soak decode_argmax"; timeout 100 gpu2/ukc-run soak gpu2/p/decode_argmax.pkg --launches 1000000 --report-every 100000 --load-cycles 2000 2>&1 | cut -c1-300
echo "== stress argmax_dispatches"; timeout 40 gpu2/ukc-run stress gpu2/p/argmax_dispatches.pkg --threads 16 --seconds 8 2>&1 | cut -c1-300
for p in dtype_and_result_forms a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  echo "== $p"; timeout 40 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 5 2>&1 | cut -c1-220
done
