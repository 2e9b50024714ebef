#!/usr/bin/env bash
# run2: run1 (on an H100) found the unmasked copies faster: the tile ukernel
# at 4096^3 352-353 us against main's 378-379, 8192^3 2886 against 3120,
# 2048 x 4096 x 11008 456-463 against 494-497; the decode kinds unchanged.
# S now also keeps one source and a step per operand in its copy plan instead
# of an address per chunk (one_source_plan.patch, on top of S1: 30 fewer
# registers; the shared offsets become
# constants), which leaves about 260 instructions per warp per K-tile of 128
# mma (S1: 280, P: 330). S1 is run1's build (harness only). Checks of S,
# then harness timings S S1 P rounds twice, then the fused packages of P and
# S (sm_90: the tile ukernel) once each.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 200 python3 -m ukernel check-ukernels gpu/S/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels S: exit $? $(tail -1 $OUT/check_ukernels.txt)"
for p in matmul_on fused_mm dm demo.pkg/decode_step; do
  timeout 120 python3 -m ukernel run gpu/S/$p.pkg --repeat 1 > $OUT/run_${p%%/*}.txt 2>&1; echo "run S $p: exit $? $(tail -1 $OUT/run_${p%%/*}.txt)"
done
(cd bench && timeout 120 python3 torch_check.py ../gpu/S/matmul_on.pkg ../gpu/S/fused_mm.pkg) > $OUT/torch_check.txt 2>&1; echo "torch_check S: exit $? $(tail -1 $OUT/torch_check.txt)"
(cd bench && timeout 150 python3 matmul_bench.py ../gpu/S/ptx --check-only) > $OUT/checks_S.txt 2>&1; echo "matmul_bench checks S: exit $?"; grep -i "checks\|MISMATCH\|Error" $OUT/checks_S.txt | head -5
date +%T
shapes=8x4096x4096,16x11008x4096,8x16384x16384,16x16384x16384
for v in S S1 P S S1 P; do
  echo "== $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds tile,skinny,skinny_wide --decode-shapes $shapes) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/matmul_bench.txt
  grep -E "^ *(tile|skinny|skinny_wide) .*(4096x4096x4096|8192|2048x4096x11008|16384x16384)|MISMATCH|Error|exit [^0]" $OUT/mb.txt | cut -c1-118 | sed "s/^/$v /"; rm $OUT/mb.txt
done
date +%T
for v in P S; do
  echo "== fusion_bench $v" >> $OUT/fusion.txt
  (cd bench && timeout 150 python3 fusion_bench.py ../gpu/$v/fused_mm.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "x4096x4096\|_2048x11008\|MISMATCH\|Error" | sed "s/^/$v /"
done
date +%T
# Result (an H100 again): S correct (check-ukernels 1608, packages 15/15,
# 10/10, 13/13, 4/4, torch ALL EQUAL, 1196 harness cases, worst 0.147).
# Tile, us, S / S1 / P over two rounds: 4096^3 kn 353.9, 356.7 / 354.3,
# 352.0 / 384.1, 383.0; nk 354.8, 358.0 / 358.2, 365.3 / 383.8, 375.9;
# 8192^3 2913, 2914 / 2898, 2912 / 3147, 3143; 2048 x 4096 x 11008 472.6,
# 472.4 / 466.7, 459.6 / 503.1, 496.6. S and S1 level, both 7-8% ahead of
# P; S spills 4 bytes, so the registry keeps S1. Compiled (sm_90: the tile
# ukernel), fusion_bench, P / S, us: plain 4096^3 387.2 / 346.6, fused bias
# + GELU + bf16 379.6 / 354.6 (torch 220.6 / 219.0); plain 2048 x 11008 x
# 4096 585.3 / 530.3, fused 582.6 / 553.3 (torch 311.2 / 289.2).
