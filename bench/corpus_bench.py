#!/usr/bin/env python3
"""The corpus of real model dispatches (bench/corpus/corpus.mlir, compiled
by `ukc compile` to a package) against torch on the GPU, in one process
with one timing method: CUDA graphs of CALLS calls replayed, device time per
call, median of REPS replays, ours and torch alternating over ROUNDS rounds
(order reversed every other round), the best round reported. Each function
is checked first against float64 on the same inputs: its error relative to
the largest reference value, beside torch's own (bf16 throughout, as the
blocks run in models); it fails when ours exceeds max(2 x torch's, 2^-7).

Prints one row per function: dispatch, kernels formed, their ukernels,
ours (us), torch (us), torch / ours (>= 1: ours is faster), errors.

The kernels formed and their ukernels are read from the listing `ukc
compile` printed (saved as PKG.txt beside the package).

usage: corpus_bench.py PKG [--reps N] [--rounds R] [--calls C] [--only SUBSTRING]
"""
import re
import sys

import torch
import torch.nn.functional as F

from cuda_driver import rounds_of, verdict, open_package_bench

BF16 = torch.bfloat16
H, I, HEADS, HD, SEQ = 4096, 11008, 32, 128, 1024


def rand(*shape, scale=1.0):
    return (torch.randn(*shape, device="cuda") * scale).to(BF16)


def weight(n, k, layout):
    """A weight of the linear map K -> N, stored as the layout says."""
    w = rand(n, k, scale=k ** -0.5)
    return w if layout == "nk" else w.t().contiguous()


def linear(x, w, layout):
    return F.linear(x, w) if layout == "nk" else x @ w


def case(name):
    """(inputs, torch function of the inputs) for a corpus function."""
    m = re.match(r"llama_(qkv|o|mlp)_(decode_b(\d+)|prefill)_(nk|kn)$", name)
    if m:
        what, rows, layout = m.group(1), int(m.group(3) or 2048), m.group(4)
        x = rand(rows, H)
        if what == "qkv":
            ws = [weight(H, H, layout) for _ in range(3)]
            return [x] + ws, lambda x, a, b, c: tuple(linear(x, w, layout) for w in (a, b, c))
        if what == "o":
            return [x, weight(H, H, layout)], lambda x, w: linear(x, w, layout)
        ws = [weight(I, H, layout), weight(I, H, layout), weight(H, I, layout)]
        return [x] + ws, lambda x, g, u, d: linear(F.silu(linear(x, g, layout)) * linear(x, u, layout), d, layout)
    m = re.match(r"attn_(scores|values)_decode_b(\d+)$", name)
    if m:
        batch = int(m.group(2)) * HEADS
        k, n = (HD, SEQ) if m.group(1) == "scores" else (SEQ, HD)
        return [rand(batch, 1, k), rand(batch, k, n, scale=k ** -0.5)], torch.bmm
    if name == "gpt2_mlp_t512":
        ins = [rand(512, 768), rand(3072, 768, scale=768 ** -0.5), rand(3072, scale=0.1),
               rand(768, 3072, scale=3072 ** -0.5), rand(768, scale=0.1)]
        return ins, lambda h, w1, b1, w2, b2: F.linear(F.gelu(F.linear(h, w1, b1)), w2, b2)
    m = re.match(r"mm_4096_(nk|kn)$", name)
    if m:
        return [rand(4096, 4096), weight(4096, 4096, m.group(1))], lambda x, w: linear(x, w, m.group(1))
    raise SystemExit(f"corpus_bench: no torch equivalent for '{name}'")


def as_tuple(v):
    return v if isinstance(v, tuple) else (v,)


def relative_error(got, want):
    scale = max(float(w.abs().max()) for w in want) or 1.0
    return max(float((g.double() - w).abs().max()) for g, w in zip(got, want)) / scale


def formed(listing_path):
    """Per function, the ukernel of each of its kernels, from `ukc compile`'s
    listing ("  name: ukernel X", "  name__k0: ukernel X")."""
    out = {}
    try:
        lines = open(listing_path).read().splitlines()
    except OSError:
        return out
    for line in lines:
        m = re.match(r"\s+(\w+?)(?:__k\d+)?: ukernel (\S+)$", line)
        if m:
            out.setdefault(m.group(1), []).append(m.group(2).removeprefix("uk_matmul_").removeprefix("uk_"))
    return out


def main(argv):
    columns = ["dispatch", "kernels", "ukernels", "ours (us)", "torch (us)", "torch/ours", "err ours", "err torch"]
    pkg, opts, path = open_package_bench(argv, __doc__, columns, only="")
    kernels_of = formed(path + ".txt")
    failures, total_ours, total_torch = [], 0.0, 0.0
    for name in pkg.kernels:
        if opts["only"] not in name:
            continue
        kernel = pkg[name]
        inputs, reference = case(name)
        ours = as_tuple(kernel(*inputs))
        theirs = as_tuple(reference(*inputs))
        want = as_tuple(reference(*[t.double() for t in inputs]))
        torch.cuda.synchronize()
        err, err_torch = relative_error(ours, want), relative_error(theirs, want)
        if not err <= max(2 * err_torch, 2 ** -7):
            failures.append(name)
        t_ours, t_torch = (min(t) for t in rounds_of(
            [lambda: kernel(*inputs), lambda: reference(*inputs)], opts["reps"], opts["rounds"], opts["calls"]))
        total_ours += t_ours
        total_torch += t_torch
        ukernels = kernels_of.get(name, ["?"])
        steps, ukernels = len(ukernels), ", ".join(ukernels)
        print(f"| {name} | {steps} | {ukernels} | {t_ours:.1f} | {t_torch:.1f} | {t_torch / t_ours:.2f} | "
              f"{err:.1e} | {err_torch:.1e} |", flush=True)
    print(f"| total | | | {total_ours:.1f} | {total_torch:.1f} | {total_torch / max(total_ours, 1e-9):.2f} | | |")
    return verdict(failures, "error above max(2 x torch's, 2^-7)",
                   "all results within max(2 x torch's error, 2^-7) of float64")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
