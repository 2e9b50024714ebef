#!/usr/bin/env bash
# run1: after kernel formation per root, elementwise chain fusion, any
# elementwise epilogue in the store function, batched matmuls. The realir
# blocks, the formation and batch test modules and the e2e modules (PTX for
# sm_90a, compiled with --reference): every function against upstream
# MLIR's CPU execution; the realir blocks timed (ukc-run: median of 5
# measurements of 5 back-to-back calls; a multi-kernel function is all its
# kernels in order) with torch eager on the same blocks; the corpus
# (bench/corpus/corpus.mlir) against torch with CUDA graphs; then three
# ukc-fuzz --linalg-functions 200 modules (seeds 1-2) against the oracle;
# the matmul module for sm_86 (run as PTX on Hopper: the small tile
# ukernel) and for sm_80,sm_90a (per-arch variants).
set -uo pipefail
cd "$(dirname "$0")/../../.."
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg; do
  n=$(basename "$p" .pkg)
  # The matmul module compiled for sm_86 and for sm_80,sm_90a (variants per
  # arch: the sm_90a one runs here) shares the sm_90a compile's references.
  ref=()
  case $n in matmul_dispatches_*) ref=(--reference gpu2/p/matmul_dispatches.pkg.ref) ;; esac
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 "${ref[@]}" > "$OUT/$n.txt" 2>&1
  echo "$n exit $? $(tail -1 "$OUT/$n.txt" | cut -c1-200)"
done
grep -h "MISMATCH\|error" "$OUT"/*.txt | cut -c1-400 | head -30
for n in a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  timeout 120 gpu2/ukc-run run "gpu2/p/$n.pkg" --repeat 5 2>&1 | head -1 | cut -c1-300
done
python3 bench/realir_torch_time.py
pip install --quiet --no-deps --target "$OUT/py" gpu2/ukernel-0.1.0-cp39-abi3-linux_x86_64.whl 2>&1 | tail -2
(cd bench && PYTHONPATH="$OUT/py" timeout 200 python3 corpus_bench.py ../gpu2/corpus/corpus.pkg --reps 10 --rounds 2 --calls 10)
for p in gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 45 gpu2/ukc-run run "$p" --repeat 0 > "$OUT/$n.txt" 2>&1
  echo "$n exit $? $(tail -1 "$OUT/$n.txt" | cut -c1-200)"
done
grep -h "MISMATCH" "$OUT"/g*.txt | cut -c1-300 | head -10
rm -rf "$OUT/py"
