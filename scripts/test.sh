#!/usr/bin/env bash
# The whole test suite: Rust tests (unit, integration, insta snapshots), then
# the lit + FileCheck tests under test/, then the pass tests again through
# Debian's mlir-opt with the plugin, then the Python package, built as an
# abi3 wheel and installed into a fresh venv as a user would, and its tests
# (GPU and torch ones skip with the reason).
# Clippy's deny-level lints (correctness) run first where clippy is installed,
# and a check that no crate's modules import each other in a cycle.
# Installs and builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if cargo clippy --version >/dev/null 2>&1; then
    cargo clippy --workspace --all-targets --quiet -- -A warnings
else
    echo "clippy: skipped (not installed)"
fi
python3 scripts/module_cycles.py
cargo test --workspace --quiet 2>&1
/usr/lib/llvm-22/bin/lit -sv test
/usr/lib/llvm-22/bin/lit -sv -D opt=plugin test/passes
# The wheel (abi3, built by maturin through pip) into a fresh venv, as a
# user installs it.
rm -rf .toolchain/venv target/wheels
python3 -m venv .toolchain/venv
.toolchain/venv/bin/pip wheel --quiet --no-deps -w target/wheels ./python
ls target/wheels/ukernel-*-abi3-*.whl
.toolchain/venv/bin/pip install --quiet target/wheels/ukernel-*.whl
UKC=target/debug/ukc .toolchain/venv/bin/python -m unittest discover -v -s python/tests 2>&1
