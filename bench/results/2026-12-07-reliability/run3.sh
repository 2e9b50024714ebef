#!/usr/bin/env bash
# run3 (payload gpu/k.tgz, built by payload3.sh): the ldmatrix forms of
# bench/sanitizer/mbarrier_forms.cu under racecheck and synccheck (run2's
# dispatch did not reach them), then every package `ukc-run run` against
# its MLIR reference.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/k.tgz && chmod +x gpu2/k/ukc-run
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
nvcc -O2 -arch=sm_90a -o gpu2/mbarrier_forms bench/sanitizer/mbarrier_forms.cu && echo "nvcc ok"
for k in ring_ldmatrix_two_step ring_ldmatrix_noinc; do
  echo "== $k"; timeout 20 gpu2/mbarrier_forms $k 3
  for tool in racecheck synccheck; do
    timeout 40 $cs --tool $tool --num-cuda-barriers 64 --print-limit 4 gpu2/mbarrier_forms $k 3 > /tmp/$tool-$k.txt 2>&1
    echo "$tool $k: exit $?; $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' /tmp/$tool-$k.txt | tail -1)"
    grep -m3 -E "Error|Warning|Race|Missing" /tmp/$tool-$k.txt
  done
done
for p in gpu2/k/*.pkg; do echo "== $p"; timeout 40 gpu2/k/ukc-run run $p --repeat 3 2>&1 | grep -v "matches the MLIR reference" | cut -c1-300; done
# The model-dispatch corpus's tuning candidates with K splits and cubins
# (gpu/tc.tgz, made by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --prepare-only gpu2/tc):
# measured against the rules' choices.
if [ -f gpu/tc.tgz ]; then
  tar xzf gpu/tc.tgz -C gpu2
  timeout 260 gpu2/k/ukc-run measure gpu2/tc -o "$OUT/tuning-corpus.json" --repeat 20 > "$OUT/table-corpus.txt" 2> "$OUT/log-corpus.txt"
  echo "measure: exit $?"
  grep -E "tuned|rules lose|^  [a-z_0-9]+:" "$OUT/table-corpus.txt" | cut -c1-120 | head -100
fi
