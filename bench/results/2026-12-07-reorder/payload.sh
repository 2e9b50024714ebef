#!/usr/bin/env bash
# Builds gpu/j.tgz for run1.sh: packages with their MLIR references of the
# softmax and other linalg forms, the two-stage reductions, fused and
# split-fold modules, the realir blocks, and a fuzz module with long rows
# (every default-path reduction now has its loops reordered,
# ukernel-reductions-innermost; transposed-access tiles only for true
# transposes), and the runtime-only ukc-run.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/pr && mkdir -p gpu2/pr
for f in test/e2e/softmax_dispatches.mlir test/e2e/other_linalg_forms.mlir test/e2e/two_stage_reductions_keep_the_cpu_results.mlir \
    test/e2e/fused_dispatches.mlir test/e2e/split_folds.mlir test/e2e/transposed_copies.mlir test/e2e/outer_dim_argmax_dispatches.mlir test/realir/*.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/pr/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
target/debug/ukc-fuzz --linalg-functions 100 --seed 8 --long-rows --write gpu2/g8.mlir > /dev/null 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g8.mlir -o gpu2/pr/g8_long_rows.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc-fuzz --linalg-functions 200 --seed 9 --write gpu2/g9.mlir > /dev/null 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g9.mlir -o gpu2/pr/g9.pkg 2>&1 | grep -v remark | head -1
rm -f gpu2/g8.mlir gpu2/g9.mlir
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
mkdir -p gpu && tar czf gpu/j.tgz gpu2/ukc-run gpu2/pr && du -sh gpu/j.tgz
