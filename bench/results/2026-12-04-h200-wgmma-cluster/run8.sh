#!/usr/bin/env bash
# run7: the regression pass was clean. The harness checks gain two shapes
# with more tiles than the persistent wgmma kernel has workgroups
# (3000 x 4096 x 256: 12 pairs of tile rows, a last group of 4;
# 2050 x 11008 x 64: 9 pairs, the last pair's second tile past M), for
# every ukernel, both types and layouts, C = AB and C += AB.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 240 python3 matmul_bench.py ../gpu/F/ptx --check-only) > $OUT/checks.txt 2>&1; echo "exit $?"; tail -3 $OUT/checks.txt
# Result: 924 cases within tolerance (worst 0.122 of it), the two new shapes included.
