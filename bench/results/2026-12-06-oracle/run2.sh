#!/usr/bin/env bash
# run2: the differential fuzz on a GPU: ten modules of 200 functions from
# `ukc-fuzz --linalg-functions 200 --seed S` (S = 1..10), compiled for
# sm_90a (PTX, JIT-loaded) with `ukc compile --reference`, every kernel run
# by ukc-run against upstream MLIR's CPU execution of its function.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
mkdir -p /tmp/o
for p in fuzzpay/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 120 fuzzpay/ukc-run run "$p" --repeat 0 > /tmp/o/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/o/$n.txt)"
done
grep -h "MISMATCH\|error" /tmp/o/*.txt | cut -c1-400 | head -40
cp /tmp/o/*.txt "$OUT"/
