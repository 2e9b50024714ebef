#!/usr/bin/env bash
# Tile ukernel variants with 128-thread workgroups (warp tiles of 64 x 64)
# and more stages beside the default, built here with
#   UK_SWEEP_TILES="t128x128x32s4w2x4:128:128:32:4:2:4 t128x128x32s4w2x2:128:128:32:4:2:2
#     t128x128x32s3w2x2:128:128:32:3:2:2 t128x128x32s6w2x2:128:128:32:6:2:2
#     t128x128x64s3w2x2:128:128:64:3:2:2 t128x128x32s5w2x4:128:128:32:5:2:4
#     t128x256x32s4w2x4:128:256:32:4:2:4 t256x128x32s4w4x2:256:128:32:4:4:2
#     t128x64x32s4w2x2:128:64:32:4:2:2" bench/matmul_sweep.sh gpu/sweep
# each checked on edge shapes against the f64 reference, then timed against
# torch in the same process.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
(cd bench && timeout 500 python3 matmul_bench.py ../gpu/sweep --sweep --reps 10 2>&1 | tee $OUT/sweep.txt)
