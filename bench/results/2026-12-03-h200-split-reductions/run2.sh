#!/usr/bin/env bash
# The argmax ukernel's vector step as a vector maximum (packed for 16-bit
# types) with the winning vector kept in registers: harness checks on
# adversarial inputs, e2e packages against their CPU references, the split
# folds' edge cases, and the harness kernels timed before and after.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 200 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $?"; tail -4 $OUT/check_ukernels.txt
for p in argmax_on argmax_portable fused edge split_forms argmax_off decode_step fused_mm_90a; do
  timeout 240 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"
  grep -E "MISMATCH|passed|skipped|no reference" $OUT/run_$p.txt | tail -3
done
(cd bench && timeout 150 python3 argmax_bench.py ../gpu/ptx_before --reps 20 2>&1 | tee $OUT/argmax_bench_before.txt | tail -24)
(cd bench && timeout 150 python3 argmax_bench.py ../gpu/ptx --reps 20 2>&1 | tee $OUT/argmax_bench_after.txt | tail -24)
(cd bench && timeout 100 python3 decode_argmax_bench.py ../gpu/decode_new.pkg --reps 20 2>&1 | tee $OUT/decode_argmax.txt | tail -12)
(cd bench && timeout 200 python3 default_path_bench.py ../gpu/default_after.pkg 2>&1 | tee $OUT/default_after.txt)
