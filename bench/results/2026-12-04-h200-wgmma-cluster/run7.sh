#!/usr/bin/env bash
# run6: the walk down 8 pairs of tile rows became the registry's. A
# regression pass of this build (gpu/F): the main job's package (the LM
# head + argmax decode step), every end-to-end package for sm_90a and for
# sm_80 + sm_90 against their CPU references and torch, and the harness
# checks of every ukernel.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in gpu/F/*.pkg; do
  case $p in *check.pkg) continue ;; esac
  timeout 150 python3 -m ukernel run $p --repeat 1 >> $OUT/run.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run.txt)"
done
(cd bench && timeout 200 python3 torch_check.py $(ls ../gpu/F/*.pkg | grep -v check.pkg)) > $OUT/torch_check.txt 2>&1; echo "torch_check: exit $?"; grep -v ": ok" $OUT/torch_check.txt | tail -12
timeout 200 python3 -m ukernel check-ukernels gpu/F/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $? $(tail -1 $OUT/check_ukernels.txt)"
# Result: every package passed against its CPU reference (argmax 39 + 39,
# decode step 4, fused argmax 9 + 9, fused matmul 10 + 10, matmul 15 + 15),
# torch_check ALL EQUAL (worst matmul error 0.319 of the bound),
# check-ukernels 1464/1464.
