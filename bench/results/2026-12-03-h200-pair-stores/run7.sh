#!/usr/bin/env bash
# Seventh run: run6's occupancy chosen by the argmax plan instead of for
# every argmax kernel: 6 workgroups per SM only for grids of a wave or more
# at 6 (many rows), none for decode rows (whose packages are byte-identical
# to before). Large-row dispatches and the fused argmax dispatches, new
# against old in one process each, after every package's CPU references.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in large_new large_old fused old_fused argmax_on; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run7_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run7_$p.txt)"
done
echo "== large rows: new, old"
(cd bench && python3 decode_argmax_bench.py ../gpu/large_new.pkg ../gpu/large_old.pkg --reps 20) 2>&1 | tee $OUT/large_argmax.txt | tail -12
for p in fused old_fused; do
  echo "== fusion_bench $p"
  (cd bench && python3 fusion_bench.py ../gpu/$p.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench_$p.txt | grep -v "^ *$" | tail -6
done
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
