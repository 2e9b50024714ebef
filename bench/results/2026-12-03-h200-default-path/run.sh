#!/usr/bin/env bash
# The default lowering: the new distribution checked against the CPU
# references (e2e files with --ukernels none) and timed against torch, with
# the previous distribution's package in the same run.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/.."
python3 -m pip install --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl --upgrade 2>&1 | tail -1
export PYTHONPATH=/tmp/site
for p in matmul_off argmax_off; do timeout 240 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; grep -E "MISMATCH|passed" $OUT/run_$p.txt | tail -4; done
timeout 200 python3 bench/default_path_bench.py gpu/default_after.pkg 2>&1 | tee $OUT/default_after.txt
timeout 150 python3 bench/default_path_bench.py gpu/default_before.pkg --skip 4096x4096 --runs 3 2>&1 | tee $OUT/default_before.txt
