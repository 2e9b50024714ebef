#!/usr/bin/env python3
"""Decode matmuls, compiled dispatches against F.linear, weights cold, in one
process with one timing method: CALLS_PER_GRAPH calls captured in a CUDA
graph and replayed, device time per call, median of REPS replays.

The kernels are those of bench/decode_matmul.mlir, from each package given
(compiled by different builds or with different options, to compare them in
one process). A decode step reads each weight once, so every call takes the
next of enough copies of its weight that together exceed L2 (as
matmul_bench.py's cold timings do). Each kernel's result is checked first
against the f64 product, within matmul_bench.py's bound. Each row times
every side ROUNDS times, the order of the sides reversed every other round,
and reports the faster timing of each side; the line under a row lists every
round. The harness kernels of matmul_bench.py are general in M, N and K;
these are the kernels the compiler emits for the shape, which is what a
registry choice should be judged by.

usage: decode_matmul_bench.py PKG... [--reps N] [--rounds R]
"""
import sys

import torch
import torch.nn.functional as F

import ukernel
from cuda_driver import command_line
from matmul_bench import CALLS_PER_GRAPH, check, cycled, rounds_of, weight_copies


def main():
    paths, options = command_line(sys.argv[1:], reps=20, rounds=3)
    reps, rounds = options["reps"], options["rounds"]
    packages = [ukernel.load(p) for p in paths]
    gen = torch.Generator(device="cuda").manual_seed(11)
    print(f"device: {torch.cuda.get_device_name()}; torch {torch.__version__}; graphs of {CALLS_PER_GRAPH} calls, "
          f"median of {reps} replays, the faster of {rounds} rounds (us per call, weights cold)")
    print(f"{'kernel':>24} | " + " | ".join(f"{p:>44}" for p in paths) + f" | {'F.linear':>9}")
    failures = 0
    for name in packages[0].kernels:
        a_arg, w_arg, _ = packages[0][name].arguments
        m, k = (int(d) for d in a_arg["shape"])
        n = int(w_arg["shape"][0])
        a = torch.randn(m, k, device="cuda", generator=gen).to(torch.bfloat16)
        w = torch.randn(n, k, device="cuda", generator=gen).to(torch.bfloat16)
        copies = weight_copies(w)
        calls, ok = [], []
        for pkg in packages:
            kern = pkg[name]
            c = torch.full((m, n), float("nan"), device="cuda")
            kern(a, w, c)
            torch.cuda.synchronize()
            good = check(c, a, w, "nk", torch.zeros(m, n, device="cuda")) <= 1.0
            failures += not good
            ok.append(good)
            calls.append(cycled([(lambda w=w, kern=kern, c=c: kern(a, w, c)) for w in copies]))
        peer = cycled([(lambda w=w: F.linear(a, w)) for w in copies])
        sides = calls + [peer]
        times = rounds_of(sides, reps, rounds)
        best = [min(t) for t in times]
        # Each package's own ukernel: the builds compared may choose differently.
        cells = [f"{t:>8.2f} ({best[-1] / t:.2f}x) {pkg[name].attributes.get('ukernel', '-')}"
                 f"{'' if good else ' MISMATCH'}" for t, good, pkg in zip(best, ok, packages)]
        print(f"{name:>24} | " + " | ".join(f"{x:>44}" for x in cells) + f" | {best[-1]:>9.2f}")
        print(f"{'':>24}   rounds: " + "; ".join(" ".join(f"{x:.2f}" for x in t) for t in times))
        del a, w, copies, calls, sides
    print("all within the bound of the f64 product" if failures == 0 else f"{failures} MISMATCH(ES)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
