#!/usr/bin/env bash
# run3: after the fpowi fix (an i64 exponent passed to libdevice's int
# parameter returned 0): RMSNorm + q/k/v (test/realir/d_rmsnorm_qkv.mlir),
# its prefix up to the rsqrt, fpowi/sum/broadcast in isolation and the fpowi
# exponent test, with ukernels and without; then four ukc-fuzz
# --linalg-functions 200 modules (seeds 1-4, PTX only). Every kernel against
# upstream MLIR's CPU execution of its function.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
for p in gpu2/diag/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 120 gpu2/ukc-run run "$p" --repeat 0 > "$OUT/$n.txt" 2>&1
  echo "$n exit $? $(tail -1 "$OUT/$n.txt")"
done
grep -h "MISMATCH\|error" "$OUT"/*.txt | cut -c1-400 | head -30
# The realir blocks timed (ukc-run: median of 5 measurements of 5
# back-to-back calls; a multi-kernel function is all its kernels in order).
for p in gpu2/timed/*.pkg; do
  timeout 120 gpu2/ukc-run run "$p" --repeat 5 2>&1 | head -1 | cut -c1-250
done
python3 bench/realir_torch_time.py
