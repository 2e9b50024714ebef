#!/usr/bin/env bash
# Fourth run (run3.sh's content, which got no machine, plus matmul fusion):
# the exhaustive monotonicity check of libdevice's tanhf, expf and exp2f;
# argmax producers and matmul consumers fused into ukernels, against the CPU
# references, torch, the plain ukernels and torch's own ops; the argmax,
# matmul and decode packages after the ABI changes; default-path kernels with
# the fold reference; the matmul and argmax harness timings.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
(cd bench && python3 monotone_check.py ../gpu/monotone.pkg) 2>&1 | tee $OUT/monotone_check.txt
echo "== packages against the CPU references"
for p in fused fused_mm_90a fused_mm argmax_on matmul_90a default_forms argmax_off; do
  python3 -m ukernel run gpu/$p.pkg --repeat 3 > $OUT/run4_$p.txt 2>&1; echo "$p: exit $?"; grep -v "matches" $OUT/run4_$p.txt | tail -3
done
python3 -m ukernel run gpu/decode_step.pkg/decode_step.pkg --repeat 3 2>&1 | tail -1
echo "== against torch"
(cd bench && python3 torch_check.py ../gpu/fused.pkg ../gpu/fused_mm_90a.pkg ../gpu/fused_mm.pkg ../gpu/argmax_on.pkg) 2>&1 | tee $OUT/torch_check4.txt | grep -v ": ok" | tail -8
echo "== fusion benchmark"
(cd bench && python3 fusion_bench.py ../gpu/fused.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench_argmax.txt
(cd bench && python3 fusion_bench.py ../gpu/fused_mm_90a.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_matmul_90a.txt
(cd bench && python3 fusion_bench.py ../gpu/fused_mm.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_matmul_90.txt
echo "== harnesses"
(cd bench && timeout 150 python3 matmul_bench.py ../gpu/ptx --reps 10) > $OUT/matmul_bench4.txt 2>&1; echo "matmul_bench: exit $?"; grep -E "checks|wgmma|tile  bf16     kn       4096" $OUT/matmul_bench4.txt | head -8
(cd bench && timeout 100 python3 argmax_bench.py ../gpu/ptx --reps 10) > $OUT/argmax_bench4.txt 2>&1; echo "argmax_bench: exit $?"; head -8 $OUT/argmax_bench4.txt
