#!/usr/bin/env bash
# run1 found: the tail is not what costs the soft-cap. Splitting rows or
# other workgroup sizes were slower or level (A, the committed plan, best:
# soft-capped 4096 x 32000 at 1.128 of plain). The soft-capped loop is
# issue-bound, so its loads wait while its warps compute. Here each thread
# of the mapped (fused) row loop hints its vectors UKX_PREFETCH iterations
# ahead to L2 (prefetch.global.L2): P1 1 ahead, P2 2, P4 3; P3 1 ahead in
# the plain loop too. A: as committed. Checked, then timed three times.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
V="A P1 P2 P3 P4"
for v in $V; do
  python3 -m ukernel run gpu/X$v/fa.pkg > $OUT/${v}_run.txt 2>&1; echo "$v run: exit $? $(tail -1 $OUT/${v}_run.txt)"
done
for pass in 1 2 3; do
  for v in $V; do
    echo "== fusion_bench $v pass $pass"
    (cd bench && python3 fusion_bench.py ../gpu/X$v/fa.pkg --reps 20) 2>&1 | tee -a $OUT/${v}_fusion_bench.txt | grep -i "softcap_f32i64_[14]\|MISMATCH\|Error" | head -4
  done
done
