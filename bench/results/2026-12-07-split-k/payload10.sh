#!/usr/bin/env bash
# Builds gpu/c.tgz for run10.sh. Run payload9.sh with WGMMA_MAX_K_SPLITS =
# 16 and move gpu2/c to gpu2/n; make the part count opaque (run9.sh says
# how), build, run payload9.sh again (gpu2/c); then this script adds the
# e2e packages of valid-IR forms (gpu2/e), the fault tests (gpu2/t) and
# packs it all.
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/e && mkdir -p gpu2/e
for f in test/e2e/scalar_arguments.mlir test/e2e/other_linalg_forms.mlir test/e2e/data_movement_forms.mlir test/e2e/fp8_dispatches.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference $f -o gpu2/e/$(basename $f .mlir).pkg | head -1
done
# The test binaries of a kernel that traps (runtime, runner) and the runtime's GPU tests.
rm -rf gpu2/t && mkdir -p gpu2/t
for spec in "ukernel-runtime fault" "ukernel-runtime runtime" "ukc-runner fault"; do
  set -- $spec
  t=$(cargo test --release -p $1 --test $2 --no-run --message-format=json 2>/dev/null | grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4)
  cp "$t" gpu2/t/$1-$2
done
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
# The FP8 variants are chosen by a tuning record alone until checked on a
# GPU (FP8_RULES_CHOOSE): records written from each plan choose them.
fp8() {
  rm -rf /tmp/fp8tune && target/debug/ukc tune "$1" --arch sm_90a --no-cubin --prepare-only /tmp/fp8tune > /dev/null
  python3 test/tools/Inputs/tuning_record.py /tmp/fp8tune/plan.json uk_matmul_wgmma_narrow_f8e4m3fn_nk=1 \
    uk_matmul_wgmma_narrow_f8e5m2_nk=1 default=100 > /tmp/fp8tune.json
  target/debug/ukc compile "$1" --arch sm_90a --no-cubin --tuning /tmp/fp8tune.json "${@:3}" -o "$2" | head -1
}
fp8 test/e2e/fp8_wgmma_dispatches.mlir gpu2/e/fp8_wgmma_dispatches.pkg --reference
fp8 bench/fp8_matmul.mlir gpu2/fp8_bench.pkg
tar czf gpu/c.tgz gpu2/n gpu2/c gpu2/e gpu2/t gpu2/py gpu2/fp8_bench.pkg gpu2/ukc-run && du -sh gpu/c.tgz
