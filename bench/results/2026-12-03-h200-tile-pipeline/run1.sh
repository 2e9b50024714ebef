#!/usr/bin/env bash
# First run: the fused GEMV dispatch (gelu_bf16_1x11008x4096) against its CPU
# reference, the restructured tile mainloop (default build unchanged in
# what it computes) checked, then a sweep of tile mainloops (copy plan,
# double-buffered fragments, at 1 and 2 workgroups per SM) and of a skinny
# ukernel whose weight goes through a cp.async ring in shared memory, and an
# ncu profile of the default tile kernel at 4096^3 (B as N x K).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in fused_mm fused_mm_90a matmul_on; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run1_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run1_$p.txt)"
done
grep -i "1x11008" $OUT/run1_fused_mm*.txt
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/ptx --check-only) 2>&1 | tail -3
(cd bench && timeout 330 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt
(cd bench && timeout 120 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --section LaunchStats --section SchedulerStats --section InstructionStats -k regex:harness_uk_matmul_tile python3 matmul_bench.py ../gpu/ptx --profile tile) > $OUT/ncu_tile.txt 2>&1; tail -5 $OUT/ncu_tile.txt
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
