#!/usr/bin/env python3
"""The default lowering (no ukernel) against torch doing the same op, for the
dispatches of bench/default_path.mlir compiled with `--ukernels none`.
Every result is checked first (matmul: within k * 2^-22 * |A||B| + 1e-6 of
a float64 product; argmax: the op's own semantics computed by torch), then
both sides are timed with CUDA events, median of the runs.

usage: default_path_bench.py PKG [--skip SUBSTRING]... [--runs N]
"""
import argparse

import torch

import ukernel
from cuda_driver import time_events


def case(name, gen):
    """Inputs, torch's version of the op, and the check of our output."""
    cuda = {"device": "cuda"}
    if name.startswith("mm_"):
        _, ty, dims = name.split("_")
        m, n, k = (int(d) for d in dims.split("x"))
        dtype = {"bf16": torch.bfloat16, "f16": torch.float16}[ty]
        a = torch.randn(m, k, generator=gen, **cuda).to(dtype)
        b = torch.randn(k, n, generator=gen, **cuda).to(dtype)

        def check(c):
            exact = a.double() @ b.double()
            bound = k * 2.0 ** -22 * (a.double().abs() @ b.double().abs()) + 1e-6
            return ((c.double() - exact).abs() / bound).max().item() <= 1.0

        return (a, b), lambda: torch.matmul(a, b), check
    if name.startswith("argmax_zero_init"):
        x = torch.randn(64, 128256, generator=gen, **cuda)
        x[::4] = -x[::4].abs()  # rows whose maximum is below the init

        def check(idx):
            want = torch.where(x.max(-1).values > 0, torch.argmax(x, -1), 0)
            return torch.equal(idx, want)

        return (x,), lambda: torch.argmax(x, -1), check
    if name.startswith("argmax_outer"):
        x = torch.randn(32000, 64, generator=gen, **cuda)
        return (x,), lambda: torch.argmax(x, 0), lambda idx: torch.equal(idx, torch.argmax(x, 0))
    if name.startswith("argmax_maxnumf"):
        x = torch.randn(4096, 32000, generator=gen, **cuda)
        return (x,), lambda: torch.argmax(x, -1), lambda idx: torch.equal(idx, torch.argmax(x, -1))
    raise SystemExit(f"no torch version of {name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("package")
    parser.add_argument("--skip", action="append", default=[])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    gen = torch.Generator(device="cuda").manual_seed(19)
    pkg = ukernel.load(args.package)
    print(f"{args.package}:")
    print(f"  {'kernel':<28} {'ours ms':>10} {'torch ms':>10} {'ours/torch':>11}  result")
    ok = True
    for kernel in pkg:
        if any(s in kernel.name for s in args.skip):
            print(f"  {kernel.name:<28} skipped")
            continue
        inputs, theirs, check = case(kernel.name, gen)
        out = kernel(*inputs)
        torch.cuda.synchronize()
        correct = check(out)
        ok &= correct
        ours_ms = time_events(lambda: kernel(*inputs), args.runs) / 1000
        torch_ms = time_events(theirs, args.runs) / 1000
        print(f"  {kernel.name:<28} {ours_ms:>10.3f} {torch_ms:>10.4f} {ours_ms / torch_ms:>10.1f}x  "
              f"{'correct' if correct else 'WRONG'}")
    print("ALL CORRECT" if ok else "SOME WRONG")


if __name__ == "__main__":
    main()
