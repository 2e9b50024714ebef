#!/usr/bin/env bash
# The row loop keeps its four-load iterations and loads what is left (at
# most three vectors per thread) together, guarded, instead of one vector
# per iteration: gpu/ptx_tail2 (the 16-bit kernels take 39 registers), and
# gpu/ptx_tail2lb, the same with the harness kernels bounded to 8 workgroups
# per SM (32 registers, 8-12 bytes of spills in the 16-bit kernels), against
# gpu/ptx_key (before), in one run, after harness checks of both.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
for c in check_tail2 check_tail2lb; do
  timeout 120 python3 -m ukernel check-ukernels gpu/$c.pkg > $OUT/$c.txt 2>&1; echo "$c: exit $?"; tail -1 $OUT/$c.txt
done
for d in ptx_key ptx_tail2 ptx_tail2lb; do
  echo "== harness PTX: $d"
  (cd bench && timeout 150 python3 argmax_bench.py ../gpu/$d --reps 15 2>&1 | tee $OUT/argmax_bench_$d.txt | grep -vE "^device|shape")
done
