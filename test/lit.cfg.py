# lit configuration: runs the project's tools with LLVM's FileCheck over
# test/**/*.mlir. The tools come from the cargo target directory
# (CARGO_TARGET_DIR, default target/) and profile (UKERNEL_PROFILE, default debug).
import os

import lit.formats

config.name = "ukernel"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "lit.cfg.py", "realir"]
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

# A small tmpfs can be mounted (root where mounts are allowed): tests of a
# full disk say REQUIRES: tmpfs.
def can_mount_tmpfs():
    import subprocess, tempfile
    if os.geteuid() != 0 or not os.path.exists("/bin/mount"):
        return False
    d = tempfile.mkdtemp()
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", d], capture_output=True).returncode == 0
        if ok:
            subprocess.run(["umount", d], capture_output=True)
        return ok
    finally:
        os.rmdir(d)
if can_mount_tmpfs():
    config.available_features.add("tmpfs")

# An NVIDIA GPU with its driver: the GPU parts of test/stress say REQUIRES:
# gpu, and are reported unsupported (not passed) elsewhere.
def has_gpu():
    import shutil, subprocess
    if not shutil.which("nvidia-smi"):
        return False
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True)
    return listed.returncode == 0 and "GPU " in listed.stdout
if has_gpu():
    config.available_features.add("gpu")

# The plugin (plugin/) in Debian's mlir-opt: `%mlir-opt-plugin` runs
# mlir-opt-22 with our dialect and passes loaded. With `-D opt=plugin`, the
# pass tests run through it instead of ukernel-opt (scripts/test.sh does
# both): `--ukernel-explain` is dropped, since the plugin's kernel config
# explains its decisions by default.
mlir_opt = os.path.join(llvm_bin, "mlir-opt")
plugin = os.path.join(tools, "libukernel_mlir_plugin.so")
plugin_command = f"{mlir_opt} --load-dialect-plugin={plugin} --load-pass-plugin={plugin}"
if os.path.exists(mlir_opt) and os.path.exists(plugin):
    config.available_features.add("mlir-opt-plugin")
config.substitutions.append(("%mlir-opt-plugin", plugin_command))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%mlir-opt", mlir_opt))
# A C++ compile against Debian's shared MLIR, for the plugin's C++ example.
clangxx = os.path.join(llvm_bin, "clang++")
llvm_config = os.path.join(llvm_bin, "llvm-config")
if os.path.exists(clangxx) and os.path.exists(llvm_config):
    import subprocess
    cxxflags = subprocess.run([llvm_config, "--cxxflags"], capture_output=True, text=True).stdout.strip()
    libdir = subprocess.run([llvm_config, "--libdir"], capture_output=True, text=True).stdout.strip()
    config.available_features.add("mlir-cxx")
    config.substitutions.append(
        ("%mlir-cxx", f"{clangxx} -std=c++17 {cxxflags} -L{libdir} -Wl,-rpath,{libdir} -lMLIR -lLLVM"))
if lit_config.params.get("opt") == "plugin":
    if "mlir-opt-plugin" not in config.available_features:
        lit_config.fatal(f"-D opt=plugin needs {mlir_opt} (Debian package mlir-22-tools) and {plugin}")
    config.name = "ukernel (mlir-opt + plugin)"
    config.substitutions.insert(0, (r" --ukernel-explain\b", ""))
    config.substitutions.insert(1, (r"(?<![\w-])ukernel-opt(?![\w-])", plugin_command))
