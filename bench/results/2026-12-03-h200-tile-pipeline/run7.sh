#!/usr/bin/env bash
# Seventh run: run5's profile of the 256 x 128 tile (1 workgroup of 8 warps
# per SM) showed warps stalled on dependencies with 2 per scheduler and one
# barrier for all of them; here 128 x 128 tiles of 4 warps of 64 x 64 at 2
# workgroups per SM (255 registers each; 12-68 bytes of spills with K chunks
# of 64), whose barriers are independent, against it. Built with
#   UK_SWEEP_GEMV=" " UK_SWEEP_DTILES=" " UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1
#     t128x128x64s3w2x2:128:128:64:3:2:2:w2 t128x128x32s4w2x2:128:128:32:4:2:2:w2
#     t128x128x64s2w2x2:128:128:64:2:2:2:w2" bench/matmul_sweep.sh gpu/sweep
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 250 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt | grep -v "F.linear\|decode variants\|variant |"
