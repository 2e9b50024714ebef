#!/usr/bin/env bash
# The build as committed: the two-step fold for 16-bit elements only (run5's
# f32 lost 4-7% on one 2^28-element row to the four registers that keep the
# best vector, 33 instead of 32 per thread): checks and the A/B against the
# build before (gpu/ptx_old, gpu/*_old.pkg).
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
timeout 100 python3 decode_argmax_bench.py ../gpu/decode_old.pkg ../gpu/decode_new.pkg --reps 30 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -11
for v in ptx_old ptx; do
  echo "== argmax_bench $v"; timeout 150 python3 argmax_bench.py ../gpu/$v --reps 20 2>&1 | tee $OUT/argmax_bench_$v.txt | tail -19
done
for p in fused_old fused; do
  echo "== fusion_bench $p"; timeout 120 python3 fusion_bench.py ../gpu/$p.pkg --reps 20 2>&1 | tee $OUT/fusion_bench_$p.txt | tail -5
done
# Everything in one archive (a run returns a limited number of files).
cd $OUT && tar czf all.tgz --remove-files *.txt
