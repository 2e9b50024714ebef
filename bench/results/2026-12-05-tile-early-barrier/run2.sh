#!/usr/bin/env bash
# run2: run1's V3 (each K-tile opened before the last k16 step's mma of the
# one before) beside V5 (mbarrier_V5.patch beside this script): the stages
# hand over through a "full" and an "empty" mbarrier each instead of a
# workgroup barrier per K-tile, so that a warp waits only for the stage it
# reads to land and, before refilling a stage, for every warp to have read
# it. V5 issues the later K-tile's copies after k16 step 0's fragment loads
# (as main), V5s1 after step 1's, V5s2 after step 2's. S is main.
# usage: run2.sh timing | checks (two calls on one machine; timing first)
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
part=${1:-timing}
date +%T
if [ "$part" = timing ]; then
for v in S V3 V5 V5s1 V5s2 S V5s1 V3 V5s2 V5; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
  date +%T
done
fi
if [ "$part" = checks ]; then
for v in V5s2 V5s1; do
  timeout 200 python3 -m ukernel check-ukernels gpu/$v/check.pkg > $OUT/check_ukernels_$v.txt 2>&1; echo "check-ukernels $v: exit $? $(tail -1 $OUT/check_ukernels_$v.txt)"
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/$v/ptx --check-only) > $OUT/checks_$v.txt 2>&1; echo "matmul_bench checks $v: exit $?"; grep -i "checks\|MISMATCH\|Error" $OUT/checks_$v.txt | head -5
done
for v in S V5s2 S V5s2; do
  echo "== $v" >> $OUT/decode_bench.txt
  (cd bench && timeout 60 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds skinny,skinny_wide \
     --decode-shapes 8x16384x16384,16x16384x16384,16x11008x4096,16x4096x4096) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/decode_bench.txt
  grep -E "^ *skinny|MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
for v in S V5s2; do
  (cd bench && timeout 100 ncu -c 1 --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second' \
     -k regex:harness_uk_matmul_tile_bf16_nk python3 matmul_bench.py ../gpu/$v/ptx --profile tile) > $OUT/ncu_$v.txt 2>&1
  echo "ncu $v: exit $?"; grep -E "stalled|issue_active|hmma|cycles_elapsed" $OUT/ncu_$v.txt | awk '$NF+0 > 0.1 || /hmma|issue|cycles/' | sed "s/^/$v /"
done
date +%T
fi
# Builds (under gpu/, from ukc build-ukernel-check): S = main; V3 = run1's
# early_barrier_V3.patch; V5 = mbarrier_V5.patch (its registry adds the
# mbarriers' 16 bytes per stage to the tile and skinny ukernels' shared
# memory, so lit's expected shared memory sizes change with it); V5s1 and
# V5s2 = V5 with UK_TILE_ISSUE_STEP 1 and 2. ptxas -v (sm_90, here): none
# of V5's tile kernels spills; its straight loop is 259-260 instructions per
# warp per K-tile with B as N x K (main 244), 274-286 with K x N (main 252),
# the extra ones the two mbarrier polls, three arrivals and the phase flips.
# In V5s1 ptxas issues about 22 of step 0's 32 mma before the "empty" poll.
# Result (an H100; no H200 came; checks ran for V5s2 and V5s1 only, the
# loops above edited to those after the timing part): us per call, two
# rounds each, 4096^3 bf16 kn / nk: S 351.3, 355.1 / 353.3, 349.4; V3
# 334.9, 337.9 / 321.0, 322.4; V5 331.4, 335.8 / 339.3, 339.9; V5s1 338.5,
# 338.3 / 335.4, 333.4; V5s2 330.7, 330.3 / 327.7, 327.8. 8192^3: S 2856,
# 2866; V3 2730, 2737; V5 2704, 2700; V5s2 2680, 2692. V5s2 best or level
# everywhere but 4096^3 nk (V3); correct (check-ukernels 1608 passed, 1196
# harness cases, worst 0.122). ncu (4096^3 nk): tensor pipe 63.1% busy in S,
# 71.9% in V5s2; barrier stalls per issue 0.80 -> 0.03. V5s2 landed.
