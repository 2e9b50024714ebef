#!/usr/bin/env python3
"""Calls every kernel of ukernel packages on torch tensors through the
`ukernel` Python package and compares with torch:

- argmax kernels (reference family `argmax`) with torch.argmax over the
  last dimension, on rows with many ties (small integers) and, for kernels
  of NaN-aware semantics, rows with NaN; kernels of `ogt` semantics (the
  plain linalg combiner) skip NaN, which they do not define as torch does;
  an elementwise producer recorded in the reference is applied by torch in
  the input's dtype;
- matmul kernels (family `matmul`) with a float64 product (C += A x B where
  the kernel accumulates), within k * 2^-22 * (|A| |B|) + 1e-6 (f32
  accumulation of exact 16-bit products), and report the same measure
  against torch.matmul in f32 (TF32 off);
- kernels without a reference are launched and counted, not checked.

Then one kernel is captured in a CUDA graph and replayed on new inputs, and
the host cost of a launch from Python is measured against torch ops.

usage: torch_check.py PKG... [--dynamic N]
"""
import argparse
import sys
import time

import torch

import ukernel



OPS = {"mulf": torch.mul, "addf": torch.add, "subf": torch.sub, "divf": torch.div,
       "maximumf": torch.maximum, "minimumf": torch.minimum, "maxnumf": torch.fmax, "minnumf": torch.fmin}
UNARY = {"negf": torch.neg, "tanh": torch.tanh, "exp": torch.exp, "exp2": torch.exp2, "log": torch.log,
         "log2": torch.log2, "sqrt": torch.sqrt, "rsqrt": torch.rsqrt, "absf": torch.abs, "sin": torch.sin,
         "cos": torch.cos}


def producer(tokens, dtype, device):
    """The kernel's elementwise producer, in postfix, as a function of a
    tensor of `dtype` computing in that dtype. Its constants are made here,
    so that calls can be captured in a CUDA graph."""
    consts = {t: torch.tensor(float(t), dtype=dtype, device=device)
              for t in tokens if t != "x" and t not in OPS and t not in UNARY}

    def apply(x):
        stack = []
        for t in tokens:
            if t == "x":
                stack.append(x)
            elif t in UNARY:
                stack.append(UNARY[t](stack.pop()))
            elif t in OPS:
                b, a = stack.pop(), stack.pop()
                stack.append(OPS[t](a, b))
            else:
                stack.append(consts[t])
        return stack.pop()

    return apply


def apply_producer(x, tokens):
    """The kernel's elementwise producer, in postfix, in the input's dtype."""
    return producer(tokens, x.dtype, x.device)(x)

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64,
          "i32": torch.int32, "i64": torch.int64, "i16": torch.int16, "i8": torch.int8}


def shapes(kernel, dynamic):
    """Concrete shapes: every dynamic class gets `dynamic` (rows a little
    different from columns so that transposition errors show)."""
    sizes = {}
    out = []
    for a in kernel.arguments:
        if a["kind"] != "tensor":
            out.append(None)
            continue
        out.append([d if isinstance(d, int) else sizes.setdefault(d, dynamic + 3 * len(sizes))
                    for d in a["shape"]])
    return out


def fill(shape, dtype, gen, nan_rows):
    if dtype.is_floating_point:
        x = torch.randn(shape, device="cuda", generator=gen)
        if len(shape) >= 1 and shape[-1] > 1:
            # Half the rows: small integers, so maxima tie.
            ties = torch.randint(-20, 21, shape, device="cuda", generator=gen).float()
            rows = torch.rand(shape[:-1], device="cuda", generator=gen) < 0.5
            x = torch.where(rows.unsqueeze(-1), ties, x)
            if nan_rows:
                flat = x.view(-1, shape[-1])
                for r in range(0, flat.shape[0], 3):
                    flat[r, (r * 7919) % shape[-1]] = float("nan")
        return x.to(dtype)
    return torch.zeros(shape, dtype=dtype, device="cuda")


def check_argmax(kernel, tensors, attrs):
    x = tensors[int(attrs["reference.input"])]
    index = tensors[int(attrs["reference.index"])]
    if "reference.producer" in attrs:
        x = apply_producer(x, attrs["reference.producer"].split())
    want = torch.argmax(x, dim=-1)
    got = index.long()
    if attrs.get("reference.semantics") == "ogt":
        keep = ~torch.isnan(x).any(dim=-1)
        return torch.equal(got[keep], want[keep]), int((~keep).sum())
    return torch.equal(got, want), 0


