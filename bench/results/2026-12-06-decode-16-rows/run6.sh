#!/usr/bin/env bash
# run6: the landed build's (V5) compiled decode dispatches against F.linear
# once more, on whichever machine comes (an H200 was asked for).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 60 python3 bench/decode_matmul_bench.py gpu/V5/dm.pkg --reps 20 --rounds 3 > $OUT/decode_matmul_bench_V5.txt 2>&1; echo "decode_matmul_bench V5: exit $?"
grep -v "rounds" $OUT/decode_matmul_bench_V5.txt | tail -15
# Result: it ran on run5's H100 80GB HBM3, still held, not an H200. V5
# faster than F.linear at all 13 shapes again (1.01-1.18x; 16 x 16384^2
# 173.11 / 174.64 us, 16 x 11008 x 4096 33.28 / 34.81).
# The same script again later, raw output in run7/: it came up on yet
# another H100 80GB HBM3. V5 faster at all 13 shapes (1.01-1.18x; 16 x
# 16384^2 172.93 / 174.72 us, 16 x 11008 x 4096 32.94 / 34.40).
