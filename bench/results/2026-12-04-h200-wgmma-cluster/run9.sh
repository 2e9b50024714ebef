#!/usr/bin/env bash
# run8: 924 harness checks passed. Does the wgmma main loop gain from two
# batches in flight (wgmma.wait_group 2, a stage handed back two stages
# later) instead of one? X: two in flight; H: HEAD (one). Harness checks
# of X, timings alternating, the fused package once each.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for v in X H X H; do
  (cd bench && timeout 60 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) > $OUT/mb.txt 2>&1
  cat $OUT/mb.txt >> $OUT/matmul_bench.txt; grep -i "checks\|wgmma  bf16\|MISMATCH\|Error" $OUT/mb.txt | sed "s/^/$v /"; rm $OUT/mb.txt
done
for v in X H; do
  (cd bench && timeout 60 python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "gelu_bf16_4096\|gelu_bf16_2048\|MISMATCH\|Error" | sed "s/^/$v /"
done
# Result: no gain (not landed; the change is two_in_flight.patch beside
# this). X / H, us: 4096^3 212.9, 213.7 / 212.5, 215.1; 8192^3 1664.9,
# 1670.5 / 1670.9, 1653.2; 2048 x 4096 x 11008 277.2, 280.0 / 280.6,
# 278.7. Fused 4096^3 194.9 / 210.5, 2048 x 11008 x 4096 317.8 / 313.2
# (one pass each; torch 197.2-198.6 and 314.1-314.2). 924 harness checks
# passed for both.
