#!/usr/bin/env bash
# Fifth run, on the code as committed: argmax producers fused without the
# monotone shortcut (run4 found libdevice's tanhf not monotone), matmul
# consumers fused; every package against its CPU references and torch, the
# fusion benchmark, and the harness checks.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in fused fused_mm_90a fused_mm argmax_on matmul_on matmul_90a default_forms; do
  python3 -m ukernel run gpu/$p.pkg --repeat 3 > $OUT/run5_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run5_$p.txt)"
done
python3 -m ukernel run gpu/decode_step.pkg/decode_step.pkg --repeat 3 2>&1 | tail -1
(cd bench && python3 torch_check.py ../gpu/fused.pkg ../gpu/fused_mm_90a.pkg ../gpu/fused_mm.pkg ../gpu/argmax_on.pkg ../gpu/matmul_90a.pkg) 2>&1 | tee $OUT/torch_check5.txt | grep -v ": ok" | tail -8
(cd bench && python3 fusion_bench.py ../gpu/fused.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench5_argmax.txt
(cd bench && python3 fusion_bench.py ../gpu/fused_mm_90a.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench5_matmul_90a.txt
(cd bench && timeout 150 python3 matmul_bench.py ../gpu/ptx --check-only) 2>&1 | tail -2
