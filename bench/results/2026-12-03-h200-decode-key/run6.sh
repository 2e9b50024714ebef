#!/usr/bin/env bash
# The build as committed: harness checks, e2e packages against their CPU
# references, and the compiled decode dispatches against torch.argmax.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check.txt 2>&1; echo "check-ukernels: exit $?"; tail -n 1 $OUT/check.txt
for p in argmax_on fused decode_step edge matmul_on; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -n 1 $OUT/run_$p.txt
done
(cd bench && timeout 100 python3 decode_argmax_bench.py ../gpu/decode_final.pkg --reps 30 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -12)
