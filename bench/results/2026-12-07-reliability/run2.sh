#!/usr/bin/env bash
# run2 (payload gpu/h.tgz, built by payload2.sh: ukc-run, packages with cubins and MLIR references
# of test/realir/f_embedding (cf.assert now a vprintf and a trap),
# f_log_softmax (its 32000-term sums now in two stages) and f_sdpa_decode;
# the gpt2_mlp_t512 tuning candidates with K splits, made by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --function gpt2_mlp_t512 --prepare-only gpu2/tg
# First the ldmatrix forms of bench/sanitizer/mbarrier_forms.cu under
# racecheck and synccheck.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/h.tgz && chmod +x gpu2/h/ukc-run
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
nvcc -O2 -arch=sm_90a -o gpu2/mbarrier_forms bench/sanitizer/mbarrier_forms.cu && echo "nvcc ok"
for k in ring_ldmatrix_two_step ring_ldmatrix_noinc; do
  echo "== $k"; timeout 20 gpu2/mbarrier_forms $k 3
  for tool in racecheck synccheck; do
    timeout 40 $cs --tool $tool --num-cuda-barriers 64 --print-limit 4 gpu2/mbarrier_forms $k 3 > /tmp/$tool-$k.txt 2>&1
    echo "$tool $k: exit $?; $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' /tmp/$tool-$k.txt | tail -1); $(grep -E 'launch' /tmp/$tool-$k.txt | tail -1)"
    grep -m3 -E "Error|Warning|Race|Missing" /tmp/$tool-$k.txt
  done
done
for p in gpu2/h/*.pkg; do timeout 30 gpu2/h/ukc-run run $p --repeat 20 2>&1 | cut -c1-200; done
timeout 120 gpu2/h/ukc-run measure gpu2/tg -o "$OUT/tuning.json" --repeat 20 > "$OUT/table.txt" 2> "$OUT/log.txt"; echo "measure: exit $?"
grep -v DEBUG "$OUT/log.txt" | tail -30
