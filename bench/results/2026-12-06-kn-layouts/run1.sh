#!/usr/bin/env bash
# run1: B as K x N on the wgmma and skinny ukernels; launch attributes
# (cluster shape) per kernel, after 2026-12-07-formation's run1 failed two
# dispatches and the corpus with CUDA_ERROR_INVALID_CLUSTER_SIZE. Payload
# from payload.sh (PTX for sm_90a, --reference). Every function of the
# realir blocks, the formation, batch, K x N and e2e modules against
# upstream MLIR's CPU execution; the realir blocks and the K x N module
# timed (ukc-run: median of 5 measurements of 5 back-to-back calls; a
# multi-kernel function is all its kernels in order) with torch eager on
# the realir blocks; the corpus (bench/corpus/corpus.mlir) against torch
# with CUDA graphs; one ukc-fuzz --linalg-functions 200 module (seed 1)
# against the oracle; the harness checks and K x N timings of
# bench/matmul_bench.py; the matmul module for sm_86 (run as PTX on Hopper:
# the small tile ukernel) and for sm_80,sm_90a (per-arch variants).
set -uo pipefail
cd "$(dirname "$0")/../../.."
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  ref=()
  case $n in matmul_dispatches_*) ref=(--reference gpu2/p/matmul_dispatches.pkg.ref) ;; esac
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 "${ref[@]}" > /tmp/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/$n.txt | cut -c1-200)"
  { echo "== $n"; cat /tmp/$n.txt; } >> "$OUT/checks.txt"
done
grep -h "MISMATCH\|error" "$OUT/checks.txt" | cut -c1-400 | head -30
for n in a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  timeout 120 gpu2/ukc-run run "gpu2/p/$n.pkg" --repeat 5 2>&1 | head -1 | cut -c1-300
done
timeout 200 gpu2/ukc-run run gpu2/p/kn_layout_dispatches.pkg --repeat 5 2>&1 | cut -c1-260
# The harness kernels: every kind checked on the edge list for both B
# layouts (bench/matmul_bench.py), then the K x N rows timed against torch.
(cd bench && timeout 240 python3 matmul_bench.py ../gpu2/ptx --check-only) 2>&1 | tail -2
(cd bench && timeout 200 python3 matmul_bench.py ../gpu2/ptx --timing-only --layouts kn --reps 10 --rounds 2) 2>&1 | grep -v "rounds (us)"
python3 bench/realir_torch_time.py
pip install --quiet --no-deps --target /tmp/py gpu2/ukernel-0.1.0-cp39-abi3-linux_x86_64.whl 2>&1 | grep -v WARNING | tail -2
(cd bench && PYTHONPATH=/tmp/py timeout 240 python3 corpus_bench.py ../gpu2/corpus/corpus.pkg --reps 10 --rounds 2 --calls 10)