def epilogue(tokens, c, e):
    """A matmul consumer in typed postfix (`c e addf:f32 ... truncf:bf16`),
    applied by torch with each operation in its result type."""
    stack = []
    for t in tokens:
        what, _, ty = t.rpartition(":") if ":" in t else (t, "", "f32")
        dtype = DTYPES[ty]
        if t == "c":
            stack.append(c)
        elif t == "e":
            stack.append(e)
        elif what in ("truncf", "extf"):
            stack.append(stack.pop().to(dtype))
        elif what in UNARY:
            stack.append(UNARY[what](stack.pop()).to(dtype))
        elif what in OPS:
            y, x = stack.pop(), stack.pop()
            stack.append(OPS[what](x, y).to(dtype))
        else:
            stack.append(torch.tensor(float(what), dtype=dtype, device=c.device))
    return stack.pop()


def check_matmul(tensors, attrs, c_before):
    a = tensors[int(attrs["reference.a"])]
    b = tensors[int(attrs["reference.b"])]
    b_kn = b.T if attrs["reference.b_layout"] == "nk" else b
    k = a.shape[1]
    if "reference.epilogue" in attrs:
        # A fused consumer: its output against torch applying the consumer to
        # the f32 product, within the product's bound and 2 ulp of the output.
        out = tensors[int(attrs["reference.out"])]
        e = None
        if "reference.operand" in attrs:
            e = tensors[int(attrs["reference.operand"])]
            e = e.view(1, -1) if attrs.get("reference.operand_by") == "column" else e.view(-1, 1)
        torch.backends.cuda.matmul.allow_tf32 = False
        product = torch.matmul(a.float(), b_kn.float())
        want = epilogue(attrs["reference.epilogue"].split(), product, e).double()
        eps = {torch.bfloat16: 2.0 ** -7, torch.float16: 2.0 ** -10}.get(out.dtype, 2.0 ** -23)
        bound = 2 * k * 2.0 ** -22 * (a.double().abs() @ b_kn.double().abs()) + 2 * eps * want.abs() + 1e-6
        err = ((out.double() - want).abs() / bound).max().item() if out.numel() else 0.0
        return err <= 1.0, err, err
    c = tensors[int(attrs["reference.c"])]
    exact = a.double() @ b_kn.double()
    bound = k * 2.0 ** -22 * (a.double().abs() @ b_kn.double().abs()) + 1e-6
    if attrs["reference.accumulate"] == "1":
        exact = exact + c_before.double()
        bound = bound + c_before.double().abs() * 2.0 ** -23
    ours = ((c.double() - exact).abs() / bound).max().item() if c.numel() else 0.0
    theirs = torch.matmul(a.float(), b_kn.float())
    if attrs["reference.accumulate"] == "1":
        theirs = theirs + c_before
    vs_torch = ((c.double() - theirs.double()).abs() / (2 * bound)).max().item() if c.numel() else 0.0
    return ours <= 1.0, ours, vs_torch


def run_package(path, dynamic, gen):
    pkg = ukernel.load(path)
    passed = failed = unchecked = nan_skipped = 0
    worst = 0.0
    for kernel in pkg:
        attrs = kernel.attributes
        family = attrs.get("reference")
        nan_rows = family == "argmax" and attrs.get("reference.semantics") != "ogt"
        tensors = []
        for a, shape in zip(kernel.arguments, shapes(kernel, dynamic)):
            if a["kind"] != "tensor":
                raise SystemExit(f"{kernel.name}: scalar arguments are not generated here")
            tensors.append(fill(shape, DTYPES[a["dtype"]], gen, nan_rows and a["access"] == "read"))
        c_before = (tensors[int(attrs["reference.c"])].clone()
                    if family == "matmul" and int(attrs["reference.c"]) >= 0 else None)
        kernel(*tensors)
        torch.cuda.synchronize()
        # A general fold (any axis, predicate, init) is not torch.argmax:
        # `ukernel run` checks it against the CPU reference.
        fold = family == "argmax" and attrs.get("reference.semantics") == "fold"
        if family == "argmax" and not fold:
            ok, skipped = check_argmax(kernel, tensors, attrs)
            nan_skipped += skipped
            detail = f"{skipped} NaN rows skipped" if skipped else ""
        elif family == "matmul":
            ok, err, vs_torch = check_matmul(tensors, attrs, c_before)
            worst = max(worst, err)
            detail = f"error {err:.3f} of bound; vs torch.matmul {vs_torch:.3f}"
        else:
            unchecked += 1
            print(f"  {kernel.name}: launched, {'a general fold torch.argmax does not express' if fold else 'no reference'}")
            continue
        passed += ok
        failed += not ok
        print(f"  {kernel.name}: {'ok' if ok else 'MISMATCH'} {detail}")
    print(f"{path}: {passed} equal to torch, {failed} differ, {unchecked} without a reference"
          + (f"; worst matmul error {worst:.3f} of the bound" if worst else "")
          + (f"; {nan_skipped} NaN rows skipped in ogt kernels" if nan_skipped else ""))
    return failed == 0


def graph_replay(path, gen):
    pkg = ukernel.load(path)
    kernel = next(k for k in pkg if k.attributes.get("reference") == "argmax"
                  and all(isinstance(d, int) for a in k.arguments for d in a["shape"]))
    tensors = [fill(s, DTYPES[a["dtype"]], gen, False) for a, s in zip(kernel.arguments, shapes(kernel, 1))]
    kernel(*tensors)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        kernel(*tensors)
    ok = True
    for _ in range(5):
        x = tensors[int(kernel.attributes["reference.input"])]
        x.copy_(fill(list(x.shape), x.dtype, gen, False))
        graph.replay()
        torch.cuda.synchronize()
        ok &= check_argmax(kernel, tensors, kernel.attributes)[0]
    print(f"graph capture of {kernel.name}: 5 replays on new inputs {'equal torch.argmax' if ok else 'DIFFER'}")
    return ok


def overhead(path, gen, calls=200):
    """Host microseconds per call: the time to enqueue `calls` launches
    (no synchronisation inside the timed loop; the GPU queue absorbs them),
    median of 20 batches, after warm-up. torch ops run on a small tensor so
    that they measure torch's eager launch overhead."""
    pkg = ukernel.load(path)
    kernel = next(k for k in pkg if k.name == "argmax_f32i32_1x128256")
    x = torch.randn(1, 128256, device="cuda", generator=gen)
    v = torch.empty(1, device="cuda")
    i = torch.empty(1, dtype=torch.int32, device="cuda")
    small = torch.randn(1, 1024, device="cuda", generator=gen)
    stream = torch.cuda.current_stream().cuda_stream
    native = pkg._native
    args = (x, v, i)
    cases = {
        "ukernel: k(x, value, index)": lambda: kernel(x, v, i),
        "ukernel: k(x, value, index, stream=s)": lambda: kernel(x, v, i, stream=stream),
        "ukernel: k(x) (outputs allocated)": lambda: kernel(x),
        "ukernel: native launch, stream given": lambda: native.launch(kernel.name, args, stream),
        "torch.add(small, 1.0)": lambda: torch.add(small, 1.0),
        "torch.argmax(small, 1)": lambda: torch.argmax(small, 1),
    }
    results = {}
    # Two rounds over the cases, so that the order they run in (clocks,
    # caches warming up) shows; the second round is the figure.
    for round_ in (1, 2):
        for name, call in cases.items():
            for _ in range(100):
                call()
            torch.cuda.synchronize()
            samples = []
            for _ in range(20):
                torch.cuda.synchronize()
                t = time.perf_counter()
                for _ in range(calls):
                    call()
                samples.append((time.perf_counter() - t) / calls * 1e6)
            torch.cuda.synchronize()
            samples.sort()
            results[name] = samples[len(samples) // 2]
            print(f"  round {round_}: {name}: {results[name]:.2f} us per call (host, median of 20 x {calls})")
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("packages", nargs="+")
    parser.add_argument("--dynamic", type=int, default=37)
    parser.add_argument("--graph", help="package whose first static argmax kernel is captured in a graph")
    parser.add_argument("--overhead", help="package holding argmax_f32i32_1x128256, for the launch cost")
    args = parser.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    gen = torch.Generator(device="cuda").manual_seed(1234)
    ok = all([run_package(p, args.dynamic, gen) for p in args.packages])
    if args.graph:
        ok &= graph_replay(args.graph, gen)
    if args.overhead:
        overhead(args.overhead, gen)
    print("ALL EQUAL" if ok else "SOME DIFFER")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
