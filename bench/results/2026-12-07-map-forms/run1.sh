#!/usr/bin/env bash
# run1: test/e2e/map_constant_and_call_forms.mlir (`ukc compile --arch sm_90a
# --no-cubin --reference`, gpu2/mcc.pkg) against upstream MLIR's CPU
# execution. Payload gpu/m.tgz.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/m.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/mcc.pkg --repeat 10 2>&1 | cut -c1-200
