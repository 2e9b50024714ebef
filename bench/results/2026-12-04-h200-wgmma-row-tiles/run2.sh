#!/usr/bin/env bash
# run1 found (all correct): at 4096^3, 4 row tiles per workgroup ran the
# fused epilogue at 221-231 us against 241-242 for one tile, but 4 at
# 2048 x 4096 x 11008 idled half the SMs (435 against 662 TFLOP/s). Now
# KernelConfig chooses the count per shape (N = the code as committed)
# against H (one tile per workgroup, the code before). Result: no gain that repeats; not landed (row_tiles.patch beside this script).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_90a fused_mm_90a; do
  python3 -m ukernel run gpu/N/$p.pkg --repeat 2 > $OUT/N_$p.txt 2>&1; echo "N $p: exit $? $(tail -1 $OUT/N_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/N/fused_mm_90a.pkg ../gpu/N/matmul_90a.pkg) 2>&1 | tee $OUT/N_torch_check.txt | grep -v ": ok" | tail -3
for v in N H N H; do
  echo "== matmul_bench $v"
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) 2>&1 | tee -a $OUT/${v}_matmul_bench.txt | grep -i "checks\|wgmma\|MISMATCH\|Error" | head -12
done
for v in N H N H N H; do
  echo "== fusion_bench $v"
  (cd bench && python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -v "^ *$" | grep -i "4096x4096\|2048x11008\|fused kernel" | head -4
done
