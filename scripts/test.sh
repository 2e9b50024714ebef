#!/usr/bin/env bash
# The whole test suite: Rust tests (unit, integration, insta snapshots), then
# the lit + FileCheck tests under test/, then the pass tests again through
# Debian's mlir-opt with the plugin, then the Python package, installed with
# pip as a user would, and its tests (GPU ones skip with the reason).
# Clippy's deny-level lints (correctness) run first where clippy is installed.
# Installs and builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if cargo clippy --version >/dev/null 2>&1; then
    cargo clippy --workspace --all-targets --quiet -- -A warnings
else
    echo "clippy: skipped (not installed)"
fi
cargo test --workspace --quiet 2>&1
/usr/lib/llvm-22/bin/lit -sv test
/usr/lib/llvm-22/bin/lit -sv -D opt=plugin test/passes
python3 -m venv .toolchain/venv
.toolchain/venv/bin/pip install --quiet ./python
UKC=target/debug/ukc .toolchain/venv/bin/python -m unittest discover -v -s python/tests 2>&1
