#!/usr/bin/env bash
# run3: run2's sweep failed at its first tile-based decode variant (an
# illegal address): bench/matmul_sweep.sh gave the harness the stages'
# shared memory without the 16 bytes per stage of the mbarriers that the
# tile ukernel has kept there since the mbarrier hand-off. With that fixed,
# the decode variants again (gpu/W/ptx built with
#   UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1"
#   UK_SWEEP_GEMV="g4x2m1k8:4:2:1:4:k8 g4x1m1k8:4:1:1:4:k8 g2x2m1k8:2:2:1:4:k8"
#   UK_SWEEP_DTILES="d16x64k128s4:16:64:128:4:1:4:2:2 d16x64k128s5:16:64:128:5:1:4:2:2
#     d16x128k128s4:16:128:128:4:1:4:2:1 d16x64k256s3:16:64:256:3:1:4:2:1
#     d16x32k512s3:16:32:512:3:1:2:4:1"),
# then the compiled decode dispatches against F.linear once more.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
cd bench
date +%T
timeout 120 python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep \
  --decode-shapes 1x11008x4096,1x4096x14336,1x128256x4096,8x16384x16384,16x11008x4096,16x16384x16384 > $OUT/sweep.txt 2>&1; echo "sweep: exit $?"
grep -A12 "decode variants" $OUT/sweep.txt; grep -i "error\|mismatch" $OUT/sweep.txt | head -3
date +%T
timeout 60 python3 decode_matmul_bench.py ../gpu/V/dm.pkg --reps 20 --rounds 3 > $OUT/decode_matmul_bench.txt 2>&1; echo "decode_matmul_bench: exit $?"
grep -v "rounds" $OUT/decode_matmul_bench.txt | tail -16
date +%T
# Result: not run yet (no device time was left to run it).
