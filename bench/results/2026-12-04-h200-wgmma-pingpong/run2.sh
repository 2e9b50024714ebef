#!/usr/bin/env bash
# run2: ping-pong lost (run1). Back to main's kernel (M), whose epilogue
# costs about 5 us per round of tiles that the tensor cores sit out. S
# stores an f32 C of an interior tile through shared memory (16 KiB per
# consumer warpgroup, 64 columns at a time, swizzled): each warp store then
# writes two whole 256-byte rows instead of eight rows of 32 bytes. The
# fused path is unchanged. Checks of S, then S and M timed alternately.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_90a fused_mm_90a; do
  timeout 120 python3 -m ukernel run gpu/S/$p.pkg --repeat 1 >> $OUT/correctness.txt 2>&1; echo "run S $p: exit $? $(tail -1 $OUT/correctness.txt)"
done
(cd bench && timeout 120 python3 torch_check.py ../gpu/S/matmul_90a.pkg) >> $OUT/torch_check.txt 2>&1; echo "torch_check S: exit $?"; tail -1 $OUT/torch_check.txt
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/S/ptx --check-only) > $OUT/checks.txt 2>&1; echo "checks S: exit $?"; tail -1 $OUT/checks.txt
for v in S M S M; do
  echo "== matmul_bench $v" >> $OUT/matmul_bench.txt
  (cd bench && timeout 200 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) > $OUT/mb_$v.txt 2>&1
  cat $OUT/mb_$v.txt >> $OUT/matmul_bench.txt; grep -i "wgmma  bf16\|wgmma   f16\|MISMATCH\|Error" $OUT/mb_$v.txt | sed "s/^/$v /"; rm $OUT/mb_$v.txt
done
# Result: S correct (15/15, 10/10, torch ALL EQUAL, 924 harness checks) but
# no faster: plain bf16 4096^3 213.1-213.3 us against M's 211.8-214.2,
# 8192^3 1677-1685 against 1659-1662, 2048 x 4096 x 11008 274.4-276.2
# against 269.2-275.2. The store instructions are not what the epilogue
# waits on. Not landed; staged_store.patch keeps it.
