#!/usr/bin/env bash
# run2: the regression pass was clean except torch_check, which stopped on
# split_folds (general folds compared with torch.argmax; an empty tensor
# with strides (1, 1) rejected). With both fixed (the rebuilt wheel),
# torch_check over every package of gpu/F.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
(cd bench && timeout 200 python3 torch_check.py $(ls ../gpu/F/*.pkg | grep -v check.pkg)) > $OUT/torch_check.txt 2>&1; echo "torch_check: exit $?"; grep -v ": ok\|math_" $OUT/torch_check.txt | tail -20
# Result: ALL EQUAL: argmax 39 + 39, fused argmax 9 + 9, fused matmul
# 10 + 10 (worst 0.402 of the bound), matmul 15 + 15; split folds 3 + 3
# and math 105 + 105 launched without a torch reference (their CPU
# references passed in run2), the empty-rows kernel on torch's
# torch.empty(4, 0) included.
