#!/usr/bin/env bash
# Fourth run: run3 found decode shapes of the tile ukernel (16 rows, the warps
# of K splitting each stage) faster than the skinny ukernel everywhere but
# M = 1 at 4096 columns; the registry now has two of them in its place
# (skinny: 16 x 32 x 512, 3 stages; skinny_wide: 16 x 64 x 128, 4 stages,
# where N / 64 fills the SMs). Every package against its CPU reference and
# torch, the harness benchmark (decode rows warm and cold), the fusion
# benchmark, the decode demo, and a sweep of wide decode shapes for 16384
# columns.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_on matmul_90a fused_mm fused_mm_90a decode_step; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run4_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run4_$p.txt)"
done
grep -h "skinny\|gemv" $OUT/run4_*.txt | cut -c1-150
(cd bench && python3 torch_check.py ../gpu/matmul_on.pkg ../gpu/fused_mm.pkg ../gpu/fused_mm_90a.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -4
(cd bench && timeout 330 python3 matmul_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/matmul_bench.txt
(cd bench && python3 fusion_bench.py ../gpu/fused_mm.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_fused_mm.txt | head -12
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
