#!/usr/bin/env bash
# Installs what the build needs (Debian's LLVM/MLIR/clang 22 and LLVM's lit and
# FileCheck) when it is missing, then builds the workspace. Safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(llvm-22-dev libmlir-22-dev libpolly-22-dev libzstd-dev libclang-22-dev clang-22 llvm-22-tools)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust (rustup) first" >&2; exit 1; }
cargo build --workspace --quiet
