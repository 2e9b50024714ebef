#!/usr/bin/env python3
"""f32 matmuls (bench/f32_matmul.mlir, compiled by `ukc compile` to a
package): the CUDA-core ukernel against torch's f32 matmul with TF32 off,
in one process with one timing method (CUDA graphs of CALLS calls, median
of REPS replays, best of ROUNDS alternating rounds). Each result is checked
first against float64: its error relative to the largest reference value,
beside torch's; it fails when ours exceeds max(2 x torch's, K x 2^-24): f32
sums in another order than cuBLAS's differ by up to that (a first run with
2^-20 failed two shapes at 1.3e-6 and 2.2e-6, whose K-term sums allow 6e-5
and 2.4e-4; the harness and MLIR references passed them).

usage: f32_matmul_bench.py PKG [--reps N] [--rounds R] [--calls C]
"""
import re
import sys

import torch

from cuda_driver import rounds_of, verdict, open_package_bench


def main(argv):
    columns = ["dispatch", "ours (us)", "torch (us)", "torch/ours", "ours TFLOP/s", "err ours", "err torch"]
    pkg, opts, _ = open_package_bench(argv, __doc__, columns, calls=10, only="")
    failed = []
    for name in pkg.kernels:
        m, n, k, layout = re.match(r"mm_f32_(\d+)x(\d+)x(\d+)_(nk|kn)$", name).groups()
        m, n, k = int(m), int(n), int(k)
        a = torch.randn(m, k, device="cuda")
        b = torch.randn(k, n, device="cuda") if layout == "kn" else torch.randn(n, k, device="cuda")
        kernel = pkg[name]
        mm = (lambda a, b: a @ b) if layout == "kn" else (lambda a, b: a @ b.t())
        ours, theirs, want = kernel(a, b), mm(a, b), mm(a.double(), b.double())
        torch.cuda.synchronize()
        scale = float(want.abs().max()) or 1.0
        err = float((ours.double() - want).abs().max()) / scale
        err_torch = float((theirs.double() - want).abs().max()) / scale
        if not err <= max(2 * err_torch, k * 2 ** -24):
            failed.append(name)
        t_ours, t_torch = (min(t) for t in rounds_of(
            [lambda: kernel(a, b), lambda: mm(a, b)], opts["reps"], opts["rounds"], opts["calls"]))
        print(f"| {name} | {t_ours:.1f} | {t_torch:.1f} | {t_torch / t_ours:.2f} | {2 * m * n * k / t_ours / 1e6:.1f} | "
              f"{err:.1e} | {err_torch:.1e} |", flush=True)
    return verdict(failed, "error above max(2 x torch's, K x 2^-24)",
                   "all results within max(2 x torch's error, K x 2^-24) of float64")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
