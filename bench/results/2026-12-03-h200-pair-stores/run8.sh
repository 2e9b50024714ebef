#!/usr/bin/env bash
# Eighth run: tile ukernel variants again, now built for 2 workgroups per SM
# (128 registers, as the registry has it since run5; the sweep of
# 2026-12-03-h200-tile-sweep had no bound): stages, K chunk, warp layout.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 280 python3 matmul_bench.py ../gpu/tsweep --sweep --reps 20) 2>&1 | tee $OUT/tile_sweep.txt | grep -v "^ *F.linear\|decode variants\|variant |"
