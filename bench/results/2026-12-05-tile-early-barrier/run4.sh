#!/usr/bin/env bash
# run4: run3 again on whichever machine comes (an H200 wanted): harness
# tile rows F S F S, then F's decode rows (skinny, wide skinny and GEMV at
# M = 1, 8, 16 against the 4096^2, 11008 x 4096 and 16384^2 weights, warm
# and cold) twice. Each timed result is checked against the f64 product.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
date +%T
for v in F S F S; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /"; rm $OUT/mb.txt
done
date +%T
for pass in 1 2; do
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/F/ptx --timing-only --reps 20 --kinds skinny,skinny_wide,gemv) > $OUT/decode_$pass.txt 2>&1
  echo "decode pass $pass: exit $?"; grep -E "^ *(skinny|skinny_wide|gemv) |MISMATCH|Error" $OUT/decode_$pass.txt | sed -E "s/^ +//; s/ +/ /g"
done
date +%T
# Result (another H100; no H200 came): tile, F / S, us: 4096^3 kn 325.5,
# 323.4 / 341.2, 343.8 (422-425 TFLOP/s, 0.53-0.54 of that round's cuBLAS);
# nk 322.3, 326.4 / 343.6, 346.2; 8192^3 2626, 2618 / 2794, 2799; 2048 x
# 4096 x 11008 420.1, 417.7 / 445.2, 448.6. Decode (F, cold, against
# F.linear): wide skinny 1.00-1.03x at 8 and 16 rows of 11008 x 4096 and
# 16384^2; skinny 1.13-1.14x at 4096^2; GEMV (the pick at one row of the
# large weights) 1.05-1.08x at 11008 x 4096 but 0.98x at 16384^2, where
# the wide skinny ukernel ran 1.01x.
