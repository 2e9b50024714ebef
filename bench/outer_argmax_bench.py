#!/usr/bin/env python3
"""Argmax over dim 0 (bench/outer_argmax.mlir compiled by `ukc compile`)
against torch.argmax(x, dim=0) on the GPU, in one process with one timing
method: CUDA graphs of CALLS calls replayed, device time per call, median of
REPS replays, ours and torch alternating over ROUNDS rounds, the best round
reported. Each function is checked first: its indices must equal torch's
exactly (inputs are multiples of 1/64 in [-2, 2), so most columns have ties,
which the first index wins in both).

usage: outer_argmax_bench.py PKG [--reps N] [--rounds R] [--calls C] [--only SUBSTRING]
"""
import re
import sys

import torch

from cuda_driver import rounds_of, verdict, open_package_bench

DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}


def main(argv):
    columns = ["function", "ours (us)", "torch (us)", "torch/ours", "indices"]
    pkg, opts, _ = open_package_bench(argv, __doc__, columns, only="")
    failures = []
    for name in pkg.kernels:
        m = re.match(r"colargmax_(f32|bf16|f16)_(\d+)x(\d+)$", name)
        if not m or opts["only"] not in name:
            continue
        dtype, rows, cols = DTYPES[m.group(1)], int(m.group(2)), int(m.group(3))
        x = (torch.randint(-128, 128, (rows, cols), device="cuda") / 64).to(dtype)
        kernel = pkg[name]
        ours = kernel(x)
        ours = ours[-1] if isinstance(ours, tuple) else ours
        want = torch.argmax(x, dim=0)
        same = bool(torch.equal(ours.long(), want))
        if not same:
            failures.append(name)
        t_ours, t_torch = (min(t) for t in rounds_of(
            [lambda: kernel(x), lambda: torch.argmax(x, dim=0)], opts["reps"], opts["rounds"], opts["calls"]))
        print(f"| {name} | {t_ours:.1f} | {t_torch:.1f} | {t_torch / t_ours:.2f} | "
              f"{'equal' if same else 'DIFFER'} |", flush=True)
    return verdict(failures, "indices differ from torch's", "every function's indices equal torch's")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
