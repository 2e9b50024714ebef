#!/usr/bin/env bash
# run4 found (ncu at the GPU's own clocks): the soft-capped dispatch issues
# 26.8 instructions per element (the plain one 8.8) with issue slots 80%
# busy, DRAM at 77% (plain 90%). Here (V2) the mapped loop tests four
# mapped elements with four unordered compares ORed together and one branch
# (run3's V took their max.NaN instead, and was 1.5% slower). A: as
# committed. Checked, timed three times, and V2 profiled as run4 did.
# Result: V2 slower too (136.7-137.6 us against 135.5; ncu: 115.0M
# instructions executed against 109.7M). Nothing of run1-run5 landed; the
# variants are kept as prefetch_and_plan.patch, fold_by_fours.patch and
# fold_by_fours_or.patch beside these scripts.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
python3 -m ukernel run gpu/XV2/fa.pkg --repeat 2 > $OUT/V2_run.txt 2>&1; echo "V2 run: exit $? $(tail -1 $OUT/V2_run.txt)"
(cd bench && python3 torch_check.py ../gpu/XV2/fa.pkg) 2>&1 | tee $OUT/V2_torch_check.txt | grep -v ": ok" | tail -3
for pass in 1 2 3; do
  for v in A V2; do
    echo "== fusion_bench $v pass $pass"
    (cd bench && python3 fusion_bench.py ../gpu/X$v/fa.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -i "softcap\|negscaled\|MISMATCH\|Error" | head -5
  done
done
timeout 200 ncu --clock-control none --kernel-name regex:softcap_f32i64_4096x32000 --launch-skip 3 --launch-count 1 --set full \
  python3 -m ukernel run gpu/XV2/fa.pkg --repeat 5 > $OUT/ncu_V2_softcap.txt 2>&1; echo "ncu: exit $?"
grep -E "Duration|DRAM Throughput|SM Frequency|Issue Slots Busy|Executed Instructions  |No Eligible" $OUT/ncu_V2_softcap.txt | head
