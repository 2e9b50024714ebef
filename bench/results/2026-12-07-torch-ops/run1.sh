#!/usr/bin/env bash
# run1: the demo's decode step as torch custom ops (bench/torch_compile_bench.py:
# torch.compile fullgraph and reduce-overhead against the kernels in a CUDA
# graph), then where gpt2_mlp_t512's time goes: ncu's per-kernel summary of
# our two kernels and torch's kernels under its profiler. Payload gpu/g.tgz:
# gpu2/decode_step.pkg (`ukc demo --out D`), gpu2/gpt2.pkg (the corpus's
# gpt2_mlp_t512 alone, `ukc compile --arch sm_90a`), ukc-run, the Python package.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/g.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
(cd bench && TORCH_LOGS=perf_hints PYTHONPATH=../gpu2/py timeout 200 python3 torch_compile_bench.py ../gpu2/decode_step.pkg --reps 10 --rounds 2 --calls 50 2>&1 | grep -v Warning)
timeout 120 ncu --print-summary per-kernel gpu2/ukc-run run gpu2/gpt2.pkg --repeat 2 2>&1 | grep -E "uk_|gpt2|Duration|SM Frequency|Registers|Grid|Block Size|Theoretical Occ|Achieved Occ" | head -40
timeout 60 python3 gpu2/torch_gpt2_profile.py 2>&1 | tail -14
timeout 30 gpu2/ukc-run run gpu2/gpt2.pkg --repeat 20 2>&1 | cut -c1-250
