#!/usr/bin/env bash
# Builds what run1.sh carries to the GPU machine, under the ignored gpu2/:
# the runtime-only ukc-run, packages (PTX for sm_90a) with their MLIR
# references, a differential fuzz module, the corpus package with its
# compile listing, the harness PTX for sm_90 and sm_90a
# (bench/matmul_bench.py), and the Python package's wheel (the abi3 wheel pip
# builds from python/). Stays under 64 MiB.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/p gpu2/fuzz; mkdir -p gpu2/p gpu2/fuzz gpu2/corpus
for f in test/realir/*.mlir test/codegen/kernels_formed_per_root.mlir test/codegen/batch_matmul_gets_the_matmul_ukernel.mlir test/passes/fold_argmax_conversions/argmax_of_widened_bf16_reads_bf16.mlir test/e2e/fused_matmul_dispatches.mlir test/e2e/fused_dispatches.mlir test/e2e/argmax_dispatches.mlir test/e2e/matmul_dispatches.mlir test/e2e/split_folds.mlir test/e2e/data_movement_forms.mlir test/e2e/kn_layout_dispatches.mlir; do
  b=$(basename $f .mlir)
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$b.pkg 2>&1 | grep -v remark | head -1
done
target/debug/ukc compile --arch sm_86 --no-cubin test/e2e/matmul_dispatches.mlir -o gpu2/p/matmul_dispatches_sm86.pkg | head -1
target/debug/ukc compile --arch sm_80,sm_90a --no-cubin test/e2e/matmul_dispatches.mlir -o gpu2/p/matmul_dispatches_sm80_sm90a.pkg | head -1
for s in 1; do
  target/debug/ukc-fuzz --linalg-functions 200 --seed $s --write gpu2/g$s.mlir > /dev/null 2>&1
  target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g$s.mlir -o gpu2/fuzz/g$s.pkg 2>&1 | grep -v remark | head -1
  rm -f gpu2/g$s.mlir
done
target/debug/ukc compile --arch sm_90a --no-cubin bench/corpus/corpus.mlir -o gpu2/corpus/corpus.pkg > gpu2/corpus/corpus.pkg.txt 2>&1
rm -rf gpu2/ptx && target/debug/ukc build-ukernel-check --ptx-dir gpu2/ptx -o /tmp/ukernel-check.pkg | head -1 && rm gpu2/ptx/*.sm_80.ptx
cargo build --release -p ukc --no-default-features --bin ukc-run 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
.toolchain/venv/bin/pip wheel --quiet --no-deps ./python -w gpu2/
du -sh gpu2
