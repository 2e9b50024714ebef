#!/usr/bin/env python3
"""The main job's example end to end: the tail of one decode step (`ukc
demo`: the LM head, 1 or 8 tokens x 4096 against a 128256 x 4096 bf16
weight, then greedy sampling's argmax over the logits) against what a
PyTorch user writes for it, in one process with one timing method: a step
(both dispatches) captured CALLS_PER_GRAPH times in a CUDA graph and
replayed, device time per step, median of REPS replays; each side timed
ROUNDS times, the order reversed every other round, the faster kept.

Peers:
- `torch.argmax(F.linear(x, w), -1)`: what a generate loop computes; its
  logits are bf16.
- the same with f32 logits, as ours are (`torch.mm(x, w.t(),
  out_dtype=torch.float32)`; a '-' where this torch lacks `out_dtype`).
The weight (1 GiB) exceeds L2 many times over, so every step reads it from
DRAM, as a decode step does.

Checked first, per batch size: our logits against the f64 product within
matmul_bench.py's bound; our tokens equal torch.argmax over our own logits
(exact: first index of the maximum, NaN first); and each token's f64 logit
is within the bound of its row's f64 maximum (f32 sums may order near ties
differently from f64, so the token is checked against that slack, not
against the f64 argmax alone).

usage: decode_step_bench.py DECODE_STEP_PKG [--reps N] [--rounds R]
"""
import sys

import torch
import torch.nn.functional as F

import ukernel
from cuda_driver import command_line
from matmul_bench import CALLS_PER_GRAPH, error_ratio, f64_product, rounds_of

DTYPES = {"f32": torch.float32, "i64": torch.int64, "i32": torch.int32}


def tokens_ok(tokens, ref, tol):
    """Each row's token is a maximum within the bound: its f64 logit plus
    both elements' bounds reaches the row's f64 maximum."""
    best = ref.argmax(-1, keepdim=True)
    t = tokens.long().unsqueeze(-1)
    slack = tol.gather(-1, t) + tol.gather(-1, best)
    return bool((ref.gather(-1, t) + slack >= ref.gather(-1, best)).all())


def f32_linear():
    """torch's bf16 x bf16 -> f32 product, or None where torch lacks it."""
    a = torch.ones(2, 8, device="cuda", dtype=torch.bfloat16)
    try:
        torch.mm(a, a.t(), out_dtype=torch.float32)
    except (TypeError, RuntimeError):
        return None
    return lambda x, w: torch.mm(x, w.t(), out_dtype=torch.float32)


def main():
    paths, options = command_line(sys.argv[1:], reps=20, rounds=3)
    if len(paths) != 1:
        sys.exit(__doc__.strip().splitlines()[-1])
    reps, rounds = options["reps"], options["rounds"]
    pkg = ukernel.load(paths[0])
    gen = torch.Generator(device="cuda").manual_seed(13)
    mm32 = f32_linear()
    print(f"device: {torch.cuda.get_device_name()}; torch {torch.__version__}; graphs of {CALLS_PER_GRAPH} steps, "
          f"median of {reps} replays, the faster of {rounds} rounds (us per step)")
    print(f"{'tokens':>6} | {'ours (LM head + argmax)':>32} | {'F.linear + argmax':>22} | {'f32 logits + argmax':>22}")
    failures = 0
    batches = sorted(int(name[len("lm_head_b"):]) for name in pkg.kernels if name.startswith("lm_head_b"))
    for b in batches:
        head, pick = pkg[f"lm_head_b{b}"], pkg[f"next_token_b{b}"]
        _, w_arg, _ = head.arguments
        n, k = (int(d) for d in w_arg["shape"])
        x = torch.randn(b, k, device="cuda", generator=gen).to(torch.bfloat16)
        w = torch.randn(n, k, device="cuda", generator=gen).to(torch.bfloat16)
        logits = torch.full((b, n), float("nan"), device="cuda")
        idx_arg = pick.arguments[-1]
        tokens = torch.empty([int(d) for d in idx_arg["shape"]], device="cuda", dtype=DTYPES[idx_arg["dtype"]])

        def ours():
            head(x, w, logits)
            pick(logits, tokens)

        ours()
        torch.cuda.synchronize()
        ref, tol = f64_product(x, w, "nk", torch.zeros(b, n, device="cuda"))
        logits_ok = error_ratio(logits, ref, tol) <= 1.0
        argmax_ok = torch.equal(tokens.long(), torch.argmax(logits, -1))
        near_ok = tokens_ok(tokens, ref, tol)
        del ref, tol
        ok = logits_ok and argmax_ok and near_ok
        failures += not ok
        sides = [ours, lambda: torch.argmax(F.linear(x, w), -1)]
        if mm32:
            sides.append(lambda: torch.argmax(mm32(x, w), -1))
        times = rounds_of(sides, reps, rounds)
        best = [min(t) for t in times]
        mb = w.numel() * w.element_size() / 1e6  # MB per us is TB/s
        verdict = "" if ok else f" MISMATCH (logits {logits_ok}, argmax {argmax_ok}, near f64 max {near_ok})"
        ours_cell = f"{best[0]:.2f} ({mb / best[0]:.2f} TB/s){verdict}"
        peers = [f"{t:.2f} ({t / best[0]:.2f}x ours)" for t in best[1:]] + (["-"] if not mm32 else [])
        print(f"{b:>6} | {ours_cell:>32} | {peers[0]:>22} | {peers[1]:>22}")
        print(f"{'':>6}   rounds: " + "; ".join(" ".join(f"{v:.2f}" for v in t) for t in times))
        del x, w, logits, sides
    print("every token checked" if failures == 0 else f"{failures} MISMATCH(ES)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
