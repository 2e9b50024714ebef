#!/usr/bin/env bash
# Builds what run1.sh carries to the GPU machine, under the ignored gpu2/:
# the runtime-only ukc-run; packages (PTX for sm_90a, sm_90) with their
# MLIR references of the contraction forms (ukernel-canonicalize-
# contractions), the maxnumf argmax module, and, as regressions of the
# pipeline change (reshape round trips folded after bufferization), the
# realir blocks, the argmax, batch, K x N and fused modules and a fuzz
# module of a new seed; the harness package (every ukernel launched
# directly, the argmax rows of mostly NaN included).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && mkdir -p gpu2/p gpu2/fuzz
for f in test/e2e/contraction_forms.mlir test/e2e/kn_layout_dispatches.mlir test/e2e/fused_matmul_dispatches.mlir test/codegen/batch_matmul_gets_the_matmul_ukernel.mlir test/realir/*.mlir; do
  b=$(basename $f .mlir)
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$b.pkg 2>&1 | grep -v remark | head -1
done
# The contraction forms again for sm_90: the tile ukernel instead of wgmma.
target/debug/ukc compile --arch sm_90 --no-cubin --reference test/e2e/contraction_forms.mlir -o gpu2/p/contraction_forms_sm90.pkg 2>&1 | grep -v remark | head -1
for f in test/e2e/argmax_maxnum_dispatches.mlir test/e2e/argmax_dispatches.mlir; do
  b=$(basename $f .mlir)
  target/debug/ukc compile --arch sm_90 --no-cubin --reference $f -o gpu2/p/$b.pkg 2>&1 | grep -v remark | head -1
done
target/debug/ukc-fuzz --linalg-functions 200 --seed 5 --write gpu2/g5.mlir > /dev/null 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g5.mlir -o gpu2/fuzz/g5.pkg 2>&1 | grep -v remark | head -1
rm -f gpu2/g5.mlir
target/debug/ukc compile --arch sm_90a --no-cubin bench/results/2026-12-07-contraction-forms/a_transposed_4096.mlir -o gpu2/a_t.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc build-ukernel-check -o gpu2/check.pkg | head -1
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
du -sh gpu2
# Packed for the carry (PTX compresses; the limit is 64 MiB).
mkdir -p gpu && tar czf gpu/b.tgz gpu2 && du -sh gpu/b.tgz
