#!/usr/bin/env bash
# run1: boolean (i1) tensors (test/e2e/bool_tensors.mlir, `ukc compile
# --arch sm_90a --no-cubin --reference`) against upstream MLIR's CPU
# execution, then from Python (the package rebuilt with bool and float8
# dtypes): a mask out, a mask in, an f8E4M3FN dequantization, against
# torch's own results. Payload gpu/l.tgz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/l.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/bool_tensors.pkg --repeat 10 2>&1 | cut -c1-220
PYTHONPATH=gpu2/py2 timeout 60 python3 gpu2/py_types.py
