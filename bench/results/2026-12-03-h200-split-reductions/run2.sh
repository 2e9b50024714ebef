#!/usr/bin/env bash
# The argmax ukernel's vector step as a vector maximum (packed for 16-bit
# types) with the winning vector kept in registers: harness checks on
# adversarial inputs, e2e packages against their CPU references (argmax and
# fused argmax for sm_90, the decode demo, the split folds' edge cases),
# then the harness kernels timed before and after in one run.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $?"; tail -3 $OUT/check_ukernels.txt
for p in argmax_on fused decode_step edge split_forms; do
  timeout 100 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"
  grep -E "MISMATCH|passed|skipped|no reference" $OUT/run_$p.txt | tail -2
done
(cd bench && timeout 100 python3 argmax_bench.py ../gpu/ptx --reps 10 2>&1 | tee $OUT/argmax_bench_after.txt | tail -22)
(cd bench && timeout 100 python3 argmax_bench.py ../gpu/ptx_before --reps 10 2>&1 | tee $OUT/argmax_bench_before.txt | tail -22)
