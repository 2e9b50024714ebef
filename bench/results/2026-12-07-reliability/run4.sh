#!/usr/bin/env bash
# run4 (payload gpu/m.tgz, built by payload4.sh): every package `ukc-run
# run` against its MLIR reference; only failures and counts are printed.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/m.tgz && chmod +x gpu2/m/ukc-run
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
for p in gpu2/m/*.pkg; do echo "== $p"; timeout 40 gpu2/m/ukc-run run $p --repeat 3 2>&1 | grep -v "matches the MLIR reference" | cut -c1-300; done
