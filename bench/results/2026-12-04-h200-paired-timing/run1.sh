#!/usr/bin/env bash
# matmul_bench.py now times both sides of every row the same way: R rounds
# (3), alternating which side goes first, the faster timing of each side
# reported and every round listed (before: torch the faster of two
# timings around ours, ours one timing; cold decode timings one each, ours
# first). Harness PTX of main's ukernels (gpu/M/ptx). Two whole passes.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
for pass in 1 2; do
  echo "== matmul_bench pass $pass"
  (cd bench && python3 matmul_bench.py ../gpu/M/ptx --reps 20 --rounds 3) 2>&1 | tee $OUT/matmul_bench_$pass.txt | grep -v "rounds (us)" | tail -40
done
