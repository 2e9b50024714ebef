#!/usr/bin/env bash
# One batched run on the GPU machine: argmax with fused elementwise
# producers (input_map) checked against the CPU references and torch and
# timed against the plain ukernel and torch; the argmax, matmul and decode
# packages again after the ABI change; the plain argmax harness timings.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L; python3 -c "import torch; print('torch', torch.__version__)"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
echo "== e2e packages against the CPU references"
for p in fused argmax_on matmul_90a; do python3 -m ukernel run gpu/$p.pkg --repeat 5 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; grep -v "matches" $OUT/run_$p.txt | tail -3; done
python3 -m ukernel run gpu/decode_step.pkg/decode_step.pkg --repeat 5 2>&1 | tail -2
echo "== every kernel against torch"
(cd bench && python3 torch_check.py ../gpu/fused.pkg ../gpu/argmax_on.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -12
echo "== fused against plain and torch"
(cd bench && python3 fusion_bench.py ../gpu/fused.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench.txt
echo "== plain argmax harness against torch"
(cd bench && timeout 200 python3 argmax_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/argmax_bench.txt | tail -30
