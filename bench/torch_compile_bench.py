#!/usr/bin/env python3
"""The demo's decode step (`ukc demo --out D` writes D/decode_step.pkg: an
LM head, 128256 x 4096 bf16, then argmax over the logits) as torch custom
ops (`ukernel.torch.register`), at batch 1 and 8:

- correctness: the step under torch.compile(fullgraph=True) returns the
  eager step's indices exactly, and each index's logit is the row's largest
  within 2^-8 of float64's (ties in bf16 products can swap indices);
- tracing: torch._dynamo.explain shows one graph and no graph break;
- time: the step under torch.compile(mode="reduce-overhead",
  fullgraph=True) against the two kernels called directly inside a
  torch.cuda.CUDAGraph, each replayed or called CALLS times between CUDA
  events, median of REPS, alternating over ROUNDS rounds, the best round.
  The weight is a parameter of the step's module, as in a model.

Prints one row per batch: step (us) direct in a graph, under
reduce-overhead, their ratio, explain's graphs and breaks, and whether the
results agree. Exit 1 when a check fails.

usage: torch_compile_bench.py PKG [--reps N] [--rounds R] [--calls C]
"""
import statistics
import sys

import torch

import ukernel
import ukernel.torch
from cuda_driver import command_line

H, V = 4096, 128256


def time_calls(fn, calls, reps):
    """Median over `reps` of the device time per call of `calls` calls."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    samples = []
    for _ in range(reps):
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) * 1000.0 / calls)
    return statistics.median(samples)


def main(argv):
    paths, opts = command_line(argv, reps=10, rounds=2, calls=50)
    if len(paths) != 1:
        raise SystemExit(__doc__)
    pkg = ukernel.load(paths[0])
    ops = ukernel.torch.register(pkg, namespace="decode_bench")
    torch.manual_seed(0)
    w = (torch.randn(V, H, device="cuda") * H ** -0.5).to(torch.bfloat16)
    print(f"# {torch.cuda.get_device_name()}; torch {torch.__version__}; {opts['calls']} calls per timing, "
          f"median of {opts['reps']}, best of {opts['rounds']} rounds")
    print("| batch | direct in a CUDA graph (us) | torch.compile reduce-overhead (us) | compiled / direct | "
          "graphs, breaks | results |")
    print("|---|---|---|---|---|---|")
    failed = False
    for batch in (1, 8):
        lm_head, next_token = getattr(ops, f"lm_head_b{batch}"), getattr(ops, f"next_token_b{batch}")

        class Step(torch.nn.Module):
            # The weight a parameter, as in a model: reduce-overhead's CUDA
            # graphs then read it in place (a plain tensor input is copied
            # into the graph's own buffer on every call: 1 GB here).
            def __init__(self):
                super().__init__()
                self.w = torch.nn.Parameter(w, requires_grad=False)

            def forward(self, h):
                return next_token(lm_head(h, self.w))

        step = Step()

        h = torch.randn(batch, H, device="cuda").to(torch.bfloat16)
        eager = step(h)
        compiled = torch.compile(step, fullgraph=True)(h)
        explained = torch._dynamo.explain(step)(h)
        logits = h.double() @ w.double().t()
        best = logits.max(dim=1).values
        chosen = logits.gather(1, eager.long().view(batch, 1)).view(batch)
        near = bool(((best - chosen) <= best.abs() * 2 ** -8).all())
        agree = bool(torch.equal(compiled, eager)) and near
        graphs = (explained.graph_count, explained.graph_break_count)
        failed |= not agree or graphs != (1, 0)

        # The kernels directly: outputs allocated once, one step captured.
        kernels = (pkg[f"lm_head_b{batch}"], pkg[f"next_token_b{batch}"])
        out_logits = torch.empty(batch, V, device="cuda")
        out_index = torch.empty(batch, dtype=eager.dtype, device="cuda")
        kernels[0](h, w, out_logits)
        kernels[1](out_logits, out_index)
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            kernels[0](h, w, out_logits)
            kernels[1](out_logits, out_index)
        reduce_overhead = torch.compile(step, mode="reduce-overhead", fullgraph=True)
        for _ in range(3):
            reduce_overhead(h)
        graph.replay()
        torch.cuda.synchronize()
        agree &= bool(torch.equal(out_index, eager)) and bool(torch.equal(reduce_overhead(h), eager))
        direct, compiled_t = [], []
        for r in range(opts["rounds"]):
            pair = [(direct, graph.replay), (compiled_t, lambda: reduce_overhead(h))]
            for into, fn in (pair if r % 2 == 0 else pair[::-1]):
                into.append(time_calls(fn, opts["calls"], opts["reps"]))
        d, c = min(direct), min(compiled_t)
        print(f"| {batch} | {d:.1f} | {c:.1f} | {c / d:.3f} | {graphs[0]}, {graphs[1]} | "
              f"{'equal' if agree else 'DIFFER'} |", flush=True)
    if failed:
        print("FAILED: a result differs or the step does not trace as one graph")
        return 1
    print("compiled results equal eager's; one graph, no break")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
