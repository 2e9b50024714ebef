#!/usr/bin/env bash
# run1: payloads gpu/r.tgz (payload.sh) and gpu/t.tgz (the corpus's tuning
# candidates, with K splits: `ukc tune bench/corpus/corpus.mlir --arch
# sm_90a --no-cubin --prepare-only tc`). In order: the packages of fixes and
# forms not yet run on a GPU against MLIR's CPU results, and the more
# torch-mlir blocks (test/realir/f_*); the fault tests;
# the minimal mbarrier kernels (bench/sanitizer/mbarrier_forms.cu) under
# racecheck and synccheck; the stress suite's two runs (16 threads; a soak
# of 200000 launches and 100 load cycles); the corpus tuned by measurement;
# the corpus against torch under CUDA graphs.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/r.tgz && tar xzf gpu/t.tgz -C gpu2 && chmod +x gpu2/r/ukc-run gpu2/r/t/*
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
P=gpu2/r
for p in scalar_arguments fp8_wgmma_dispatches split_k_matmuls pack_and_unpack_keep_upstream_lowering_results integer_ops scan_reverse_and_constant_forms argmax_select_combiner_dispatches elementwise_ops_on_tensors; do
  echo "== $p"; timeout 40 $P/ukc-run run $P/$p.pkg --repeat 20 2>&1 | cut -c1-150
done
for p in $P/realir/*.pkg; do
  echo "== $p"; timeout 40 $P/ukc-run run $p --repeat 3 2>&1 | cut -c1-150
done
for t in $P/t/*; do echo "== $t"; timeout 30 $t --include-ignored 2>&1 | grep -E "^test |test result|panicked"; done
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
echo "== stress"; timeout 60 $P/ukc-run stress $P/mixed.pkg --threads 16 --seconds 10 2>&1 | cut -c1-200
echo "== soak"; timeout 120 $P/ukc-run soak $P/mixed.pkg --launches 200000 --report-every 50000 --load-cycles 100 2>&1 | cut -c1-200
start=$(date +%s)
timeout 200 $P/ukc-run measure gpu2/tc -o "$OUT/tuning.json" --repeat 10 2> "$OUT/measure_log.txt" > "$OUT/measure_table.txt"
echo "measure: exit $? in $(( $(date +%s) - start )) s"
python3 bench/tuning_report.py gpu2/tc/plan.json "$OUT/tuning.json" | tail -25
(cd bench && PYTHONPATH=../$P/py timeout 240 python3 corpus_bench.py ../$P/corpus.pkg --reps 10 --rounds 2 --calls 10)
