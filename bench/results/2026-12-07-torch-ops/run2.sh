#!/usr/bin/env bash
# run2: run1's decode-step benchmark again, the weight a parameter of the
# step's module (run1 passed it as a plain tensor, which reduce-overhead's
# CUDA graphs copied into their own buffer on every call), with
# TORCH_LOGS=perf_hints. Payload gpu/g.tgz (run1.sh).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/g.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
(cd bench && TORCH_LOGS=perf_hints PYTHONPATH=../gpu2/py timeout 200 python3 torch_compile_bench.py ../gpu2/decode_step.pkg --reps 10 --rounds 3 --calls 50 2>&1 | grep -v Warning | tail -30)
