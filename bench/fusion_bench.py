#!/usr/bin/env python3
"""Fusion on an NVIDIA GPU, in one process with one timing method (CUDA
graphs of CALLS_PER_GRAPH calls, replayed; device time per call, median of
REPS; fused, plain and torch each timed in ROUNDS rounds, the order reversed
every other round, the best round reported):

- argmax kernels with an elementwise producer fused into the ukernel
  (input_map), beside the same argmax without the producer and torch doing
  the producer's ops and then torch.max; checked first: the index equal to
  torch's, the value within 2 ulp (math functions may differ in the last
  bits);
- matmul kernels with a bias + GELU (tanh form) + 16-bit output consumer
  fused into the ukernel (store), beside the same matmul without it and
  torch's F.linear with the bias and then F.gelu(approximate="tanh");
  checked first against the consumer applied in f32 to the f32 product
  (TF32 off), within k 2^-22 |A||B| + 2 ulp of the output type.

Kernels come from packages of test/e2e/fused_dispatches.mlir and
fused_matmul_dispatches.mlir: `plain_<t>` and `<consumer>_<t>` pairs share
the suffix <t>.

Inputs are drawn from N(0, 1), times S with --scale S: the producers and
consumers with a branch (libdevice's tanh takes one of two formulas by
magnitude) cost differently where a warp's elements take different ones.

usage: fusion_bench.py PKG... [--reps N] [--rounds R] [--scale S]
"""
import sys

import torch
import torch.nn.functional as F

import ukernel
from cuda_driver import command_line, rounds_of
from torch_check import DTYPES, producer

CALLS_PER_GRAPH = 20
SCALE = 1.0  # --scale
ROUNDS = 3  # --rounds


def best_of_rounds(calls, reps):
    """The best round's time per call of each call (None: not timed, NaN)."""
    timed = [c for c in calls if c is not None]
    times = iter(min(t) for t in rounds_of(timed, reps, ROUNDS, CALLS_PER_GRAPH))
    return [next(times) if c is not None else float("nan") for c in calls]


def inputs(kernel, gen):
    x_arg, v_arg, i_arg = kernel.arguments
    shape = [int(d) for d in x_arg["shape"]]
    x = (torch.randn(*shape, device="cuda", generator=gen) * SCALE).to(DTYPES[x_arg["dtype"]])
    val = torch.empty(*[int(d) for d in v_arg["shape"]], device="cuda", dtype=DTYPES[v_arg["dtype"]])
    idx = torch.empty(*[int(d) for d in i_arg["shape"]], device="cuda", dtype=DTYPES[i_arg["dtype"]])
    return x, val, idx


def gelu_tanh(y):
    return 0.5 * y * (1.0 + torch.tanh(0.797884583 * (y + 0.044715 * y * y * y)))


def matmul_row(name, fused, plain, gen, reps):
    """Checks and times a fused matmul kernel (a, w, bias, out)."""
    a_arg, w_arg, bias_arg, out_arg = fused.arguments
    m, k = (int(d) for d in a_arg["shape"])
    n = int(w_arg["shape"][0])
    dt = DTYPES[a_arg["dtype"]]
    a = (torch.randn(m, k, device="cuda", generator=gen) * SCALE).to(dt)
    w = torch.randn(n, k, device="cuda", generator=gen).to(dt)
    bias = torch.randn(n, device="cuda", generator=gen)
    out = torch.empty(m, n, device="cuda", dtype=DTYPES[out_arg["dtype"]])
    fused(a, w, bias, out)
    torch.cuda.synchronize()
    torch.backends.cuda.matmul.allow_tf32 = False
    ref = gelu_tanh(a.float() @ w.float().T + bias)
    bound = a.float().abs() @ w.float().abs().T
    eps = 2.0 ** -7 if out.dtype == torch.bfloat16 else 2.0 ** -10
    tol = 2 * k * 2.0 ** -22 * bound + 2 * eps * ref.abs() + 1e-6
    ok = bool(((out.float() - ref).abs() <= tol).all())
    c = torch.empty(m, n, device="cuda")
    t_fused, t_plain, t_torch = best_of_rounds([
        lambda: fused(a, w, bias, out),
        (lambda: plain(a, w, c)) if plain is not None else None,
        lambda: F.gelu(F.linear(a, w, bias.to(dt)), approximate="tanh"),
    ], reps)
    print(f"{name:>28} | {t_plain:>7.2f}us {t_fused:>7.2f}us {t_fused / t_plain:>10.3f}x | "
          f"{t_torch:>7.2f}us {t_torch / t_fused:>10.2f}x | {'within tolerance of torch' if ok else 'MISMATCH'}")
    return ok


def main():
    global SCALE, ROUNDS
    paths, options = command_line(sys.argv[1:], reps=20, rounds=ROUNDS, scale=SCALE)
    reps, ROUNDS, SCALE = options["reps"], options["rounds"], options["scale"]
    gen = torch.Generator(device="cuda").manual_seed(7)
    kernels = {k.name: k for p in paths for k in ukernel.load(p)}
    print(f"{'fused kernel':>28} | {'plain':>9} {'fused':>9} {'fused/plain':>11} | {'torch':>9} {'torch/fused':>11} | check")
    ok_all = True
    for name, fused in kernels.items():
        if name.startswith("plain_"):
            continue
        suffix = name.split("_", 1)[1]
        plain = kernels.get(f"plain_{suffix}")
        if fused.attributes.get("reference") == "matmul":
            # Timed: the bias + GELU consumers (others are checked by
            # torch_check.py).
            if name.startswith("gelu_"):
                ok_all &= matmul_row(name, fused, plain, gen, reps)
            continue
        if plain is None or any(isinstance(d, str) for d in fused.arguments[0]["shape"]):
            continue
        x, val, idx = inputs(fused, gen)
        tokens = fused.attributes["reference.producer"].split()
        fused(x, val, idx)
        torch.cuda.synchronize()
        torch_producer = producer(tokens, x.dtype, x.device)
        mapped = torch_producer(x)
        want = torch.argmax(mapped, dim=-1)
        # Index exact; value within 2 ulp (torch's tanh and libdevice's may
        # differ in the last bits).
        ref = mapped.gather(-1, want.unsqueeze(-1)).squeeze(-1)
        ok = torch.equal(idx.long(), want) and torch.allclose(val.float(), ref.float(), rtol=2.0**-21, atol=0.0)
        ok_all &= ok
        pv, pidx = torch.empty_like(val), torch.empty_like(idx)
        t_fused, t_plain, t_torch = best_of_rounds([
            lambda: fused(x, val, idx),
            lambda: plain(x, pv, pidx),
            lambda: torch.max(torch_producer(x), dim=-1),
        ], reps)
        print(f"{name:>28} | {t_plain:>7.2f}us {t_fused:>7.2f}us {t_fused / t_plain:>10.3f}x | "
              f"{t_torch:>7.2f}us {t_torch / t_fused:>10.2f}x | {'equal torch' if ok else 'MISMATCH'}")
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
