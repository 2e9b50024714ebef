#!/usr/bin/env bash
# Sixth run: the skinny shapes of the tile ukernel with L2's 256-byte
# prefetch hint on the weight's copies (bp; it helped the old skinny
# ukernel 1-4% with cold weights), beside the registry's shapes without it,
# to close the 1% that 8-16 rows of 16384 columns still lose to F.linear.
# Built with a `bp` option of bench/matmul_sweep.sh's decode variants
# (-DUK_TILE_B_L2_256B: cp.async...L2::256B on B's copies), removed after
# this run measured it 1-5% slower everywhere:
#   UK_SWEEP_TILES=" " UK_SWEEP_GEMV=" " UK_SWEEP_DTILES="d16x64k128s4:16:64:128:4:1:4:2:2
#     d16x64k128s4bp:16:64:128:4:1:4:2:2:bp d16x32k512s3:16:32:512:3:1:2:4:1
#     d16x32k512s3bp:16:32:512:3:1:2:4:1:bp d16x64k256s3bp:16:64:256:3:1:4:2:1:bp
#     d16x64k128s3bp:16:64:128:3:1:4:2:2:bp" bench/matmul_sweep.sh gpu/sweep
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 250 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt
