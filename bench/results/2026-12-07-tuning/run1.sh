#!/usr/bin/env bash
# run1: `ukc tune` of the model-dispatch corpus on the GPU. Payload: the
# candidates compiled here by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --no-cubin --prepare-only gpu2/tune \
#     --function F ... (7 functions: decode projections at batch 1, 4, 16, attention at decode, gpt2_mlp_t512, mm_4096_nk)
# (each ukernel that fits and the default path, per kernel),
# carried in gpu/t.tgz (payload.sh) with the runtime-only ukc-run. (A first try with the
# whole corpus, 252 candidates, ran past 560 s without a result.) Every candidate is run
# once and checked against MLIR's CPU execution (where the function is
# within the reference budget), then the contenders (within 3x of the
# best) are timed, 10 launches per timing, median of 5.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/tune && tar xzf gpu/t.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
start=$(date +%s)
timeout 170 gpu2/ukc-run measure gpu2/tune -o "$OUT/tuning.json" --repeat 10
echo "exit $? in $(( $(date +%s) - start )) s"
