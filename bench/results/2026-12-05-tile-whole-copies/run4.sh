#!/usr/bin/env bash
# run4: the copies of a later K-tile now sit after the first k16 step's
# fragment loads, and K-tiles whose later K-tile copies whole and unmasked
# run a loop of their own with no branch in it, so that ptxas spreads the
# copies among the mma (about 243 instructions per warp per K-tile, none
# of them S2R; the general loop, for edge tiles and the last K-tiles,
# spills 72 bytes). S is this build, P main's before the unmasked copies.
# Checks of S, then the tile rows S P S P.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 200 python3 -m ukernel check-ukernels gpu/S/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels S: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in matmul_on fused_mm; do
  timeout 120 python3 -m ukernel run gpu/S/$p.pkg --repeat 1 > $OUT/run_$p.txt 2>&1; echo "run S $p: exit $? $(tail -1 $OUT/run_$p.txt)"
done
(cd bench && timeout 150 python3 matmul_bench.py ../gpu/S/ptx --check-only) > $OUT/checks_S.txt 2>&1; echo "matmul_bench checks S: exit $?"; grep -i "checks\|MISMATCH\|Error" $OUT/checks_S.txt | head -5
date +%T
for v in S P S P; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
# Result (an H200): S correct (check-ukernels 1608 passed, matmul sm_80/
# sm_90 15/15, fused 10/10, 1196 harness cases, worst 0.122). Tile, S / P,
# us (TFLOP/s): 4096^3 kn 356.9, 355.0 (385-387) / 391.1, 389.2 (351-353);
# nk 355.1, 354.9 / 387.0, 389.6; 8192^3 2896, 2883 / 3162, 3170; 2048 x
# 4096 x 11008 458.8, 462.9 / 508.6, 510.1; f16 4096^3 368.3, 364.0 / 399.2,
# 399.5. cuBLAS in the same rounds 728-809 TFLOP/s at 4096^3: S at 0.48-0.52
# (kn) and 0.49-0.57 (nk) of it, P at 0.45-0.50.
