#!/usr/bin/env bash
# Builds what run1.sh carries to the GPU machine, under the ignored gpu2/:
# the runtime-only ukc-run; packages (PTX for sm_90a) with their MLIR
# references of the realir blocks, the two-stage reduction module, the
# e2e modules with reductions, the formation module and Q K^T with its
# transpose folded; F.linear for sm_90a and for sm_80,sm_90a; the demo; two differential
# fuzz modules and one of long rows (--long-rows); the corpus package; the Python package's wheel.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && mkdir -p gpu2/p gpu2/fuzz gpu2/corpus
for f in test/realir/*.mlir test/e2e/two_stage_reductions_keep_the_cpu_results.mlir test/e2e/fused_dispatches.mlir test/e2e/split_folds.mlir test/e2e/argmax_dispatches.mlir test/codegen/kernels_formed_per_root.mlir test/codegen/batch_matmul_gets_the_matmul_ukernel.mlir test/passes/fold_transposes/batch_transpose_into_batch_matmul_maps.mlir; do
  b=$(basename $f .mlir)
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$b.pkg 2>&1 | grep -v remark | head -1
done
for s in 1 2; do
  target/debug/ukc-fuzz --linalg-functions 200 --seed $s --write gpu2/g$s.mlir > /dev/null 2>&1
  target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g$s.mlir -o gpu2/fuzz/g$s.pkg 2>&1 | grep -v remark | head -1
done
# Rows of 256 to 4096: row sums in two stages, producers fused into them.
target/debug/ukc-fuzz --linalg-functions 100 --seed 7 --long-rows --write gpu2/g3.mlir > /dev/null 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g3.mlir -o gpu2/fuzz/g3.pkg 2>&1 | grep -v remark | head -1
rm -f gpu2/g3.mlir
target/debug/ukc compile --arch sm_90a --no-cubin bench/corpus/corpus.mlir -o gpu2/corpus/corpus.pkg > gpu2/corpus/corpus.pkg.txt 2>&1
cargo build --release -p ukc --no-default-features --bin ukc-run 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
.toolchain/venv/bin/pip wheel --quiet --no-deps ./python -w gpu2/
du -sh gpu2
# F.linear 4096^3 for sm_90a alone and for sm_80,sm_90a (per-arch variants:
# the Hopper device must load the wgmma variant); the demo's package.
mkdir -p gpu2/arch
target/debug/ukc compile --arch sm_90a --no-cubin test/codegen/each_arch_gets_its_own_selection.mlir -o gpu2/arch/linear_sm90a.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc compile --arch sm_80,sm_90a --no-cubin test/codegen/each_arch_gets_its_own_selection.mlir -o gpu2/arch/linear_sm80_sm90a.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc demo --out gpu2/demo 2>&1 | tail -3
du -sh gpu2
