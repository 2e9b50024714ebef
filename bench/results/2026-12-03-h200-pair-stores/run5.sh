#!/usr/bin/env bash
# Fifth run, on the code as committed: the tile ukernel built for 2 workgroups per SM (run4 bounded its harness by the 256 threads alone: 167 registers, 1 per SM, and it fell from 426 to 542 us; compiled tile kernels have always had that bound). Every check, the matmul benchmark, the fusion benchmark.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
python3 -m ukernel check-ukernels gpu/check.pkg 2>&1 | tail -1
for p in fused_mm_90a fused_mm matmul_on matmul_90a fused argmax_on decode_step; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run5_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run5_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/fused_mm_90a.pkg ../gpu/fused_mm.pkg ../gpu/matmul_90a.pkg ../gpu/argmax_on.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -4
(cd bench && timeout 300 python3 matmul_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/matmul_bench.txt
for p in fused_mm_90a fused_mm; do
  echo "== fusion_bench $p"
  (cd bench && python3 fusion_bench.py ../gpu/$p.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_$p.txt | grep -i "gelu\|mismatch\|error" | head -12
done
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
