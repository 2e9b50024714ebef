#!/usr/bin/env bash
# run1: the tile ukernel opens each K-tile (cp.async wait, barrier, first
# k16 step's fragments, later copies) before the last k16 step's mma of the
# K-tile before it, so that the barrier and the fragment loads overlap
# those mma instead of idling the tensor cores between K-tiles; its copy
# plan keeps one source and a step per operand (V3). V1 is main with only
# the rows-only whole copy dropped (copy_whole_stage<false>), S is main.
# V4 opens the next K-tile a step earlier (barrier and copies before the
# second-last step's mma; ptxas schedules its fragment loads at the loop end).
# Checks of V3, then tile rows S V3 V4 V1 V3 S V4, decode rows S V3 S V3, and
# the stall breakdown of S's and V3's 4096^3 kernel (B as N x K) by ncu.
# usage: run1.sh timing | checks (two calls on one machine; timing first)
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
part=${1:-timing}
if [ "$part" = checks ]; then
timeout 200 python3 -m ukernel check-ukernels gpu/V3/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels V3: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in matmul_on fused_mm; do
  timeout 120 python3 -m ukernel run gpu/V3/$p.pkg --repeat 1 > $OUT/run_$p.txt 2>&1; echo "run V3 $p: exit $? $(tail -1 $OUT/run_$p.txt)"
done
(cd bench && timeout 150 python3 matmul_bench.py ../gpu/V3/ptx --check-only) > $OUT/checks_V3.txt 2>&1; echo "matmul_bench checks V3: exit $?"; grep -i "checks\|MISMATCH\|Error" $OUT/checks_V3.txt | head -5
fi
date +%T
if [ "$part" = timing ]; then
for v in S V3 V4 V1 V3 S V4; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
for v in S V3 S V3; do
  echo "== $v" >> $OUT/decode_bench.txt
  (cd bench && timeout 60 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds skinny,skinny_wide \
     --decode-shapes 8x16384x16384,16x16384x16384,16x11008x4096,16x4096x4096) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/decode_bench.txt
  grep -E "^ *skinny|MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
fi
if [ "$part" = checks ]; then
for v in S V3; do
  (cd bench && timeout 100 ncu -c 1 --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio$,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_bytes.sum.per_second,sm__cycles_elapsed.avg.per_second' \
     -k regex:harness_uk_matmul_tile_bf16_nk python3 matmul_bench.py ../gpu/$v/ptx --profile tile) > $OUT/ncu_$v.txt 2>&1
  echo "ncu $v: exit $?"; grep -E "stalled|issue_active|hmma|lts__t_bytes|cycles_elapsed" $OUT/ncu_$v.txt | awk '$NF+0 > 0.05 || /hmma|lts|issue|cycles/' | sed "s/^/$v /"
done
date +%T
fi
# Builds: S = main; V3 = early_barrier_V3.patch beside this script (applied
# to main's ukernels/cuda/matmul_tile.cu); V1 = that file with only the
# rows-only whole copy removed; V4 = V3 with the barrier and copies one step
# earlier. ptxas -v (sm_90, here): V3's straight loop 240 instructions per
# warp per K-tile, no spill with B as N x K (1 store/1 load with K x N);
# its general loop spills 16 bytes (nk) and 36 (kn), main's 72 and 104.
# Result: never run; run2 timed V3 beside the mbarrier variants instead.
