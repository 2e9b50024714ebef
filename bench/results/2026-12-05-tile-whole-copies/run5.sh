#!/usr/bin/env bash
# run5: on run4's H200, the straight-loop build (S) against run1's build
# (S1: the unmasked copies, one loop), tile rows S1 S S1 S.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
export PYTHONPATH=/tmp/site
for v in S1 S S1 S; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 40 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-100 | sed "s/^/$v /"; rm $OUT/mb.txt
done
# Result: S / S1, us: 4096^3 kn 354.5, 356.1 / 363.2, 362.6; nk 353.8,
# 354.5 / 365.3, 368.1; 8192^3 2887, 2889 / 2930, 2949; 2048 x 4096 x 11008
# 458.8, 458.8 / 468.9, 469.1; f16 4096^3 367.7, 364.9 / 370.0, 372.2. The
# straight loop is 1-3% ahead of S1 and becomes the registry's code.
