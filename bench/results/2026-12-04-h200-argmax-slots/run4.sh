#!/usr/bin/env bash
# run3: with both loops in fused kernels (the slot loop only where a thread
# has two iterations or more), the soft-capped 4096 x 32000 argmax ran
# 141.4-141.8 us against main's 135.5-136.2, slower than run2's slot-only
# form had been against main (129.4 against 133.7), on another machine
# (plain 120 us there, 117.7 before). The three builds in one run: main
# (gpu/T), the slot loop for every fused argmax (gpu/V2, run2's form) and
# both loops (gpu/V, run3's), three passes.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for pass in 1 2 3; do
  for v in T V2 V; do
    echo "== fusion $v pass $pass" >> $OUT/fusion.txt
    (cd bench && python3 fusion_bench.py ../gpu/$v/fused_argmax.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "softcap\|MISMATCH\|Error" | sed "s/^/$v /"
  done
done
# Result: the slot loop for every fused argmax (V2) 131.6-132.3 us,
# 1.094-1.096 of plain, against main's 135.5-136.0 (1.127-1.129); both
# loops (V) 141.3-142.0 (1.175-1.178), slower than main, for a reason this
# run does not show (same registers, no spills, the slot loop's SASS the
# same length). The soft-capped 8 x 128256: 5.37-5.54 us for V2, 5.37-5.51
# for main. V2 is what lands.
