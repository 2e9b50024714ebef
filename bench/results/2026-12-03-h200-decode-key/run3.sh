#!/usr/bin/env bash
# One row of 2^32 + 17 bf16 elements: the split parts combine through
# partials (the path the atomic key leaves to such rows); harness kernels of
# gpu/ptx_key, checked against torch.argmax.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
(cd bench && timeout 200 python3 argmax_long_row_check.py ../gpu/ptx_key 2>&1 | tee $OUT/long_row.txt)
