#!/usr/bin/env bash
# run1: every kernel of the realir blocks (torch-mlir output), of test/e2e's
# smaller modules (ukernels on and off) and of the default path's ordering
# test (run2.sh: the ukc-fuzz modules),
# compiled for sm_90a with `ukc compile --reference`, run by the
# runtime-only ukc-run against upstream MLIR's CPU execution of the same
# functions (the `.ref` directories beside each package). Untimed
# (--repeat 0): the multi-root blocks still run on one workgroup.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
mkdir -p /tmp/o
for p in gpu/ref/*.pkg; do
  n=$(basename "$p" .pkg)
  start=$SECONDS
  timeout 240 gpu/ukc-run run "$p" --repeat 0 > /tmp/o/$n.txt 2>&1
  rc=$?
  printf '%-36s exit %s  %4d s  %s\n' "$n" "$rc" "$((SECONDS - start))" "$(tail -1 /tmp/o/$n.txt)"
done
grep -h "MISMATCH" /tmp/o/*.txt | cut -c1-400 | head -40
cp /tmp/o/*.txt "$OUT"/
