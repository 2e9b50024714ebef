#!/usr/bin/env bash
# Third run: the tile ukernel as run2 chose it (256 x 128 x 64, 3 stages,
# 4 x 2 warps of 64 x 64, 1 workgroup per SM, copy plan) in the registry:
# compiled packages against their CPU references and torch, the harness
# benchmark against cuBLAS, the fusion benchmark; then decode variants of
# the tile ukernel with the warps of K splitting each stage (dNxM names:
# tile of C, K chunk, stages) beside the skinny ukernel.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_on matmul_90a fused_mm fused_mm_90a; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run3_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run3_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/matmul_on.pkg ../gpu/fused_mm.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -4
(cd bench && timeout 300 python3 matmul_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/matmul_bench.txt | grep -v "skinny\|gemv"
(cd bench && python3 fusion_bench.py ../gpu/fused_mm.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_fused_mm.txt | grep -i "gelu_bf16_4096\|gelu_bf16_2048\|mismatch\|error" | head -6
(cd bench && timeout 300 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
