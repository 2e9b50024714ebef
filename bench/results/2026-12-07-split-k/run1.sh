#!/usr/bin/env bash
# run1: split K in the wgmma ukernel. The compiled packages against MLIR's
# CPU execution (`ukc-run run`); the harness: split-K checks and times per
# part count against torch (`matmul_bench.py --split-k`), the K-whole
# checks of both wgmma kinds; the corpus's gpt2_mlp_t512 and mm rows
# against torch (corpus_bench.py); `ukc-run stress` (16 threads, a stream
# each) on packages with scratch globals (split K, split argmax rows) and
# with multi-kernel functions (the realir MLP: temporaries); the runtime's
# tests with the GPU ones (module state per stream); 16 Python threads on
# torch streams (bench/python_threads_stress.py); `ukc-run soak` (10^6
# launches of the decode step's argmax, then 10^4 load cycles). The packages
# include the argmax dispatches compiled with shared code (kernels that
# differ only in sizes) and with --specialize-sizes. Payload gpu/s.tgz.
source "$(dirname "$0")/prelude.sh"
timeout 120 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test |test result"
for p in gpu2/p/*.pkg; do
  echo "== $p"; timeout 120 gpu2/ukc-run run $p --repeat 10 2>&1 | cut -c1-220
done
(cd bench && timeout 240 python3 matmul_bench.py ../gpu2/ptx --split-k --reps 10 --rounds 2)
for p in split_k_matmuls argmax_dispatches a_llama_mlp; do
  echo "== stress $p"; timeout 120 gpu2/ukc-run stress gpu2/p/$p.pkg --threads 16 --seconds 10 2>&1 | cut -c1-300
done
(cd bench && PYTHONPATH=../gpu2/py timeout 90 python3 python_threads_stress.py ../gpu2/p/split_k_matmuls.pkg --threads 16 --seconds 10)
echo "== soak decode_argmax"; timeout 150 gpu2/ukc-run soak gpu2/p/decode_argmax.pkg --launches 1000000 --report-every 100000 --load-cycles 10000 2>&1 | cut -c1-300
(cd bench && PYTHONPATH=../gpu2/py timeout 120 python3 corpus_bench.py ../gpu2/corpus.pkg --reps 10 --rounds 2 --calls 10 --only gpt2)
(cd bench && timeout 200 python3 matmul_bench.py ../gpu2/ptx --check-only --kinds wgmma_narrow)
(cd bench && PYTHONPATH=../gpu2/py timeout 120 python3 corpus_bench.py ../gpu2/corpus.pkg --reps 10 --rounds 2 --calls 10 --only mm_4096)
