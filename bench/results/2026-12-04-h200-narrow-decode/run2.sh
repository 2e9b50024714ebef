#!/usr/bin/env bash
# run1: GEMV with K split over the 8 warps of a workgroup (4 columns per
# workgroup, g4x2m1k8) was the fastest or level at every one-row shape
# (cold: 1 x 4096 x 14336 29.19 us against 36.28 for the registry's GEMV
# and 30.86 for F.linear; 1 x 4096 x 11008 23.84 / 29.59 / 27.29;
# 1 x 16384^2 118.81 / 120.54 / 121.81), so the registry's GEMV is now
# that shape. This build's packages (gpu/T) checked against their CPU
# references and torch, its harness kernels by matmul_bench (checks and
# table) and check-ukernels; then the compiled decode dispatches of main
# (gpu/S/dm.pkg) against this build's (gpu/T/dm.pkg) in one process, two
# passes; the demo's LM head and the fused decode dispatches against
# main's packages (gpu/S/*_old.pkg), alternating.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 300 python3 -m ukernel check-ukernels gpu/T/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in decode_step matmul_on matmul_90a fused_mm fused_mm_90a dm; do
  python3 -m ukernel run gpu/T/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/T/decode_step.pkg ../gpu/T/fused_mm_90a.pkg ../gpu/T/fused_mm.pkg ../gpu/T/matmul_90a.pkg ../gpu/T/matmul_on.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -6
for pass in 1 2; do
  (cd bench && python3 decode_matmul_bench.py ../gpu/S/dm.pkg ../gpu/T/dm.pkg --reps 20 --rounds 3) 2>&1 | tee $OUT/decode_matmul_bench_$pass.txt | grep -v "rounds:"
done
for v in S/demo_old T/decode_step S/demo_old T/decode_step; do
  echo "== $v"; python3 -m ukernel run gpu/$v.pkg --repeat 50 2>&1 | tee -a $OUT/time_${v#*/}.txt | grep -i "lm_head"
done
for v in S/fused_mm_90a_old T/fused_mm_90a S/fused_mm_90a_old T/fused_mm_90a; do
  echo "== fusion_bench $v"
  (cd bench && python3 fusion_bench.py ../gpu/$v.pkg --reps 20) 2>&1 | tee -a $OUT/fusion_${v#*/}.txt | grep -i "gelu_bf16_1x\|MISMATCH\|Error"
done
(cd bench && python3 matmul_bench.py ../gpu/T/ptx --reps 20 --rounds 3) 2>&1 | tee $OUT/matmul_bench.txt | grep -v "rounds (us)" | tail -45
# Result: correct (check-ukernels 732/732, matmul_bench 900 checks, worst
# 0.163; decode_step 4/4 and dm 13/13 against the CPU reference; the other
# packages' and torch_check's outputs were not returned, rerun in run3).
# Compiled, main -> this build, cold: 1 x 4096 x 14336 33.79-33.85 ->
# 28.95-29.05 us (F.linear 32.18-32.21), 1 x 4096 x 11008 27.40-27.48 ->
# 23.17-23.27 (27.91-28.01), 1 x 16384^2 122.26 -> 120.32 (124.70), the
# LM head 235.8-236.0 -> 232.0-232.1 (247.0-247.3); 1 x 11008 x 4096
# 22.84-22.98 -> 23.14-23.27 (24.79-24.81). The demo's LM head 238.5-238.9
# -> 232.4-232.8 us; the fused 1 x 11008 x 4096 dispatch 23.44-23.50 ->
# 23.67-23.72.
