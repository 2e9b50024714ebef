#!/usr/bin/env bash
# run2 (payload gpu/h.tgz: ukc-run, packages with cubins and MLIR references
# of test/realir/f_embedding (cf.assert now a vprintf and a trap),
# f_log_softmax (its 32000-term sums now in two stages) and f_sdpa_decode;
# the gpt2_mlp_t512 tuning candidates with K splits, made by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --function gpt2_mlp_t512 --prepare-only gpu2/tg
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/h.tgz && chmod +x gpu2/h/ukc-run
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
for p in gpu2/h/*.pkg; do timeout 30 gpu2/h/ukc-run run $p --repeat 20 2>&1 | cut -c1-200; done
timeout 120 gpu2/h/ukc-run measure gpu2/tg -o "$OUT/tuning.json" --repeat 20 > "$OUT/table.txt" 2> "$OUT/log.txt"; echo "measure: exit $?"
grep -v DEBUG "$OUT/log.txt" | tail -30
