#!/usr/bin/env bash
# run1 and run2 found: at 1 x 16384^2 the skinny_wide ukernel (cold 120.8-
# 125.1 us) beat the GEMV ukernel the registry picks there (123.8-126.6) in
# every pass, on two machines; at 1 x 11008 x 4096 the two were level.
# run2's K rotation was slower (not landed). Here: both ukernels on M = 1
# shapes that tell a rule on K from one on the weight's size (main's build).
# Result: the wide skinny ukernel was faster than the GEMV one wherever N
# fills the GPU with its 64-column workgroups (1-5%), slower at N = 4096
# (1 x 4096 x 16384, 1 x 4096 x 11008); see decode-ranking/run1 for the
# compiled dispatches.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
S=1x16384x16384,1x128256x4096,1x16384x4096,1x4096x16384,1x8192x8192,1x11008x4096,1x4096x11008,1x32000x4096,1x65536x4096,1x4096x4096
for pass in 1 2; do
  echo "== pass $pass"
  (cd bench && python3 matmul_bench.py ../gpu/M/ptx --reps 20 --rounds 3 --kinds skinny_wide,gemv --decode-shapes $S) 2>&1 | tee -a $OUT/matmul_bench.txt | grep -v "rounds (us)" | grep -i "checks\|bf16\|MISMATCH\|Error" | sed 's/| *[0-9.]* *[0-9.]* | *[0-9]* *[0-9]* | cold/| cold/'
done
