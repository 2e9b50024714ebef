#!/usr/bin/env bash
# run5: after ukernel-fold-transposes: a single F.linear as exported (16 x
# 4096 -> 11008, the matmul ukernel with B as N x K) and the realir blocks
# (the transposes now folded into the matmuls' maps), each checked against
# upstream MLIR's CPU execution and timed (median of 5 x 5 calls), then
# torch on the same blocks.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
for p in gpu2/p/*.pkg; do
  timeout 100 gpu2/ukc-run run "$p" --repeat 5 2>&1 | head -1 | cut -c1-330
done
python3 bench/realir_torch_time.py
