#!/usr/bin/env bash
# run1: linalg.softmax (ukernel-decompose-softmax) and other linalg forms on
# the default path (test/e2e/softmax_dispatches.mlir,
# test/e2e/other_linalg_forms.mlir, compiled here with `ukc compile --arch
# sm_90a --no-cubin --reference`) against upstream MLIR's CPU execution.
# Payload gpu/i.tgz: gpu2/pz/*.pkg with references, ukc-run.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/i.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/pz/*.pkg; do timeout 60 gpu2/ukc-run run "$p" --repeat 10 2>&1 | cut -c1-230; done
