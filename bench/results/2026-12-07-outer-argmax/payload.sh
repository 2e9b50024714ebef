#!/usr/bin/env bash
# Builds gpu/e.tgz, which run1.sh carries to the GPU machine: the
# runtime-only ukc-run, the installed Python package, and packages with
# their MLIR references: the outer-dim argmax forms
# (ukernel-argmax-reduction-innermost), transposed copies in 16 x 16 tiles
# (ukernel-gpu-distribute), the contraction forms whose A or C is copied
# transposed (sm_90a and sm_90), the realir blocks and a fuzz module of a
# new seed as regressions; bench/outer_argmax.mlir built by this tree and
# by the tree without the new pass (outer_argmax_base.pkg, made before);
# the 4096^3 matmul with A as (k, m).
set -uo pipefail
cd "$(dirname "$0")/../../.."
[ -f gpu2/p/outer_argmax_base.pkg ] || { echo "gpu2/p/outer_argmax_base.pkg missing"; exit 1; }
mkdir -p gpu2/p gpu2/fuzz
for f in test/e2e/outer_dim_argmax_dispatches.mlir test/e2e/transposed_copies.mlir; do
  target/debug/ukc compile --arch sm_90 --no-cubin --reference $f -o gpu2/p/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
for f in test/e2e/contraction_forms.mlir test/realir/*.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
target/debug/ukc compile --arch sm_90 --no-cubin --reference test/e2e/contraction_forms.mlir -o gpu2/p/contraction_forms_sm90.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc-fuzz --linalg-functions 200 --seed 6 --write gpu2/g6.mlir > /dev/null 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin --reference gpu2/g6.mlir -o gpu2/fuzz/g6.pkg 2>&1 | grep -v remark | head -1
rm -f gpu2/g6.mlir
target/debug/ukc compile bench/outer_argmax.mlir --arch sm_90a -o gpu2/p/outer_argmax.pkg > gpu2/p/outer_argmax.pkg.txt 2>&1
target/debug/ukc compile --arch sm_90a --no-cubin bench/results/2026-12-07-contraction-forms/a_transposed_4096.mlir -o gpu2/a_t.pkg 2>&1 | grep -v remark | head -1
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
mkdir -p gpu && tar czf gpu/e.tgz gpu2/ukc-run gpu2/p gpu2/fuzz gpu2/py gpu2/a_t.pkg && du -sh gpu/e.tgz
