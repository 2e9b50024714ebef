#!/usr/bin/env bash
# run7: the split-K package (split on) one function at a time, with a
# timeout each, its kernel under memcheck; the decode argmax with shared code
# against --specialize-sizes under CUDA graphs. Payload gpu/q.tgz (gpu2/q:
# packages of test/e2e/split_k_matmuls.mlir per function, built with
# WGMMA_MAX_K_SPLITS = 16; bench/decode_argmax.mlir both ways).
set -u
tar xzf gpu/q.tgz; chmod +x gpu2/ukc-run
nvidia-smi -L
for p in gpu2/q/sk_*.pkg; do echo "== $p"; timeout 20 gpu2/ukc-run run $p --repeat 0 2>&1 | cut -c1-260; echo "rc=${PIPESTATUS[0]}"; done
gpu2/ukc-run info gpu2/q/sk_bias_bf16_256x768x8192.pkg 2>&1 | head -30
echo "== sanitizer"; timeout 60 compute-sanitizer --tool memcheck gpu2/ukc-run run gpu2/q/sk_bias_bf16_256x768x8192.pkg --repeat 0 2>&1 | head -40
echo "== decode argmax: shared code against a kernel per shape (CUDA graphs)"
(cd bench && PYTHONPATH=../gpu2/py timeout 120 python3 decode_argmax_bench.py ../gpu2/q/decode_shared.pkg ../gpu2/q/decode_specialized.pkg --reps 50)
