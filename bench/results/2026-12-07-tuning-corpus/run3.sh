#!/usr/bin/env bash
# run3 (an H200): the outer-dim argmax forms at reduced extents from 8192
# against MLIR's CPU execution; `ukc tune` of the whole corpus (the
# candidates of run2, cubins for sm_90a); the corpus package compiled by
# the rules (`ukc compile bench/corpus/corpus.mlir --arch sm_90a
# --no-tuning`, its listing beside it) against torch with
# bench/corpus_bench.py. Payload gpu/f.tgz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/f.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/p/outer_dim_argmax_dispatches.pkg --repeat 10 2>&1 | cut -c1-250
start=$(date +%s)
timeout 240 gpu2/ukc-run measure gpu2/tune -o "$OUT/tuning.json" --repeat 10 2> "$OUT/measure_log.txt" > "$OUT/measure_table.txt"
echo "measure: exit $? in $(( $(date +%s) - start )) s"
(cd bench && PYTHONPATH=../gpu2/py timeout 200 python3 corpus_bench.py ../gpu2/corpus.pkg --reps 10 --rounds 2 --calls 10)
