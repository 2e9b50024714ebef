#!/usr/bin/env bash
# run1: payload gpu/r.tgz (payload.sh). The minimal mbarrier kernels
# (bench/sanitizer/mbarrier_forms.cu) under racecheck and synccheck; the
# stress suite's two runs (16 threads; a soak of 200000 launches and 100
# load cycles); the packages of the fixes not yet run on a GPU; the fault
# tests; the corpus against torch under CUDA graphs.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/r.tgz && chmod +x gpu2/r/ukc-run gpu2/r/t/*
nvidia-smi -L
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
nvcc -O2 -arch=sm_90a -o gpu2/mbarrier_forms bench/sanitizer/mbarrier_forms.cu && echo "nvcc ok"
for k in full_two_step full_noinc ring_two_step ring_noinc; do
  echo "== $k"; timeout 20 gpu2/mbarrier_forms $k 3
  for tool in racecheck synccheck; do
    timeout 60 $cs --tool $tool --num-cuda-barriers 64 --print-limit 4 gpu2/mbarrier_forms $k 3 > /tmp/$tool-$k.txt 2>&1
    echo "$tool $k: exit $?; $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' /tmp/$tool-$k.txt | tail -1); $(grep -E 'launch' /tmp/$tool-$k.txt | tail -1)"
    grep -m3 -E "Error|Warning|Race|Missing" /tmp/$tool-$k.txt
  done
done
P=gpu2/r
echo "== stress"; timeout 60 $P/ukc-run stress $P/mixed.pkg --threads 16 --seconds 10 2>&1 | cut -c1-200
echo "== soak"; timeout 120 $P/ukc-run soak $P/mixed.pkg --launches 200000 --report-every 50000 --load-cycles 100 2>&1 | cut -c1-200
for p in scalar_arguments fp8_wgmma_dispatches split_k_matmuls pack_and_unpack_keep_upstream_lowering_results integer_ops scan_reverse_and_constant_forms; do
  echo "== $p"; timeout 40 $P/ukc-run run $P/$p.pkg --repeat 20 2>&1 | cut -c1-150
done
for t in $P/t/*; do echo "== $t"; timeout 30 $t --include-ignored 2>&1 | grep -E "^test |test result|panicked"; done
(cd bench && PYTHONPATH=../$P/py timeout 240 python3 corpus_bench.py ../$P/corpus.pkg --reps 10 --rounds 2 --calls 10)
