#!/usr/bin/env bash
# Builds gpu/r.tgz for run1.sh: ukc-run (release), the fault test
# binaries, packages with their MLIR references (scalar_arguments, whose
# branch temporary is no longer a device malloc per launch; the FP8 wgmma
# dispatches with --fp8-sums tensor-core; the split-K matmuls as one
# package; the stress suite's mixed functions), the model-dispatch corpus
# (split K on) and the Python package for its bench.
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/r && mkdir -p gpu2/r/t
target/debug/ukc compile --arch sm_90a --no-cubin --fp8-sums tensor-core --reference test/e2e/fp8_wgmma_dispatches.mlir -o gpu2/r/fp8_wgmma_dispatches.pkg 2>&1 | grep -v remark | head -1
for f in test/e2e/scalar_arguments.mlir test/e2e/split_k_matmuls.mlir test/stress/Inputs/mixed.mlir test/e2e/pack_and_unpack_keep_upstream_lowering_results.mlir test/e2e/integer_ops.mlir test/e2e/scan_reverse_and_constant_forms.mlir test/e2e/argmax_select_combiner_dispatches.mlir test/e2e/elementwise_ops_on_tensors.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/r/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
mkdir -p gpu2/r/realir
for f in test/realir/f_*.mlir; do
  case $(basename $f) in f_cumsum.mlir|f_topk.mlir) continue;; esac
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/r/realir/$(basename $f .mlir).pkg > /dev/null 2>&1 || echo "FAILED $f"
done
target/debug/ukc compile bench/corpus/corpus.mlir --arch sm_90a --no-tuning -o gpu2/r/corpus.pkg > gpu2/r/corpus.pkg.txt 2>&1
for spec in "ukernel-runtime fault" "ukc-runner fault"; do
  set -- $spec
  t=$(cargo test --release -p $1 --test $2 --no-run --message-format=json 2>/dev/null | grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4)
  cp "$t" gpu2/r/t/$1-$2
done
cargo build --release -q -p ukc-runner && cp target/release/ukc-run gpu2/r/ukc-run
rm -rf gpu2/r/py target/py-wheel && .toolchain/venv/bin/pip wheel --quiet --no-deps -w target/py-wheel ./python
.toolchain/venv/bin/pip install --quiet --no-deps --target gpu2/r/py target/py-wheel/ukernel-*.whl
mkdir -p gpu && tar czf gpu/r.tgz gpu2/r && du -sh gpu/r.tgz
