#!/usr/bin/env bash
# The soft-capped f32 4096 x 32000 argmax runs at 1.10-1.115 of the plain
# one. 4096 rows of one workgroup each make 5.2 waves at 6 per SM: the last
# partial wave runs about one workgroup per SM. This run measures the same
# package of test/e2e/fused_dispatches.mlir built with other plans for that
# grid (A: the plan as committed: 256 threads, 6 per SM, one workgroup per
# row; B/C: rows split in 2/4; D: 512 threads, 3 per SM; E: D split in 2;
# F: 1024 threads, 1 per SM; G: 128 threads, 12 per SM), each checked
# against its CPU references and torch, then timed twice.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
V="A B C D E F G"
for v in $V; do
  python3 -m ukernel run gpu/X$v/fa.pkg > $OUT/${v}_run.txt 2>&1; echo "$v run: exit $? $(tail -1 $OUT/${v}_run.txt)"
done
for pass in 1 2; do
  for v in $V; do
    echo "== fusion_bench $v pass $pass"
    (cd bench && python3 fusion_bench.py ../gpu/X$v/fa.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -i "softcap\|negscaled\|MISMATCH\|Error" | head -5
  done
done
