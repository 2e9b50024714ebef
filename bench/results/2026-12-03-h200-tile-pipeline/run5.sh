#!/usr/bin/env bash
# Fifth run: the argmax fold's common case (v <= best) decided by one
# unordered compare, the NaN test of the running best only when it fails
# (the soft-capped 4096 x 32000 dispatch is issue-bound: ~29 instructions per
# element, 6 of them the fold). Adversarial ukernel checks, every argmax
# package against its CPU reference and torch, then new against old (the
# same sources before the change) in one process: decode rows, large rows,
# fused dispatches. Last, ncu on the tile ukernel (warp stall reasons).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
python3 -m ukernel check-ukernels gpu/r5/check.pkg 2>&1 | tail -1
for p in argmax_on fused_new large_new decode_new; do
  python3 -m ukernel run gpu/r5/$p.pkg --repeat 2 > $OUT/run5_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run5_$p.txt)"
done
(cd bench && python3 torch_check.py ../gpu/r5/argmax_on.pkg ../gpu/r5/fused_new.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -3
echo "== decode rows: new, old"
(cd bench && python3 decode_argmax_bench.py ../gpu/r5/decode_new.pkg ../gpu/r5/decode_old.pkg --reps 20) 2>&1 | tee $OUT/decode_argmax.txt | tail -40
echo "== large rows: new, old"
(cd bench && python3 decode_argmax_bench.py ../gpu/r5/large_new.pkg ../gpu/r5/large_old.pkg --reps 20) 2>&1 | tee $OUT/large_argmax.txt | tail -14
for p in fused_new fused_old; do
  echo "== fusion_bench $p"
  (cd bench && python3 fusion_bench.py ../gpu/r5/$p.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench_$p.txt | grep -v "^ *$" | tail -7
done
(cd bench && timeout 150 ncu --section WarpStateStats --section SourceCounters --section ComputeWorkloadAnalysis -k regex:harness_uk_matmul_tile python3 matmul_bench.py ../gpu/ptx --profile tile) > $OUT/ncu_tile.txt 2>&1; grep -i "stall\|Warp Cycles" $OUT/ncu_tile.txt | head -20
cd $OUT && tar czf all.tgz *.txt && ls | wc -l
