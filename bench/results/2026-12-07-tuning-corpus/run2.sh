#!/usr/bin/env bash
# run2: `ukc tune` of the whole model-dispatch corpus on one GPU, with the
# measure that generates a kernel's inputs once for all its candidates, stops
# timing a candidate after one launch where that is over 3x the best so far,
# and checks K x N matmuls on a transposed B; the candidates as cubins.
# Then the outer-dim argmax forms against MLIR's CPU execution and against
# torch.argmax(x, dim=0). Payload gpu/d.tgz, made here by
#   ukc tune bench/corpus/corpus.mlir --arch sm_90a --prepare-only gpu2/tune
#   ukc compile test/e2e/outer_dim_argmax_dispatches.mlir --arch sm_90 --no-cubin \
#     -o gpu2/p/outer_dim_argmax_dispatches.pkg --reference
#   ukc compile bench/outer_argmax.mlir --arch sm_90a -o gpu2/p/outer_argmax.pkg
# with the runtime-only ukc-run and the installed Python package (gpu2/py).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/d.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
timeout 60 gpu2/ukc-run run gpu2/p/outer_dim_argmax_dispatches.pkg --repeat 10 2>&1 | cut -c1-300
(cd bench && PYTHONPATH=../gpu2/py timeout 90 python3 outer_argmax_bench.py ../gpu2/p/outer_argmax.pkg --reps 10 --rounds 2 --calls 10)
start=$(date +%s)
UKC_LOG=ukc_runner=debug timeout 300 gpu2/ukc-run measure gpu2/tune -o "$OUT/tuning.json" --repeat 10 2> "$OUT/measure_log.txt"
echo "measure: exit $? in $(( $(date +%s) - start )) s"
grep -v "DEBUG" "$OUT/measure_log.txt" | tail -150
