#!/usr/bin/env bash
# The whole test suite: Rust tests (unit, integration, insta snapshots), then
# the lit + FileCheck tests under test/, then the pass tests again through
# Debian's mlir-opt with the plugin. Installs and builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo test --workspace --quiet 2>&1
/usr/lib/llvm-22/bin/lit -sv test
/usr/lib/llvm-22/bin/lit -sv -D opt=plugin test/passes
