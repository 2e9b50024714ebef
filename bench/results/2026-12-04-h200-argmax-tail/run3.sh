#!/usr/bin/env bash
# run2 found: L2 prefetch hints slow the soft-capped row loop (1 iteration
# ahead 145 us, 2 ahead 177, 3 ahead 198, against 136 for A). Here (V) the
# mapped row loop folds its elements by fours: one compare of the four
# mapped values' NaN-propagating maximum (max.NaN) against the running best,
# the element-by-element steps only when it fails; the plain loop is
# unchanged. A: as committed. Checked (CPU references, torch), then timed
# three times.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
V="A V"
for v in $V; do
  python3 -m ukernel run gpu/X$v/fa.pkg --repeat 2 > $OUT/${v}_run.txt 2>&1; echo "$v run: exit $? $(tail -1 $OUT/${v}_run.txt)"
done
(cd bench && python3 torch_check.py ../gpu/XV/fa.pkg) 2>&1 | tee $OUT/V_torch_check.txt | grep -v ": ok" | tail -3
for pass in 1 2 3; do
  for v in $V; do
    echo "== fusion_bench $v pass $pass"
    (cd bench && python3 fusion_bench.py ../gpu/X$v/fa.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -i "softcap\|negscaled\|MISMATCH\|Error" | head -5
  done
done
