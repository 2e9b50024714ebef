#!/usr/bin/env bash
# run2: run1 cut to what fits the device time left: the runtime's GPU
# tests; the split-K, fused and K x N packages and the realir MLP against
# MLIR's CPU execution; the harness's split-K checks and times per part
# count (fewer repetitions); one 16-thread stress run and the Python
# threads; the corpus's gpt2_mlp_t512 against torch. Payload gpu/s.tgz.
source "$(dirname "$0")/prelude.sh"
timeout 60 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test .*(gpu|FAIL)|test result"
for p in split_k_matmuls fused_matmul_dispatches kn_layout_dispatches dtype_and_result_forms a_llama_mlp b_gpt2_mlp; do
  echo "== $p"; timeout 60 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 5 2>&1 | cut -c1-200
done
(cd bench && timeout 150 python3 matmul_bench.py ../gpu2/ptx --split-k --reps 5 --rounds 1)
echo "== stress split_k_matmuls"; timeout 60 gpu2/ukc-run stress gpu2/p/split_k_matmuls.pkg --threads 16 --seconds 15 2>&1 | cut -c1-300
echo "== stress a_llama_mlp"; timeout 60 gpu2/ukc-run stress gpu2/p/a_llama_mlp.pkg --threads 16 --seconds 10 2>&1 | cut -c1-300
(cd bench && PYTHONPATH=../gpu2/py timeout 60 python3 python_threads_stress.py ../gpu2/p/split_k_matmuls.pkg --threads 16 --seconds 10)
(cd bench && PYTHONPATH=../gpu2/py timeout 90 python3 corpus_bench.py ../gpu2/corpus.pkg --reps 10 --rounds 2 --calls 10 --only gpt2)
