#!/usr/bin/env bash
# run4: the other six differential fuzz modules (ukc-fuzz --linalg-functions
# 200 --seed S, S = 5..10, PTX only, compiled with --reference), every
# function against upstream MLIR's CPU execution. Run on the machine run3
# had (an H100 80GB HBM3), as one command:
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
for p in gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 100 gpu2/ukc-run run "$p" --repeat 0 > "$OUT/$n.txt" 2>&1
  echo "$n exit $? $(tail -1 "$OUT/$n.txt")"
done
grep -h MISMATCH "$OUT"/*.txt | cut -c1-300 | head
# Result: g5..g10 exit 0, 200 passed, 0 failed each.
