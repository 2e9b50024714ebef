#!/usr/bin/env bash
# run1: long default-path reductions in two stages (ukernel-two-stage-reductions),
# skinny_wide for batched matmuls whose batch fills the SMs. Payload from
# payload.sh. Every function of the packages against upstream MLIR's CPU
# execution (the fuzz modules too); the realir blocks timed with ukc-run
# (median of 5 measurements of 5 back-to-back calls; a multi-kernel function
# is all its kernels in order); the corpus against torch with CUDA graphs.
set -uo pipefail
cd "$(dirname "$0")/../../.."
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 > /tmp/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/$n.txt | cut -c1-200)"
  { echo "== $n"; cat /tmp/$n.txt; } >> "$OUT/checks.txt"
done
grep -h "MISMATCH\|error" "$OUT/checks.txt" | cut -c1-400 | head -30
for n in a_llama_mlp b_gpt2_mlp c_lm_head_argmax d_rmsnorm_qkv e_bmm e_mm; do
  timeout 120 gpu2/ukc-run run "gpu2/p/$n.pkg" --repeat 5 2>&1 | head -1 | cut -c1-300
done
timeout 100 gpu2/ukc-run run gpu2/p/two_stage_reductions_keep_the_cpu_results.pkg --repeat 5 2>&1 | cut -c1-200
pip install --quiet --no-deps --target /tmp/py gpu2/ukernel-0.1.0-cp39-abi3-linux_x86_64.whl 2>&1 | grep -v WARNING | tail -2
(cd bench && PYTHONPATH=/tmp/py timeout 240 python3 corpus_bench.py ../gpu2/corpus/corpus.pkg --reps 10 --rounds 2 --calls 10)
# F.linear 4096^3: the package for sm_80,sm_90a must run the wgmma variant
# on Hopper, within 2% of the package for sm_90a alone (3 alternations).
for i in 1 2 3; do for a in linear_sm90a linear_sm80_sm90a; do
  echo "$a: $(timeout 60 gpu2/ukc-run run gpu2/arch/$a.pkg --repeat 10 2>&1 | head -1 | cut -c1-200)"
done; done
gpu2/ukc-run info gpu2/arch/linear_sm80_sm90a.pkg | head -5
timeout 100 gpu2/ukc-run run gpu2/demo/decode_step.pkg --repeat 5 2>&1 | cut -c1-200
