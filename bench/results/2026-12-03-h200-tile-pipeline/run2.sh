#!/usr/bin/env bash
# Second run: run1 found the tile ukernel with a copy plan, double-buffered
# fragments, K chunks of 64 in 3 stages at 1 workgroup per SM 19% faster
# than the default with B as N x K; this sweep varies stages, K chunk, tile
# and warp tile around it (bench/matmul_sweep.sh with UK_SWEEP_TILES as in
# the table's names: tBMxBN, k = K chunk, s = stages, fp = double-buffered
# fragments, w = workgroups per SM; all but t128 use the copy plan).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 400 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt | grep -v "F.linear\|decode variants\|variant |"
