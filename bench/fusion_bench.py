#!/usr/bin/env python3
"""Fused producers on an NVIDIA GPU: each argmax kernel with an elementwise
producer fused into the ukernel (input_map) timed beside the same argmax
without the producer, and against torch doing the producer's ops and then
torch.argmax, in one process with one timing method (CUDA graphs of
CALLS_PER_GRAPH calls, replayed; device time per call, median of REPS).
Every result is checked first: the index equal to torch.argmax of torch
applying the same ops in the input's dtype, the value equal to the mapped
element within 2 ulp (math functions may differ in the last bits).

Kernels come from a package of test/e2e/fused_dispatches.mlir: `plain_<t>`
and `<producer>_<t>` pairs share the type-and-shape suffix <t>.

usage: fusion_bench.py PKG [--reps N]
"""
import sys

import torch

import ukernel
from cuda_driver import time_graph
from torch_check import DTYPES, producer

CALLS_PER_GRAPH = 20


def inputs(kernel, gen):
    x_arg, v_arg, i_arg = kernel.arguments
    shape = [int(d) for d in x_arg["shape"]]
    x = torch.randn(*shape, device="cuda", generator=gen).to(DTYPES[x_arg["dtype"]])
    val = torch.empty(*[int(d) for d in v_arg["shape"]], device="cuda", dtype=DTYPES[v_arg["dtype"]])
    idx = torch.empty(*[int(d) for d in i_arg["shape"]], device="cuda", dtype=DTYPES[i_arg["dtype"]])
    return x, val, idx


def main():
    pkg = ukernel.load(sys.argv[1])
    reps = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 20
    gen = torch.Generator(device="cuda").manual_seed(7)
    kernels = {k.name: k for k in pkg}
    print(f"{'fused kernel':>28} | {'plain':>9} {'fused':>9} {'fused/plain':>11} | {'torch':>9} {'torch/fused':>11} | check")
    ok_all = True
    for name, fused in kernels.items():
        if name.startswith("plain_"):
            continue
        suffix = name.split("_", 1)[1]
        plain = kernels[f"plain_{suffix}"]
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
        t_fused = time_graph(lambda: fused(x, val, idx), reps, CALLS_PER_GRAPH)
        t_plain = time_graph(lambda: plain(x, pv, pidx), reps, CALLS_PER_GRAPH)
        t_torch = time_graph(lambda: torch.max(torch_producer(x), dim=-1), reps, CALLS_PER_GRAPH)
        print(f"{name:>28} | {t_plain:>7.2f}us {t_fused:>7.2f}us {t_fused / t_plain:>10.3f}x | "
              f"{t_torch:>7.2f}us {t_torch / t_fused:>10.2f}x | {'equal torch' if ok else 'MISMATCH'}")
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
