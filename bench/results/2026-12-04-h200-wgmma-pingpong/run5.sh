#!/usr/bin/env bash
# run5: run4 put ~30k idle tensor cycles per workgroup in the epilogue.
# C8 and C16 carry the right half of an interior tile's accumulators
# (64 registers) into the next tile and store it in 8 or 16 slices, one
# per K tile of the next tile's first K tiles, while the tensor cores
# multiply; only the left half is stored with the tensor pipe idle. Both
# spill 100-200 bytes (ptxas). M is main's kernel. Checks, then timings.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for v in C8 C16; do
  for p in matmul_90a fused_mm_90a; do
    timeout 120 python3 -m ukernel run gpu/$v/$p.pkg --repeat 1 >> $OUT/correctness.txt 2>&1; echo "run $v $p: exit $? $(tail -1 $OUT/correctness.txt)"
  done
  (cd bench && timeout 120 python3 torch_check.py ../gpu/$v/fused_mm_90a.pkg ../gpu/$v/matmul_90a.pkg) >> $OUT/torch_check.txt 2>&1; echo "torch_check $v: exit $? $(tail -1 $OUT/torch_check.txt)"
done
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/C8/ptx --check-only) > $OUT/checks.txt 2>&1; echo "checks C8: exit $? $(tail -1 $OUT/checks.txt)"
for v in C8 C16 M; do
  echo "== fusion_bench $v" >> $OUT/fusion.txt
  (cd bench && timeout 150 python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "gelu_bf16_4096\|gelu_bf16_2048\|MISMATCH\|Error" | sed "s/^/$v /"
done
for v in C8 C16 M; do
  echo "== matmul_bench $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 200 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) > $OUT/mb_$v.txt 2>&1
  cat $OUT/mb_$v.txt >> $OUT/matmul_bench.txt; grep -i "wgmma  bf16\|MISMATCH\|Error" $OUT/mb_$v.txt | sed "s/^/$v /"; rm $OUT/mb_$v.txt
done
for v in C8 C16 M; do
  echo "== fusion_bench $v" >> $OUT/fusion.txt
  (cd bench && timeout 150 python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "gelu_bf16_4096\|gelu_bf16_2048\|MISMATCH\|Error" | sed "s/^/$v /"
done
# Result: both correct (15/15, 10/10, torch ALL EQUAL, 924 harness checks)
# and neither faster. Fused bias + GELU + bf16 (us), C8 / C16 / M / torch
# per pass: 4096^3 217.6, 223.7 / 206.5, 215.4 / 214.6, 212.1 / 208.2-222.9;
# 2048 x 11008 x 4096 329.5, 330.2 / 332.2, 331.9 / 323.2, 327.0 /
# 309.3-321.2. Plain 4096^3 217.4 / 218.1 / 216.8. The slices delay the
# next wgmma batch's issue (one batch queued per warpgroup), and the spills
# add traffic. Not landed; carry_half.patch keeps C8.
