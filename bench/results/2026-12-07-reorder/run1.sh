#!/usr/bin/env bash
# run1: every package of payload.sh against upstream MLIR's CPU execution,
# then the softmax, realir and two-stage packages timed (ukc-run, median of
# 5 measurements of 10 launches).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/j.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/pr/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 > /tmp/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/$n.txt | cut -c1-200)"
  { echo "== $n"; cat /tmp/$n.txt; } >> "$OUT/checks.txt"
done
grep -h "MISMATCH\|error" "$OUT/checks.txt" | cut -c1-400 | head -30
for n in softmax_dispatches other_linalg_forms two_stage_reductions_keep_the_cpu_results d_rmsnorm_qkv a_llama_mlp b_gpt2_mlp; do
  timeout 60 gpu2/ukc-run run gpu2/pr/$n.pkg --repeat 10 2>&1 | cut -c1-150
done
