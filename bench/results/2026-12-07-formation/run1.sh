#!/usr/bin/env bash
# run1: after kernel formation per root. The realir blocks, the e2e modules
# and the formation test module (PTX for sm_90a, compiled with --reference),
# and three ukc-fuzz --linalg-functions 200 modules (seeds 1-3): every
# function against upstream MLIR's CPU execution; the realir blocks timed
# (ukc-run: median of 5 measurements of 5 back-to-back calls; a
# multi-kernel function is all its kernels in order), then torch eager on
# the same blocks in the same run.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 > "$OUT/$n.txt" 2>&1
  echo "$n exit $? $(tail -1 "$OUT/$n.txt" | cut -c1-200)"
done
grep -h "MISMATCH\|error" "$OUT"/*.txt | cut -c1-400 | head -30
for n in a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  timeout 120 gpu2/ukc-run run "gpu2/p/$n.pkg" --repeat 5 2>&1 | head -1 | cut -c1-300
done
python3 bench/realir_torch_time.py
