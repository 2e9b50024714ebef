#!/usr/bin/env bash
# run1: `ukc tune` of the whole model-dispatch corpus on one GPU. Payload
# gpu/c.tgz, made here by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --no-cubin --prepare-only gpu2/tune
# (42 kernels, 252 candidates: each ukernel that fits and the default path)
# with the runtime-only ukc-run (cargo build --release -p ukc-runner).
# Every candidate runs once, checked against MLIR's CPU execution where the
# function is within the reference budget, with a rough time; the
# contenders (within 3x of their kernel's best) are timed, 10 launches per
# timing. The wall time is the tuning time the issue's 5-minute aim covers.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/c.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
start=$(date +%s)
timeout 330 gpu2/ukc-run measure gpu2/tune -o "$OUT/tuning.json" --repeat 10
echo "measure: exit $? in $(( $(date +%s) - start )) s"
