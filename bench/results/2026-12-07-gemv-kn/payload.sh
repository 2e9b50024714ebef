#!/usr/bin/env bash
# Builds what run1.sh carries to the GPU machine, under the ignored gpu2/:
# the runtime-only ukc-run; packages (PTX for sm_90a) with their MLIR
# references of the K x N GEMV module, the f32 matmul module (CUDA-core
# ukernel), the epilogues of several inputs (a table of their pointers),
# the fused matmul module and the other modules whose matmuls take B as
# K x N; the corpus
# package and the f32 matmul benchmark's; the harness PTX (every ukernel
# launched directly); the Python package's wheel.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && mkdir -p gpu2/p gpu2/corpus
for f in test/e2e/gemv_kn_dispatches.mlir test/e2e/f32_matmul_dispatches.mlir test/e2e/several_input_epilogues.mlir test/e2e/fused_matmul_dispatches.mlir test/e2e/split_folds.mlir test/e2e/kn_layout_dispatches.mlir test/codegen/batch_matmul_gets_the_matmul_ukernel.mlir test/realir/e_bmm.mlir; do
  b=$(basename $f .mlir)
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$b.pkg 2>&1 | grep -v remark | head -1
done
# A 200-function differential fuzz module: its f32 matmuls now take
# the CUDA-core ukernel (173 of seed 1's).
mkdir -p gpu2/fuzz
for s in 1; do
  target/debug/ukc-fuzz --linalg-functions 200 --seed $s --write gpu2/g$s.mlir > /dev/null 2>&1
  target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g$s.mlir -o gpu2/fuzz/g$s.pkg 2>&1 | grep -v remark | head -1
  rm -f gpu2/g$s.mlir
done
# 16-bit-output matmuls summed in f32 (the option), against the reference
# that follows it.
target/debug/ukc compile --arch sm_90a --no-cubin --matmul-accumulation f32 --reference test/e2e/matmul_accumulation_f32.mlir -o gpu2/p/matmul_accumulation_f32.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc compile --arch sm_90a --no-cubin bench/f32_matmul.mlir -o gpu2/corpus/f32.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc compile --arch sm_90a --no-cubin bench/corpus/corpus.mlir -o gpu2/corpus/corpus.pkg > gpu2/corpus/corpus.pkg.txt 2>&1
target/debug/ukc build-ukernel-check --ptx-dir gpu2/ptx -o /tmp/ukernel-check.pkg | head -1 && rm gpu2/ptx/*.sm_80.ptx
cargo build --release -p ukc --no-default-features --bin ukc-run 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
.toolchain/venv/bin/pip wheel --quiet --no-deps ./python -w gpu2/
du -sh gpu2
