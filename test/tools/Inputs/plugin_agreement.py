"""Runs ukernel-opt and mlir-opt with the plugin over every pass-test input
with the project's pass pipelines, and reports where their outputs differ:
stdout, exit status and the error lines on stderr (remarks are left out:
ukernel-opt hides them unless asked).

usage: plugin_agreement.py <ukernel-opt> <plugin .so> <mlir-opt> <dir>...
"""
import glob
import os
import subprocess
import sys

PIPELINES = [
    "builtin.module(ukernel-kernel-config)",
    "builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects)",
    "builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)",
    "builtin.module(ukernel-set-target{arch=sm_80 ukernels=argmax},ukernel-kernel-config)",
    "builtin.module(ukernel-lower-to-ukernels)",
]


def errors(stderr):
    return [line for line in stderr.splitlines() if ": error: " in line]


def run(command, path, pipeline):
    args = command + ["--split-input-file", "--allow-unregistered-dialect",
                      "--mlir-elide-resource-strings-if-larger=1", f"--pass-pipeline={pipeline}", path]
    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if done.returncode < 0:
        sys.exit(f"{' '.join(args)}: killed by signal {-done.returncode}")
    return done.stdout, done.returncode, errors(done.stderr)


def main():
    ukernel_opt, plugin, mlir_opt, *dirs = sys.argv[1:]
    ours = [ukernel_opt]
    theirs = [mlir_opt, f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}"]
    inputs = sorted(p for d in dirs for p in glob.glob(os.path.join(d, "**", "*.mlir"), recursive=True))
    runs = differ = failed = 0
    for path in inputs:
        for pipeline in PIPELINES:
            a, b = run(ours, path, pipeline), run(theirs, path, pipeline)
            runs += 1
            failed += a[1] != 0
            if a != b:
                differ += 1
                what = [n for n, x, y in zip(("stdout", "exit status", "errors"), a, b) if x != y]
                print(f"DIFFER: {os.path.relpath(path)} {pipeline}: {', '.join(what)}")
                if a[2] != b[2]:
                    print("  ukernel-opt:", *a[2], sep="\n    ")
                    print("  mlir-opt + plugin:", *b[2], sep="\n    ")
    print(f"{len(inputs)} inputs x {len(PIPELINES)} pipelines: {runs} runs, "
          f"{runs - failed} succeeded, {failed} failed with errors, {differ} differ")


if __name__ == "__main__":
    main()
