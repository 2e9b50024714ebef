#!/usr/bin/env bash
# run1: FP8 IR on the default path (test/e2e/fp8_dispatches.mlir, compiled
# here with `ukc compile --no-cubin --reference` for sm_90a and for sm_80,
# the latter JIT-compiled by the driver) against upstream MLIR's CPU
# execution. Payload gpu/h.tgz: gpu2/p8/*.pkg and their references, ukc-run.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/h.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p8/*.pkg; do timeout 60 gpu2/ukc-run run "$p" --repeat 10 2>&1 | cut -c1-260; done
