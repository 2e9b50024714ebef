#!/usr/bin/env bash
# Builds gpu/s.tgz, which run1.sh carries to the GPU machine: the
# runtime-only ukc-run; the harness PTX (`ukc build-ukernel-check
# --ptx-dir`); packages for sm_90a with their MLIR references: the split-K
# matmuls (test/e2e/split_k_matmuls.mlir) and, as regressions of the wgmma
# ABI change (its new `k_splits` argument), the fused, K x N and dtype
# forms and the realir blocks; the corpus package (its listing beside it);
# the argmax dispatches (split rows: scratch globals) for the stress test;
# the Python package, built as a wheel and installed into gpu2/py.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/p gpu2/ptx && mkdir -p gpu2/p
target/debug/ukc compile --arch sm_90 --no-cubin --reference test/e2e/argmax_dispatches.mlir -o gpu2/p/argmax_dispatches.pkg 2>&1 | grep -v remark | head -1
# The same with a kernel per shape: shared code against specialized, timed in one run.
target/debug/ukc compile --arch sm_90 --no-cubin --reference --specialize-sizes test/e2e/argmax_dispatches.mlir -o gpu2/p/argmax_dispatches_specialized.pkg 2>&1 | grep -v remark | head -1
for f in test/e2e/split_k_matmuls.mlir test/e2e/scalar_arguments.mlir test/e2e/data_movement_forms.mlir test/e2e/other_linalg_forms.mlir test/e2e/fused_matmul_dispatches.mlir test/e2e/kn_layout_dispatches.mlir test/e2e/dtype_and_result_forms.mlir test/realir/*.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/p/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
# The soak's package: the decode step's argmax (launches of a few us), with
# cubins so that its load cycles load machine code.
target/debug/ukc compile --arch sm_90 --reference bench/decode_argmax.mlir -o gpu2/p/decode_argmax.pkg 2>&1 | grep -v remark | head -1
target/debug/ukc compile bench/corpus/corpus.mlir --arch sm_90a --no-tuning -o gpu2/corpus.pkg > gpu2/corpus.pkg.txt 2>&1
target/debug/ukc build-ukernel-check -o gpu2/check.pkg --ptx-dir gpu2/ptx | head -1
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
# The runtime's test binary (its GPU tests run with --include-ignored).
t=$(cargo test --release -p ukernel-runtime --test runtime --no-run --message-format=json 2>/dev/null | grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4)
cp "$t" gpu2/runtime_tests
rm -rf gpu2/py target/py-wheel && .toolchain/venv/bin/pip wheel --quiet --no-deps -w target/py-wheel ./python
.toolchain/venv/bin/pip install --quiet --no-deps --target gpu2/py target/py-wheel/ukernel-*.whl
mkdir -p gpu && tar czf gpu/s.tgz gpu2/ukc-run gpu2/runtime_tests gpu2/p gpu2/ptx gpu2/py gpu2/corpus.pkg gpu2/corpus.pkg.txt && du -sh gpu/s.tgz
