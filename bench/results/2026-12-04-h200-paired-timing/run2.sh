#!/usr/bin/env bash
# run1 found (paired timing): the skinny ukernels are behind F.linear only at
# 16 x 16384^2 (cold 124.7-126.0 us against 123.6-124.1, every round) and
# level at 1 x 16384^2; at 8 rows the same weight takes 123.9-124.9 against
# F.linear's 124.5-126.7, so the 16-row loss comes with A's second 8 rows.
# Every workgroup of a wave reads the same K-tile of A at about the same
# time. R: the skinny ukernels (tiles with warps of K) start their K loops
# at K-tile tile_n mod ktiles and wrap around; M: main's build. Checked,
# then timed twice each, alternating builds.
# Result: R slower at 8 x 16384^2 (122.5-123.0 us cold against 121.8-122.0) and
# no better elsewhere; not landed (k_rotate.patch beside this script).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
for v in M R M R; do
  echo "== matmul_bench $v"
  (cd bench && python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --rounds 3 --kinds skinny,skinny_wide,gemv) 2>&1 | tee -a $OUT/${v}_matmul_bench.txt | grep -v "rounds (us)" | grep -i "checks\|16384\|11008\|MISMATCH\|Error" | grep -v "skinny  bf16" | head -14
done
