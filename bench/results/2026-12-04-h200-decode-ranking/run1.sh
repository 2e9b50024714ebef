#!/usr/bin/env bash
# KernelConfig now ranks the wide skinny ukernel before the GEMV one where
# both apply (one row, N that fills the GPU with 64-column workgroups):
# paired-timing/run3 had it faster at 1 x 16384^2, 1 x 128256 x 4096,
# 1 x 32000 x 4096, 1 x 65536 x 4096 and level at 1 x 11008 x 4096. The
# packages of this build (gpu/S/*.pkg) checked against their CPU references
# and torch; the demo's LM head (1 x 128256 x 4096) and the fused decode
# dispatches timed against the build before (*_old.pkg), alternating.
# Result: correct everywhere, but compiled the change gains nothing: the LM
# head 238.3-239.0 us against 238.0-238.9 before, the fused 1 x 11008 x 4096
# dispatch 24.15-24.17 against 23.61-23.66. Not landed
# (wide_before_gemv.patch beside this script).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in demo fused_mm fused_mm_90a matmul_90a; do
  python3 -m ukernel run gpu/S/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/S/demo.pkg ../gpu/S/fused_mm_90a.pkg ../gpu/S/fused_mm.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -4
for v in demo_old demo demo_old demo; do
  echo "== $v"; python3 -m ukernel run gpu/S/$v.pkg --repeat 50 2>&1 | tee -a $OUT/time_$v.txt | grep -i "lm_head"
done
for v in fused_mm_90a_old fused_mm_90a fused_mm_90a_old fused_mm_90a; do
  echo "== fusion_bench $v"
  (cd bench && python3 fusion_bench.py ../gpu/S/$v.pkg --reps 20) 2>&1 | tee -a $OUT/fusion_$v.txt | grep -i "gelu_bf16_1x\|gelu_bf16_16x\|MISMATCH\|Error"
done
