#!/usr/bin/env bash
# run3 found: folding the mapped loop by fours (fewer compares and branches)
# was 1.5% slower, so instruction count alone is not what holds the
# soft-capped loop back. ncu profiles of the committed build's plain and
# soft-capped f32 4096 x 32000 dispatches at the GPU's own clocks
# (--clock-control none), for the stall reasons and the clock under load.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for k in plain softcap; do
  timeout 200 ncu --clock-control none --kernel-name regex:${k}_f32i64_4096x32000 --launch-skip 3 --launch-count 1 --set full \
    python3 -m ukernel run gpu/XA/fa.pkg --repeat 5 > $OUT/ncu_${k}.txt 2>&1; echo "ncu $k: exit $?"
  grep -E "Duration|DRAM Throughput|SM Frequency|DRAM Frequency|Issue Slots Busy|Issued Ipc Active|Achieved Occupancy|Registers Per|Warp Cycles Per Issued|One or More Eligible|No Eligible|Stall|L1/TEX Hit|L2 Hit" $OUT/ncu_${k}.txt | head -40
done
