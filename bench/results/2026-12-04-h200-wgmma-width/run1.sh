#!/usr/bin/env bash
# run1: a second Hopper ukernel variant, wgmma_narrow: the same kernel with
# 128 x 128 tiles in 6 stages (main's is 128 x 256 in 4), for C of too few
# wide tiles to give every SM one. Checks (the harness checks now cover
# both widths; the end-to-end packages pick narrow for small C), then both
# widths timed against F.linear on the shapes where KernelConfig weighs
# them, to set the narrow one's throughput relative to the wide one
# (registry: 900 per mille, a guess until this run).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_90a fused_mm_90a; do
  timeout 120 python3 -m ukernel run gpu/N/$p.pkg --repeat 1 >> $OUT/correctness.txt 2>&1; echo "run N $p: exit $? $(tail -1 $OUT/correctness.txt)"
done
grep -o "^[a-z_0-9]* .*ukernel uk_matmul_wgmma[a-z_]*" $OUT/correctness.txt | sed 's/device.*ukernel/->/' | head -30
(cd bench && timeout 120 python3 torch_check.py ../gpu/N/fused_mm_90a.pkg ../gpu/N/matmul_90a.pkg) >> $OUT/torch_check.txt 2>&1; echo "torch_check: exit $? $(tail -1 $OUT/torch_check.txt)"
(cd bench && timeout 240 python3 matmul_bench.py ../gpu/N/ptx --check-only) > $OUT/checks.txt 2>&1; echo "checks: exit $? $(tail -1 $OUT/checks.txt)"
(cd bench && timeout 300 python3 matmul_bench.py ../gpu/N/ptx --reps 20 --kinds wgmma,wgmma_narrow) > $OUT/matmul_bench.txt 2>&1; echo "bench: exit $?"
grep -i "wgmma\|MISMATCH\|Error" $OUT/matmul_bench.txt | grep -v rounds
# Result: correct (15/15, 10/10, torch ALL EQUAL, 1164 harness checks with
# both widths). Against F.linear, wide / narrow / torch (us): 512 x 4096 x
# 4096 45.95 / 30.27 / 24.0 (narrow 1.52x faster: 64 wide tiles fill 64
# SMs, 128 narrow ones 128); 1024 x 4096 x 4096 52.75 / 61.59 / 45.6-49.2;
# 300 x 1000 x 4096 44.66 / 27.09 / 11.4-11.9 (both far behind: 16 or 32
# workgroups over the whole K); 2048 x 11008 x 4096 307.4 / 340.6 / 278;
# 4096^3 216.4 / 250.3 / 191-200. Narrow's throughput at 4096^3 is 549.2
# against 635.0 TFLOP/s: 865 per mille, which the registry now records. With
# it the cost model picks the faster width at each of these shapes.
