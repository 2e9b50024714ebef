#!/usr/bin/env bash
# The row loop without its one-vector tail: each iteration issues up to four
# guarded vector loads together (before: four per iteration, then one per
# iteration for what was left, each waiting on the last). Harness checks on
# adversarial inputs (gpu/check_tail.pkg), then the harness kernels before
# (gpu/ptx_key) and after (gpu/ptx_tail) in one run.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check_tail.pkg > $OUT/check_tail.txt 2>&1; echo "check-ukernels: exit $?"; tail -1 $OUT/check_tail.txt
for d in ptx_key ptx_tail; do
  echo "== harness PTX: $d"
  (cd bench && timeout 150 python3 argmax_bench.py ../gpu/$d --reps 15 2>&1 | tee $OUT/argmax_bench_$d.txt | grep -vE "^device|shape")
done
