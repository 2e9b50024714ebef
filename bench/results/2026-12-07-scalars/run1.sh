#!/usr/bin/env bash
# run1: dispatches with scalar arguments (test/e2e/scalar_arguments.mlir,
# `ukc compile --arch sm_90a --no-cubin --reference`; each scalar a
# one-element buffer) against upstream MLIR's CPU execution, and one of them
# from Python with 0-d tensors. Payload gpu/k.tgz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/k.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/ps/scalar_arguments.pkg --repeat 10 2>&1 | cut -c1-220
PYTHONPATH=gpu2/py timeout 60 python3 gpu2/ps/py_scalar.py
