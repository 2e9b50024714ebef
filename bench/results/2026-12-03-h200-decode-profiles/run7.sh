#!/usr/bin/env bash
# ncu of the build as committed (the fold unchanged: gpu/ptx_old and
# gpu/decode_old.pkg) on the dispatches that miss their targets.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
cd bench
for k in argmax_bf16_1x128256 argmax_f32_8x128256; do
  timeout 35 ncu --set full -k regex:"^$k\$" --launch-skip 2 --launch-count 1 \
    python3 decode_argmax_bench.py ../gpu/decode_old.pkg --reps 1 > $OUT/ncu_$k.txt 2>&1
  echo "$k: exit $?"; grep -E " Duration|Grid Size|DRAM Throughput|Issue Slots Busy|No Eligible|Achieved Occupancy|Registers Per" $OUT/ncu_$k.txt | head -7
done
timeout 35 ncu --set full -k regex:harness_uk_argmax --launch-skip 2 --launch-count 1 \
  python3 argmax_profile_one.py ../gpu/ptx_old bf16 4096 32000 > $OUT/ncu_bf16_4096x32000.txt 2>&1
echo "bf16 4096x32000: exit $?"; grep -E " Duration|DRAM Throughput|Issue Slots Busy|No Eligible|Achieved Occupancy|Registers Per" $OUT/ncu_bf16_4096x32000.txt | head -6
cd $OUT && tar czf all.tgz --remove-files *.txt
