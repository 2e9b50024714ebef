#!/usr/bin/env bash
# ncu profiles of the argmax dispatches that miss their targets (f32 at 8 and
# 64 rows, bf16 at one row, bf16 4096 x 32000 beside f32), and the decode
# rows' time by split for every dtype.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
cd bench
timeout 200 python3 argmax_bench.py ../gpu/ptx --reps 20 --split-sweep 2>&1 | tee $OUT/split_sweep.txt
for k in argmax_f32_8x128256 argmax_f32_64x128256 argmax_bf16_1x128256 argmax_f32_1x128256; do
  timeout 120 ncu --set full -k regex:"^$k\$" --launch-skip 2 --launch-count 1 \
    python3 decode_argmax_bench.py ../gpu/decode_new.pkg --reps 1 > $OUT/ncu_$k.txt 2>&1
  echo "$k: exit $?"; grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Issued Ipc|Registers Per|Grid Size" $OUT/ncu_$k.txt | head -12
done
for t in "bf16 4096 32000" "f32 4096 32000" "f16 4096 32000"; do
  set -- $t
  timeout 120 ncu --set full -k regex:harness_uk_argmax --launch-skip 2 --launch-count 1 \
    python3 argmax_profile_one.py ../gpu/ptx $t > $OUT/ncu_$1_$2x$3.txt 2>&1
  echo "$t: exit $?"; grep -E "Duration|DRAM Throughput|Memory Throughput|Issued Ipc|Issue Slots Busy|No Eligible|Registers Per" $OUT/ncu_$1_$2x$3.txt | head -12
done
