#!/usr/bin/env bash
# run3: decode variants of the tile ukernel whose workgroups each start at
# their own K-tile ("sk": column tile j from K-tile j x ktiles / column
# tiles, wrapping round) against the same shapes starting at K-tile 0, in
# two passes of the sweep (gpu/W/ptx, built with
#   UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1"
#   UK_SWEEP_GEMV="g4x1m1k8:4:1:1:4:k8"
#   UK_SWEEP_DTILES="d16x64k128s4:16:64:128:4:1:4:2:2 d16x64k128s4sk:16:64:128:4:1:4:2:2:sk
#     d16x64k256s3sk:16:64:256:3:1:4:2:1:sk d16x32k512s3:16:32:512:3:1:2:4:1
#     d16x32k512s3sk:16:32:512:3:1:2:4:1:sk d16x128k128s4sk:16:128:128:4:1:4:2:1:sk
#     d16x64k128s5sk:16:64:128:5:1:4:2:2:sk"),
# every variant checked first (decode shapes and edges).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
mkdir -p /tmp/o
for pass in 1 2; do
  date +%T
  (cd bench && timeout 200 python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep \
    --decode-shapes 8x16384x16384,16x16384x16384,16x11008x4096,16x4096x14336,16x128256x4096,16x4096x4096) > /tmp/o/sweep$pass.txt 2>&1; echo "sweep $pass: exit $?"
  sed -n '/decode variants/,/F.linear/p' /tmp/o/sweep$pass.txt; grep -i "error\|mismatch" /tmp/o/sweep$pass.txt | head -3
done
date +%T
tar -C /tmp/o -czf $OUT/run3.tgz .
# Result (an H100 80GB HBM3): every variant correct. Staggered starts take
# 16 x 16384^2 from 180.86 / 180.56 us (cold, passes 1 / 2) to 178.84 /
# 178.72 with the registry's wide shape (d16x64k128s4), and 8 x 16384^2
# from 179.73 / 179.96 to 177.83 / 178.06; level at 16 x 11008 x 4096
# (34.42 / 34.51 -> 34.33 / 34.30) and the narrow shape no faster
# (d16x32k512s3 179.60 / 179.64 -> 180.46 / 180.55 at 16 x 16384^2).
# F.linear in the same passes: 183.66 / 183.72 at 16 x 16384^2.
