#!/usr/bin/env bash
# run5: the landed mbarrier hand-off (F) with fragments double-buffered in
# the straight loop: each k16 step's fragments loaded before the previous
# step's mma, and the next K-tile opened (its "full" wait and first step's
# fragments) before the last step's mma (V6: run1's V3 one-source copy plan,
# which frees the registers for it; the general loop keeps one step's
# fragments). V6s1, V6s2, V6s3: the later K-tile's copies after k16 step 1,
# 2 or 3. Checks of the kinds built from this loop, then tile rows F V6s2
# V6s1 V6s3 F V6s3 V6s1 V6s2, then decode rows F V6s2 V6s1 V6s3.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
date +%T
for v in V6s2 V6s1 V6s3; do
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --check-only --kinds tile,skinny,skinny_wide) > $OUT/checks_$v.txt 2>&1; echo "checks $v: exit $? $(tail -1 $OUT/checks_$v.txt | cut -c1-160)"
done
date +%T
for v in F V6s2 V6s1 V6s3 F V6s3 V6s1 V6s2; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /" | cut -d'|' -f1-3; rm $OUT/mb.txt
done
date +%T
for v in F V6s2 V6s1 V6s3; do
  echo "== $v" >> $OUT/decode_bench.txt
  (cd bench && timeout 60 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds skinny,skinny_wide \
     --decode-shapes 8x4096x4096,16x11008x4096,16x16384x16384) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/decode_bench.txt
  grep -E "^ *skinny|MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /" | cut -d'|' -f1-2,5; rm $OUT/mb.txt
done
date +%T
# Builds: gpu/F as run3; V6sN from matmul_tile.cu with run1's one-source
# copy plan (early_barrier_V3.patch, its first two hunks) and the loop of
# double_buffer_V6.patch beside this script, UK_TILE_ISSUE_STEP N. ptxas
# (sm_90, here), straight loop with B as N x K / K x N, instructions per
# warp per K-tile: V6s1 269 / 278, V6s2 261 / 272, V6s3 258 / 267 (F 260 /
# 272); no spill in it but one store and load (kn) in V6s1 and V6s2; the
# general loop spills (about 90 loads, nk) in V6s1 and V6s2, not in V6s3.
# Result (an H100; its raw outputs were not kept, the figures below were
# copied from them by hand): checks 664 cases for each of V6s1-V6s3, worst
# 0.122 of the bound. Tile, us per call, two rounds each, F / V6s3 / V6s2 /
# V6s1: 4096^3 kn 328.5, 333.3 / 319.8, 317.0 / 318.6, 320.9 / 326.0,
# 324.1; nk 324.8, 325.9 / 324.8, 318.9 / 330.7, 334.6 / 332.0, 336.9;
# 8192^3 2663, 2660 / 2578, 2566 / 2579, 2573 / 2609, 2614; 2048 x 4096 x
# 11008 433.8, 430.0 / 410.8, 413.1 / 420.8, 417.1 / 415.1, 421.1; f16 kn
# 4096^3 340.0, 340.7 / 327.1, 328.0 / 329.2, 329.2 / -; 4000^3 nk (edges)
# 338.5, 345.2 / 337.3, 339.5 / 359.5, 365.2 / 358.1, 360.1. Decode rows
# level with F in every variant. V6s3 best or level everywhere.
