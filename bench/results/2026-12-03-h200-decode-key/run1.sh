#!/usr/bin/env bash
# Split rows combined through one 64-bit atomic maximum per part (the key
# orders (value, index) as the ukernel does) instead of partials, a fence
# and a combine by the last workgroup: harness checks on adversarial
# inputs, e2e packages against their CPU references, then decode dispatches
# and harness kernels before (gpu/ptx_irlsr, gpu/decode_base.pkg) and after
# (gpu/ptx_key, gpu/decode_key.pkg) in one run, and an ncu profile of the
# 1 x 128256 f32 decode dispatch.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check_key.pkg > $OUT/check_key.txt 2>&1; echo "check-ukernels: exit $?"; tail -1 $OUT/check_key.txt
for p in argmax_key fused_key decode_step edge; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -1 $OUT/run_$p.txt
done
(cd bench && timeout 100 python3 decode_argmax_bench.py ../gpu/decode_base.pkg ../gpu/decode_key.pkg --reps 30 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -12)
for d in ptx_irlsr ptx_key; do
  echo "== harness PTX: $d"
  (cd bench && timeout 100 python3 argmax_bench.py ../gpu/$d --reps 10 2>&1 | tee $OUT/argmax_bench_$d.txt | grep -E "x128256|4096x32000|268435456|split|MISMATCH|equal")
done
timeout 120 ncu --kernel-name regex:argmax_f32_1x128256 --launch-skip 3 --launch-count 1 --set full \
  python3 -m ukernel run gpu/decode_key.pkg --repeat 5 > $OUT/ncu_decode_f32_1x128256.txt 2>&1; echo "ncu: exit $?"
grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Registers Per|Grid Size|Block Size|Stall|Warp Cycles Per Issued|One or More Eligible|Elapsed Cycles|SM Frequency" $OUT/ncu_decode_f32_1x128256.txt | head -30
