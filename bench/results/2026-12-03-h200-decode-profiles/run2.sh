#!/usr/bin/env bash
# The vector fold (per vector: its largest element, packed for 16-bit types;
# the thread's best vector folded element by element after the loop):
# harness checks and e2e packages against their CPU references, then the
# argmax table, the decode dispatches and the fused argmax, before (HEAD's
# build: gpu/ptx_old, gpu/*_old.pkg) against after, in one run.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check.pkg > $OUT/check.txt 2>&1; echo "check-ukernels: exit $?"; tail -n 1 $OUT/check.txt
for p in argmax_on fused decode_step; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -n 1 $OUT/run_$p.txt
done
cd bench
timeout 100 python3 decode_argmax_bench.py ../gpu/decode_old.pkg ../gpu/decode_new.pkg --reps 30 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -12
for v in ptx_old ptx; do
  echo "== argmax_bench $v"; timeout 150 python3 argmax_bench.py ../gpu/$v --reps 20 2>&1 | tee $OUT/argmax_bench_$v.txt
done
for p in fused_old fused; do
  echo "== fusion_bench $p"; timeout 120 python3 fusion_bench.py ../gpu/$p.pkg --reps 20 2>&1 | tee $OUT/fusion_bench_$p.txt | tail -8
done
