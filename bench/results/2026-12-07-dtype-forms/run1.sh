#!/usr/bin/env bash
# run1: test/e2e/dtype_and_result_forms.mlir (`ukc compile --arch sm_90a
# --no-cubin --reference`, gpu2/dr.pkg) against upstream MLIR's CPU
# execution. Payload gpu/n.tgz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/n.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/dr.pkg --repeat 10 2>&1 | cut -c1-200
