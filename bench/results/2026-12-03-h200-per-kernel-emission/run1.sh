#!/usr/bin/env bash
# Emission per kernel (one module per kernel, a short pipeline for kernels
# that only call argmax ukernels) and argmax's rescan through its one
# reduction loop: harness checks on adversarial inputs, e2e packages of the
# new build against their CPU references, then compiled decode dispatches
# and harness kernels of the build before and after, timed in one process.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
timeout 120 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $?"; tail -2 $OUT/check_ukernels.txt
for p in argmax_on fused matmul_on matmul_90a decode_step edge d100 d100_old; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"
  grep -E "MISMATCH|passed|skipped|no reference|match" $OUT/run_$p.txt | tail -2
done
(cd bench && timeout 100 python3 decode_argmax_bench.py ../gpu/decode_old.pkg ../gpu/decode_new.pkg --reps 20 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -14)
(cd bench && timeout 100 python3 argmax_bench.py ../gpu/ptx --reps 10 2>&1 | tee $OUT/argmax_bench_after.txt | tail -24)
(cd bench && timeout 100 python3 argmax_bench.py ../gpu/ptx_before --reps 10 2>&1 | tee $OUT/argmax_bench_before.txt | tail -24)
