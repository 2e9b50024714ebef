#!/usr/bin/env bash
# run3: run2 (an H100) found S1, the whole-stage copies over the per-chunk
# plan, and the one-source plan level (4096^3 kn 352-354 / 354-357 us, nk
# 358-365 / 355-358, 2048 x 4096 x 11008 460-467 / 472), both ahead of main
# (383-384, 376-384, 497-503); the one-source plan spills 4 bytes, so S is
# S1 again. Here: S's packages checked (sm_80/sm_90 and sm_90a, the demo),
# the tile rows of S and P alternating twice, the tile shapes again on this
# build's code (bench/matmul_sweep.sh: the registry's 256 x 128 x 64 in 3
# stages, in 4 stages, and 128 x 256; the wide skinny shape against one of
# K chunks of 256 in 2 stages, 512 contiguous bytes per weight row per
# stage), and an ncu profile of S's tile kernel.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 200 python3 -m ukernel check-ukernels gpu/S/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels S: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in matmul_on matmul_90a fused_mm demo.pkg/decode_step; do
  timeout 120 python3 -m ukernel run gpu/S/$p.pkg --repeat 1 > $OUT/run_${p%%/*}.txt 2>&1; echo "run S $p: exit $? $(tail -1 $OUT/run_${p%%/*}.txt)"
done
date +%T
for v in S P S P; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile,skinny_wide --decode-shapes 8x16384x16384,16x16384x16384) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *(tile|skinny_wide) |MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-210 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/SW --sweep --reps 20 --decode-shapes 8x16384x16384,16x16384x16384,16x11008x4096) > $OUT/sweep.txt 2>&1; echo "sweep: exit $?"; cat $OUT/sweep.txt | tail -12
date +%T
(cd bench && timeout 150 ncu --section WarpStateStats --section SourceCounters --section ComputeWorkloadAnalysis --section LaunchStats -k regex:harness_uk_matmul_tile python3 matmul_bench.py ../gpu/S/ptx --profile tile) > $OUT/ncu_tile.txt 2>&1; grep -i "stall\|Warp Cycles\|Issue Slots\|Ipc\|Registers" $OUT/ncu_tile.txt | head -20
date +%T
# Result (no H200 could be had; an H100): S correct (check-ukernels 1608,
# matmul sm_80/sm_90 15/15 and sm_90a 15/15, fused 10/10, demo 4/4). Tile,
# S / P, us: 4096^3 kn 352.8, 354.4 / 380.6, 381.6 (0.50-0.51 of cuBLAS
# against 0.47-0.48); nk 362.2, 360.7 / 379.9, 377.2; 8192^3 2898, 2912 /
# 3163, 3173; 2048 x 4096 x 11008 464.7, 468.6 / 503.9, 501.1. Wide skinny
# cold 8 / 16 x 16384^2: S 179.0, 178.3 / 179.8, 179.2, P 181.0, 179.1 /
# 180.1, 180.5 (F.linear 186-188, 185-186). Sweep (this code): the
# registry's 256 x 128 x 64 in 3 stages 372-391 TFLOP/s at 4096^3, in 4
# stages 363-376, 128 x 256 316-385: no change. Decode: K chunks of 256 in
# 2 stages 184.2-184.3 us at 8 and 16 x 16384^2 against the registry's
# 180.6-182.0 (F.linear 185.8-187.1): no change. ncu (S's tile kernel, nk
# 4096^3): 0.94 instructions per cycle, tensor pipe 59.1% busy, 8.49 cycles
# between a warp's issues, 2.7 of them on a fixed-latency dependency.
