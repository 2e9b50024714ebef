#!/usr/bin/env python3
"""FP8 matmuls (bench/fp8_matmul.mlir compiled by `ukc compile --arch
sm_90a`) against torch._scaled_mm in one process with one timing method:
CUDA graphs of CALLS calls replayed, device time per call, median of REPS
replays, ours and torch alternating over ROUNDS rounds, the best round
reported. Each function is checked first against float64 on the same
inputs (the f8E4M3FN values are exact in float64): its error relative to the
largest reference value, beside torch's; it fails above max(2 x torch's,
2^-7) (both round to bf16).

Prints one row per function: shape, ours (us), torch (us), torch / ours
(>= 1: ours is faster), TFLOP/s of ours, errors.

usage: fp8_matmul_bench.py PKG [--reps N] [--rounds R] [--calls C]
"""
import re
import sys

import torch

from cuda_driver import rounds_of, verdict, open_package_bench

E4M3 = torch.float8_e4m3fn


def main(argv):
    columns = ["M x N x K", "ours (us)", "torch._scaled_mm (us)", "torch/ours", "ours TFLOP/s", "err ours", "err torch"]
    pkg, opts, _ = open_package_bench(argv, __doc__, columns, calls=10)
    failures = []
    for name in pkg.kernels:
        m, n, k = (int(x) for x in re.match(r"fp8_(\d+)x(\d+)x(\d+)$", name).groups())
        a = (torch.randn(m, k, device="cuda") * 2).to(E4M3)
        b = (torch.randn(n, k, device="cuda") * 2).to(E4M3)
        sa = torch.tensor(0.5, device="cuda")
        sb = torch.tensor(k ** -0.5, device="cuda")
        kernel = pkg[name]

        def theirs():
            return torch._scaled_mm(a, b.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16)

        ours_out, theirs_out = kernel(a, b, sa, sb), theirs()
        want = (a.double() @ b.double().t()) * sa.double() * sb.double()
        scale = float(want.abs().max()) or 1.0
        err = float((ours_out.double() - want).abs().max()) / scale
        err_torch = float((theirs_out.double() - want).abs().max()) / scale
        if not err <= max(2 * err_torch, 2 ** -7):
            failures.append(name)
        t_ours, t_torch = (min(t) for t in rounds_of([lambda: kernel(a, b, sa, sb), theirs], opts["reps"],
                                                      opts["rounds"], opts["calls"]))
        tflops = 2 * m * n * k / t_ours / 1e6
        print(f"| {m} x {n} x {k} | {t_ours:.1f} | {t_torch:.1f} | {t_torch / t_ours:.2f} | {tflops:.0f} | "
              f"{err:.1e} | {err_torch:.1e} |", flush=True)
    return verdict(failures, "error above max(2 x torch's, 2^-7)",
                   "all results within max(2 x torch's error, 2^-7) of float64")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
