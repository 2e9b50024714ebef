#!/usr/bin/env bash
# The build as committed: the vector fold in the main loop only, the best
# vector kept in registers unless the input is mapped (run4 lost 20% on the
# soft-capped 4096 x 32000 to occupancy): checks, the A/B against the build
# before (gpu/ptx_old, gpu/*_old.pkg), ncu of the fused kernels.
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
for k in softcap_f32i64_4096x32000 plain_f32i64_4096x32000; do
  timeout 90 ncu --set full -k regex:"^$k\$" --launch-skip 2 --launch-count 1 \
    python3 fusion_bench.py ../gpu/fused.pkg --reps 1 > $OUT/ncu_$k.txt 2>&1
  echo "$k: exit $?"; grep -E " Duration|DRAM Throughput|Issue Slots Busy|Registers Per|Achieved Occupancy" $OUT/ncu_$k.txt | head -6
done
for k in gelu_bf16_4096x4096x4096 plain_bf16_4096x4096x4096; do
  timeout 90 ncu --set full -k regex:"^$k\$" --launch-skip 2 --launch-count 1 \
    python3 fusion_bench.py ../gpu/fused_matmul_90a.pkg --reps 1 > $OUT/ncu_$k.txt 2>&1
  echo "$k: exit $?"; grep -E " Duration|DRAM Throughput|Issue Slots Busy|Registers Per|Achieved Occupancy|Compute \(SM\) Throughput" $OUT/ncu_$k.txt | head -7
done
# Everything in one archive (a run returns a limited number of files).
cd $OUT && tar czf all.tgz --remove-files *.txt
