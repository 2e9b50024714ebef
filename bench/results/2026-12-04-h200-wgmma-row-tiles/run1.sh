#!/usr/bin/env bash
# The wgmma ukernel taking several 128-row tiles per workgroup through one
# pipeline (UK_WGMMA_M_TILES): H = the code before (one tile per workgroup),
# A = the new loop at 1 tile, B = 2 tiles (256 x 256 per workgroup), C = 4.
# Each: harness checks and timings against torch, the sm_90a packages
# against their CPU references, the fusion benchmark. SM clock and power are
# sampled during the timings.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for v in B C A; do
  for p in matmul_90a fused_mm_90a; do
    python3 -m ukernel run gpu/$v/$p.pkg > $OUT/${v}_$p.txt 2>&1; echo "$v $p: exit $? $(tail -1 $OUT/${v}_$p.txt)"
  done
done
(cd bench && python3 torch_check.py ../gpu/B/fused_mm_90a.pkg ../gpu/B/matmul_90a.pkg) 2>&1 | tee $OUT/B_torch_check.txt | grep -v ": ok" | tail -3
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw --format=csv -lms 250 > $OUT/clocks.csv &
SMI=$!
for v in H B C A; do
  echo "== matmul_bench $v $(date +%T.%N)" | tee -a $OUT/marks.txt
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) 2>&1 | tee $OUT/${v}_matmul_bench.txt | grep -i "checks\|wgmma\|MISMATCH\|Error" | head -12
done
for v in H B C H B C; do
  echo "== fusion_bench $v $(date +%T.%N)" | tee -a $OUT/marks.txt
  (cd bench && python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -v "^ *$" | grep -i "4096x4096\|2048x11008\|fused kernel" | head -4
done
kill $SMI
cd $OUT && tar czf all.tgz *.txt *.csv && ls | wc -l
