# lit configuration: runs the project's tools with LLVM's FileCheck over
# test/**/*.mlir. The tools come from the cargo target directory
# (CARGO_TARGET_DIR, default target/) and profile (UKERNEL_PROFILE, default debug).
import os

import lit.formats

config.name = "ukernel"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(config.test_source_root, "..", "target")), "lit")

root = os.path.abspath(os.path.join(config.test_source_root, ".."))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
profile = os.environ.get("UKERNEL_PROFILE", "debug")
llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
tools = os.path.join(target, profile)

for tool in ("ukernel-opt", "ukc", "ukc-run", "ukc-fuzz"):
    if not os.path.exists(os.path.join(tools, tool)):
        lit_config.fatal(f"{tool} not found in {tools}: build it first (cargo build)")

config.environment["PATH"] = os.pathsep.join([tools, llvm_bin, os.environ.get("PATH", "")])
# ukc's compile cache: inside the test outputs, not the user's.
config.environment["UKC_CACHE_DIR"] = os.path.join(config.test_exec_root, "ukc-cache")
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%tools", tools))

# NVIDIA's libdevice and ptxas, where the tools find them (see
# target-nvptx/src/cuda_tools.rs): tests that need them say REQUIRES.
cuda_dir = os.environ.get("UKC_CUDA_DIR", os.path.join(root, ".toolchain", "cuda_nvcc"))
if "UKC_CUDA_DIR" in os.environ:
    config.environment["UKC_CUDA_DIR"] = cuda_dir
if os.path.isfile(os.path.join(cuda_dir, "nvvm", "libdevice", "libdevice.10.bc")):
    config.available_features.add("libdevice")
if os.path.isfile(os.path.join(cuda_dir, "bin", "ptxas")):
    config.available_features.add("ptxas")
