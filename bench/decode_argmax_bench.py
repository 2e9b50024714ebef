#!/usr/bin/env python3
"""Decode-step argmax, compiled dispatches against torch.argmax, in one
process with one timing method: CALLS_PER_GRAPH calls captured in a CUDA
graph and replayed, device time per call, median of REPS replays.

The kernels are those of bench/decode_argmax.mlir, from each package given
(compiled by different builds or with different options, to compare them
in one process). Every kernel's
indices are checked first against torch.argmax on inputs with a NaN in
row 0 and a tied maximum in row 1, then on plain random rows (timed).

usage: decode_argmax_bench.py PKG... [--reps N]
"""
import sys

import torch

import ukernel
from cuda_driver import command_line, time_graph

CALLS_PER_GRAPH = 20
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}


def adversarial(x):
    """A NaN in row 0, a maximum tied at two places in row 1."""
    x = x.clone()
    n = x.shape[1]
    x[0, n // 3] = float("nan")
    if x.shape[0] > 1:
        x[1, n // 4] = 1000.0
        x[1, n // 2] = 1000.0
    return x


def main():
    paths, options = command_line(sys.argv[1:], reps=20)
    reps = options["reps"]
    packages = [ukernel.load(p) for p in paths]
    gen = torch.Generator(device="cuda").manual_seed(7)
    print(f"device: {torch.cuda.get_device_name()}; torch {torch.__version__}; "
          f"graphs of {CALLS_PER_GRAPH} calls, median of {reps} replays (us per call)")
    print(f"{'kernel':>24} | " + " | ".join(f"{p:>28}" for p in paths) + f" | {'torch.argmax':>12}")
    failures = 0
    for name in packages[0].kernels:
        x_arg = packages[0][name].arguments[0]
        shape = [int(d) for d in x_arg["shape"]]
        x = torch.randn(*shape, device="cuda", generator=gen).to(DTYPES[x_arg["dtype"]])
        hostile = adversarial(x)
        row = []
        for pkg in packages:
            k = pkg[name]
            # Every argument given (the native path): the input, then the
            # outputs; the index is the last.
            outs = [torch.empty([int(d) for d in a["shape"]], device="cuda", dtype=getattr(torch, {
                "f32": "float32", "bf16": "bfloat16", "f16": "float16", "i64": "int64", "i32": "int32"}[a["dtype"]]))
                for a in k.arguments[1:]]

            def index_of(t):
                k(t, *outs)
                return outs[-1].clone()

            ok = all(torch.equal(index_of(t), torch.argmax(t, -1)) for t in (hostile, x))
            failures += not ok
            t = time_graph(lambda: k(x, *outs), reps, CALLS_PER_GRAPH) if ok else float("nan")
            row.append(f"{t:>10.2f}{'' if ok else ' MISMATCH'}")
        t_torch = time_graph(lambda: torch.argmax(x, -1), reps, CALLS_PER_GRAPH)
        print(f"{name:>24} | " + " | ".join(f"{r:>28}" for r in row) + f" | {t_torch:>12.2f}")
    print("all equal to torch.argmax" if failures == 0 else f"{failures} MISMATCH(ES)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
