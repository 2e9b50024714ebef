#!/usr/bin/env bash
# run1: a skinny ukernel whose mma.sync fragments are loaded from global
# memory straight into registers (cuda/matmul_skinny_direct.cu), in five
# shapes (D1-D6 below), against the registry's skinny ukernels built from the
# tile ukernel and F.linear: harness edge-case checks of each shape, then
# decode rows D1 D2 D3 D4 D6 D1 D3 (each timed result checked; weight warm
# and cold).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
date +%T
for v in D1 D2 D3 D4 D6; do
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --check-only --kinds skinny_direct) > $OUT/checks_$v.txt 2>&1; echo "checks $v: exit $? $(tail -1 $OUT/checks_$v.txt | cut -c1-150)"
done
date +%T
shapes=1x4096x4096,8x4096x4096,16x11008x4096,8x16384x16384,16x16384x16384,4x128256x4096
for v in D1 D2 D3 D4 D6 D1 D3; do
  echo "== $v" >> $OUT/decode_bench.txt
  kinds=skinny_direct; [ $v = D1 ] && kinds=skinny_wide,skinny,skinny_direct
  (cd bench && timeout 100 python3 matmul_bench.py ../gpu/$v/ptx --timing-only --reps 20 --kinds $kinds --decode-shapes $shapes) > $OUT/mb.txt 2>&1
  echo "exit $?" >> $OUT/mb.txt; cat $OUT/mb.txt >> $OUT/decode_bench.txt
  grep -E "^ *skinny|MISMATCH|Error|exit [^0]" $OUT/mb.txt | sed -E "s/^ +//; s/ +/ /g; s/^/$v /"; rm $OUT/mb.txt
  date +%T
done
# Shapes (NT n8 tiles per warp, WK warps of 8 splitting K, U blocks of 32
# elements in flight per warp, workgroups per SM; registers from ptxas -v
# sm_90 here): D1 2/4/4/2 (32 columns per workgroup), D2 4/8/2/2 (32), D3
# 2/2/4/2 (64), D4 2/4/2/3 (32), D6 4/4/2/2 (64); none spills.
# The patch beside this script (skinny_direct.patch) adds the ukernel, its
# registry entry and harness kernels, and the kind to matmul_bench.py.
# Result (an H100; no H200 came): correct (84 harness cases per shape, worst
# 0.079 of the bound) but slower than the wide skinny ukernel at every
# decode shape: cold, 16 x 16384^2 D1 181.3-181.4 us, D2 183.3, D3 181.9-
# 182.4, D4 205.9, D6 182.3, against skinny_wide 172.8-172.9 and F.linear
# 173.2-174.0; 8 x 4096^2 D1 17.0 against skinny 14.2. Not landed.
