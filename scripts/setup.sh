#!/usr/bin/env bash
# Installs what the build needs (Debian's LLVM/MLIR/clang 22 and LLVM's lit and
# FileCheck) when it is missing, then builds the workspace. Safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

# procps: pgrep, for the test of a killed compile.
packages=(llvm-22-dev libmlir-22-dev libpolly-22-dev libzstd-dev libclang-22-dev clang-22 llvm-22-tools mlir-22-tools procps)
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

# NVIDIA's libdevice (math functions) and ptxas (cubins), from the
# redistributable nvidia-cuda-nvcc-cu12 wheel, unpacked into
# .toolchain/cuda_nvcc. Optional: without them compiles emit PTX only and
# math ops that need libdevice are errors.
nvcc_wheel=nvidia-cuda-nvcc-cu12==12.9.86
tools=.toolchain/cuda_nvcc
if [ ! -x "$tools/bin/ptxas" ] || [ ! -f "$tools/nvvm/libdevice/libdevice.10.bc" ]; then
    if ! python3 -m pip --version >/dev/null 2>&1; then
        sudo_cmd=()
        [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-pip >/dev/null 2>&1 || true
    fi
    download=$(mktemp -d)
    if python3 -m pip download --quiet --no-deps \
            --only-binary=:all: --dest "$download" "$nvcc_wheel" >/dev/null 2>&1; then
        echo "setup: unpacking $nvcc_wheel into $tools"
        python3 - "$download"/*.whl "$tools" <<'PY'
import sys, zipfile, os
wheel, dest = sys.argv[1], sys.argv[2]
wanted = {"nvidia/cuda_nvcc/bin/ptxas": "bin/ptxas",
          "nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc": "nvvm/libdevice/libdevice.10.bc"}
with zipfile.ZipFile(wheel) as z:
    for name, rel in wanted.items():
        path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with z.open(name) as src, open(path + ".tmp", "wb") as out:
            out.write(src.read())
        os.chmod(path + ".tmp", 0o755)
        os.replace(path + ".tmp", path)
PY
    else
        echo "setup: could not download $nvcc_wheel; compiles will emit PTX only (no cubins, no libdevice math)" >&2
    fi
    rm -rf "$download"
fi

# The Python package's tests run in a virtual environment.
if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq python3-venv >/dev/null
fi

command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust (rustup) first" >&2; exit 1; }
cargo build --workspace --quiet
