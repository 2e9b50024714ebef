#!/usr/bin/env bash
# Builds gpu/f.tgz for run12.sh: three e2e packages with MLIR references,
# the fault test binaries and ukc-run (release).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/f && mkdir -p gpu2/f/t
target/debug/ukc compile --arch sm_90a --no-cubin --fp8-sums tensor-core --reference test/e2e/fp8_wgmma_dispatches.mlir -o gpu2/f/fp8_wgmma_dispatches.pkg | head -1
for f in test/e2e/scalar_arguments.mlir test/e2e/split_k_matmuls.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/f/$(basename $f .mlir).pkg | head -1
done
for spec in "ukernel-runtime fault" "ukc-runner fault"; do
  set -- $spec
  t=$(cargo test --release -p $1 --test $2 --no-run --message-format=json 2>/dev/null | grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4)
  cp "$t" gpu2/f/t/$1-$2
done
cargo build --release -q -p ukc-runner && cp target/release/ukc-run gpu2/f/ukc-run
tar czf gpu/f.tgz gpu2/f && du -sh gpu/f.tgz
