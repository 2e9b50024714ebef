#!/usr/bin/env bash
# Decode rows (1, 8, 64 x 128256) by split count with the atomic-key combine:
# the split plan was tuned when each part cost a partial and the last
# workgroup's combine; harness kernels (gpu/ptx_key), every result checked.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 200 python3 argmax_bench.py ../gpu/ptx_key --reps 20 2>&1 | tee $OUT/argmax_bench_key.txt | grep -E "by split|MISMATCH|equal|x128256")
