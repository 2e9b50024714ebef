#!/usr/bin/env bash
# run1: the tile ukernel with fragments double-buffered in its straight loop
# and a later K-tile's copies issued after k16 step 3 (V: run5's V6s3 of
# 2026-12-05-tile-early-barrier) checked whole (check-ukernels, the compiled
# matmul, fused matmul and decode packages for sm_80/sm_90 against their CPU
# references and torch, the decode demo, every harness kind's edge cases),
# then harness timings of the tile kinds F V F V (F = main before), then the
# decode table (every skinny shape the issue names) V F.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
date +%T
timeout 150 python3 -m ukernel check-ukernels gpu/V/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels V: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in matmul_on fused_mm dm demo.pkg/decode_step; do
  timeout 90 python3 -m ukernel run gpu/V/$p.pkg --repeat 1 > $OUT/run_${p%%/*}.txt 2>&1; echo "run V $p: exit $? $(tail -1 $OUT/run_${p%%/*}.txt)"
done
(cd bench && timeout 90 python3 torch_check.py ../gpu/V/matmul_on.pkg ../gpu/V/fused_mm.pkg) > $OUT/torch_check.txt 2>&1; echo "torch_check V: exit $? $(tail -1 $OUT/torch_check.txt)"
(cd bench && timeout 120 python3 matmul_bench.py ../gpu/V/ptx --check-only) > $OUT/checks_V.txt 2>&1; echo "matmul_bench checks V: exit $?"; grep -i "checks\|MISMATCH\|Error" $OUT/checks_V.txt | head -5
date +%T
for v in F V F V; do
  echo "== $v" >> $OUT/tile_bench.txt
  (cd bench && timeout 80 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/tile_bench.txt
  grep -E "^ *tile |MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /" | cut -d'|' -f1-3; rm $OUT/mb.txt
done
date +%T
for v in V F; do
  echo "== $v" >> $OUT/decode_bench.txt
  (cd bench && timeout 60 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds skinny,skinny_wide,gemv) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/decode_bench.txt
  grep -E "^ *(skinny|skinny_wide|gemv) |MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /" | cut -d'|' -f1-2,5; rm $OUT/mb.txt
done
date +%T
# Builds: gpu/F from main before (mbarrier hand-off, copies after step 2,
# one step's fragments); gpu/V from double_buffer_V6.patch of
# 2026-12-05-tile-early-barrier with UK_TILE_ISSUE_STEP 3. ptxas (sm_90):
# no stack frame and no spill in any tile harness kernel with V; F has a
# 48 (nk) / 96 (kn) byte stack frame.
# Result (an H200): correct (check-ukernels 1608 passed; matmul_on 15/15,
# fused_mm 10/10, dm 13/13, the demo 4/4; torch ALL EQUAL; 1196 harness
# cases, worst 0.122 of the bound). Tile, F / V, us (two rounds each):
# 4096^3 kn 333.4, 338.2 / 325.1, 326.2 (V 421-423 TFLOP/s, cuBLAS
# 777-778 in the same rounds: 0.54x); nk 336.5, 332.6 / 327.9, 328.0;
# 8192^3 2724, 2744 / 2640, 2639 (0.63x); 2048 x 4096 x 11008 431.7, 440.0
# / 422.8, 422.5; f16 kn 4096^3 348.0, 349.7 / 336.2, 337.0; 4000^3 nk
# 345.5, 345.6 / 332.2, 338.6. Decode rows level (within 1-2% either way;
# the skinny kind 2-7% faster with V at 1 x 4096^2 to 16 x 11008 x 4096).
