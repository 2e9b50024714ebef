#!/usr/bin/env bash
# The vector fold with the best vector kept in registers (run2's build read
# it again from memory after the loop and lost 10% on 4096 x 32000):
# checks, the A/B against HEAD's build (gpu/ptx_old, gpu/*_old.pkg), the
# split sweep and ncu profiles of the dispatches that miss their targets.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check.txt 2>&1; echo "check-ukernels: exit $?"; tail -n 1 $OUT/check.txt
for p in argmax_on fused decode_step; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -n 1 $OUT/run_$p.txt
done
cd bench
timeout 100 python3 decode_argmax_bench.py ../gpu/decode_old.pkg ../gpu/decode_new.pkg --reps 30 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -11
for v in ptx_old ptx; do
  echo "== argmax_bench $v"; timeout 150 python3 argmax_bench.py ../gpu/$v --reps 20 2>&1 | tee $OUT/argmax_bench_$v.txt | tail -19
done
for p in fused_old fused; do
  echo "== fusion_bench $p"; timeout 120 python3 fusion_bench.py ../gpu/$p.pkg --reps 20 2>&1 | tee $OUT/fusion_bench_$p.txt | tail -5
done
timeout 150 python3 argmax_bench.py ../gpu/ptx --reps 15 --split-sweep 2>&1 | tee $OUT/split_sweep.txt | tail -12
for k in argmax_f32_8x128256 argmax_f32_64x128256; do
  timeout 90 ncu --set full -k regex:"^$k\$" --launch-skip 2 --launch-count 1 \
    python3 decode_argmax_bench.py ../gpu/decode_new.pkg --reps 1 > $OUT/ncu_$k.txt 2>&1
  echo "$k: exit $?"; grep -E " Duration|DRAM Throughput|L2 Cache Throughput|Issue Slots Busy|Achieved Occupancy" $OUT/ncu_$k.txt | head -6
done
for t in "bf16 4096 32000" "f32 4096 32000"; do
  set -- $t
  timeout 90 ncu --set full -k regex:harness_uk_argmax --launch-skip 2 --launch-count 1 \
    python3 argmax_profile_one.py ../gpu/ptx $t > $OUT/ncu_$1_$2x$3.txt 2>&1
  echo "$t: exit $?"; grep -E " Duration|DRAM Throughput|L2 Cache Throughput|Issue Slots Busy|Achieved Occupancy" $OUT/ncu_$1_$2x$3.txt | head -6
done
