#!/usr/bin/env bash
# Sixth run: the argmax ukernel built for 6 workgroups per SM (at most 40
# registers; unbounded, its compiled kernels had 64-72) against the same
# packages built without the bound, in one process per benchmark: the fused
# argmax dispatches (plain and soft-capped), the decode argmax dispatches;
# every package against its CPU references first.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in fused old_fused argmax_on old_argmax_on decode_new decode_old decode_step; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run6_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run6_$p.txt)"
done
for p in fused old_fused; do
  echo "== fusion_bench $p"
  (cd bench && python3 fusion_bench.py ../gpu/$p.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench_$p.txt | grep -v "^ *$" | tail -6
done
echo "== decode argmax: new, old"
(cd bench && python3 decode_argmax_bench.py ../gpu/decode_new.pkg ../gpu/decode_old.pkg --reps 30) 2>&1 | tee $OUT/decode_argmax.txt | tail -30
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
