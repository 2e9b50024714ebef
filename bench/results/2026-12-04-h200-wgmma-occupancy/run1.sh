#!/usr/bin/env bash
# The wgmma ukernel in two shapes, same sources: A = 128 x 256 tiles, 4
# stages, a producer warpgroup, 1 workgroup per SM (the shape measured
# before); B = 128 x 128 tiles, 3 stages, a producer warp, 2 workgroups per
# SM, so that one workgroup's epilogue runs beside the other's main loop.
# Each: harness checks and timings against torch, the sm_90a packages
# against their CPU references, the fusion benchmark.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for v in A B; do
  for p in matmul_90a fused_mm_90a; do
    python3 -m ukernel run gpu/$v/$p.pkg --repeat 2 > $OUT/${v}_$p.txt 2>&1; echo "$v $p: exit $? $(tail -1 $OUT/${v}_$p.txt)"
  done
  (cd bench && python3 torch_check.py ../gpu/$v/fused_mm_90a.pkg ../gpu/$v/matmul_90a.pkg) 2>&1 | tee $OUT/${v}_torch_check.txt | grep -v ": ok" | tail -3
done
for v in A B A B; do
  echo "== fusion_bench $v"
  (cd bench && python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -v "^ *$" | tail -8
done
for v in A B; do
  echo "== matmul_bench $v"
  (cd bench && timeout 200 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) 2>&1 | tee $OUT/${v}_matmul_bench.txt | grep -i "checks\|wgmma\|MISMATCH\|Error" | head -12
done
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
