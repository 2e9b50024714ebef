#!/usr/bin/env bash
# The whole test suite: Rust tests (unit, integration, insta snapshots), then
# the lit + FileCheck tests under test/, then the pass tests again through
# Debian's mlir-opt with the plugin, then the Python package, installed with
# pip as a user would, and its tests (GPU ones skip with the reason).
# Installs and builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --quiet 2>&1
/usr/lib/llvm-22/bin/lit -sv test
/usr/lib/llvm-22/bin/lit -sv -D opt=plugin test/passes
python3 -m venv .toolchain/venv
.toolchain/venv/bin/pip install --quiet ./python
UKC=target/debug/ukc .toolchain/venv/bin/python -m unittest discover -v -s python/tests 2>&1
