#!/usr/bin/env python3
"""Writes corpus.mlir: the dispatches of real model blocks as torch-mlir
emits them (test/realir shows the originals): a Llama-style decoder layer's
projections and SwiGLU MLP at decode (batch 1, 4, 16) and prefill (2048
tokens) with weights stored N x K (F.linear as exported: linalg.transpose
then linalg.matmul) and K x N (torch.mm on stored K x N weights); attention
score and value products at decode as batch matmuls; a GPT-2 MLP with exact
GELU and biases (extf-widened bf16); torch.mm forms at 4096^3. Every
function's name says what it is; corpus_bench.py builds the torch
equivalent from the name.

    python3 bench/corpus/gen_corpus.py > bench/corpus/corpus.mlir
"""

H, I, HEADS, HD, SEQ = 4096, 11008, 32, 128, 1024

MAP2 = "affine_map<(d0, d1) -> (d0, d1)>"
MAP3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
COL = "affine_map<(d0, d1) -> (d1)>"


class Body:
    """A function body in torch-mlir's style, with numbered values."""

    def __init__(self):
        self.lines, self.n = [], 0

    def v(self):
        self.n += 1
        return f"%{self.n}"

    def add(self, text):
        self.lines.append("    " + text)

    def empty(self, shape, t):
        v = self.v()
        self.add(f"{v} = tensor.empty() : tensor<{shape}x{t}>")
        return v

    def zeros(self, shape):
        e = self.empty(shape, "f32")
        v = self.v()
        self.add(f"{v} = linalg.fill ins(%zero : f32) outs({e} : tensor<{shape}xf32>) -> tensor<{shape}xf32>")
        return v

    def unary(self, x, shape, tin, tout, ops, rank=2):
        """An elementwise generic: `ops` are lines over %in giving %r."""
        e = self.empty(shape, tout)
        v = self.v()
        m = {1: "affine_map<(d0) -> (d0)>", 2: MAP2, 3: MAP3}[rank]
        iters = ", ".join(['"parallel"'] * rank)
        self.add(f"{v} = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = [{iters}]}} "
                 f"ins({x} : tensor<{shape}x{tin}>) outs({e} : tensor<{shape}x{tout}>) {{")
        self.add(f"^bb0(%in: {tin}, %out: {tout}):")
        for o in ops:
            self.add("  " + o)
        self.add(f"  linalg.yield %r : {tout}")
        self.add(f"}} -> tensor<{shape}x{tout}>")
        return v

    def binary(self, a, b, shape, t, op, second_map=MAP2, second_shape=None):
        e = self.empty(shape, t)
        v = self.v()
        self.add(f"{v} = linalg.generic {{indexing_maps = [{MAP2}, {second_map}, {MAP2}], iterator_types = "
                 f"[\"parallel\", \"parallel\"]}} ins({a}, {b} : tensor<{shape}x{t}>, "
                 f"tensor<{second_shape or shape}x{t}>) outs({e} : tensor<{shape}x{t}>) {{")
        self.add(f"^bb0(%a: {t}, %b: {t}, %out: {t}):")
        self.add(f"  %r = {op} %a, %b : {t}")
        self.add(f"  linalg.yield %r : {t}")
        self.add(f"}} -> tensor<{shape}x{t}>")
        return v

    def truncf(self, x, shape, rank=2):
        return self.unary(x, shape, "f32", "bf16", ["%r = arith.truncf %in : f32 to bf16"], rank)

    def extf(self, x, shape):
        return self.unary(x, shape, "bf16", "f32", ["%r = arith.extf %in : bf16 to f32"])

    def linear(self, x, w, m, n, k, layout):
        """bf16 x @ W (W stored N x K, transposed first; or K x N), f32."""
        if layout == "nk":
            e = self.empty(f"{k}x{n}", "bf16")
            t = self.v()
            self.add(f"{t} = linalg.transpose ins({w} : tensor<{n}x{k}xbf16>) outs({e} : tensor<{k}x{n}xbf16>) "
                     "permutation = [1, 0]")
            w = t
        c = self.zeros(f"{m}x{n}")
        v = self.v()
        self.add(f"{v} = linalg.matmul ins({x}, {w} : tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) "
                 f"outs({c} : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>")
        return v


def weight(n, k, layout):
    return f"tensor<{n}x{k}xbf16>" if layout == "nk" else f"tensor<{k}x{n}xbf16>"


def function(name, args, results, body):
    head = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args))
    out = [f"  func.func @{name}({head}) -> ({', '.join(results)}) {{",
           "    %zero = arith.constant 0.000000e+00 : f32",
           "    %one = arith.constant 1.000000e+00 : f32"]
    out += body.lines
    return "\n".join(out) + "\n  }\n"


def projection(name, m, n, k, layout):
    b = Body()
    y = b.truncf(b.linear("%arg0", "%arg1", m, n, k, layout), f"{m}x{n}")
    b.add(f"return {y} : tensor<{m}x{n}xbf16>")
    return function(name, [f"tensor<{m}x{k}xbf16>", weight(n, k, layout)], [f"tensor<{m}x{n}xbf16>"], b)


def qkv(name, m, layout):
    b = Body()
    outs = [b.truncf(b.linear("%arg0", f"%arg{i}", m, H, H, layout), f"{m}x{H}") for i in (1, 2, 3)]
    b.add(f"return {', '.join(outs)} : {', '.join([f'tensor<{m}x{H}xbf16>'] * 3)}")
    return function(name, [f"tensor<{m}x{H}xbf16>"] + [weight(H, H, layout)] * 3, [f"tensor<{m}x{H}xbf16>"] * 3, b)


def swiglu(name, m, layout):
    b = Body()
    s = f"{m}x{I}"
    g = b.extf(b.truncf(b.linear("%arg0", "%arg1", m, I, H, layout), s), s)
    sig = b.unary(g, s, "f32", "f32", ["%n = arith.negf %in : f32", "%e = math.exp %n : f32",
                                       "%d = arith.addf %e, %one : f32", "%r = arith.divf %one, %d : f32"])
    silu = b.truncf(b.binary(g, sig, s, "f32", "arith.mulf"), s)
    u = b.truncf(b.linear("%arg0", "%arg2", m, I, H, layout), s)
    h = b.binary(silu, u, s, "bf16", "arith.mulf")
    y = b.truncf(b.linear(h, "%arg3", m, H, I, layout), f"{m}x{H}")
    b.add(f"return {y} : tensor<{m}x{H}xbf16>")
    return function(name, [f"tensor<{m}x{H}xbf16>", weight(I, H, layout), weight(I, H, layout), weight(H, I, layout)],
                    [f"tensor<{m}x{H}xbf16>"], b)


def bmm(name, batch, m, n, k):
    b = Body()
    c = b.zeros(f"{batch}x{m}x{n}")
    v = b.v()
    b.add(f"{v} = linalg.batch_matmul ins(%arg0, %arg1 : tensor<{batch}x{m}x{k}xbf16>, tensor<{batch}x{k}x{n}xbf16>) "
          f"outs({c} : tensor<{batch}x{m}x{n}xf32>) -> tensor<{batch}x{m}x{n}xf32>")
    y = b.truncf(v, f"{batch}x{m}x{n}", rank=3)
    b.add(f"return {y} : tensor<{batch}x{m}x{n}xbf16>")
    return function(name, [f"tensor<{batch}x{m}x{k}xbf16>", f"tensor<{batch}x{k}x{n}xbf16>"],
                    [f"tensor<{batch}x{m}x{n}xbf16>"], b)


def gpt2_mlp(name, t, d=768, f=3072):
    b = Body()
    # The biases as exported: widened to f32 and added to the f32 product.
    b1 = b.unary("%arg2", str(f), "bf16", "f32", ["%r = arith.extf %in : bf16 to f32"], rank=1)
    x = b.linear("%arg0", "%arg1", t, f, d, "nk")
    e = b.empty(f"{t}x{f}", "bf16")
    g = b.v()
    b.add(f"{g} = linalg.generic {{indexing_maps = [{MAP2}, {COL}, {MAP2}], iterator_types = [\"parallel\", "
          f"\"parallel\"]}} ins({x}, {b1} : tensor<{t}x{f}xf32>, tensor<{f}xf32>) outs({e} : tensor<{t}x{f}xbf16>) {{")
    for line in ["^bb0(%in: f32, %bias: f32, %out: bf16):", "  %v = arith.addf %in, %bias : f32",
                 "  %half = arith.constant 5.000000e-01 : f32", "  %rs2 = arith.constant 0.707106769 : f32",
                 "  %s = arith.mulf %v, %rs2 : f32", "  %er = math.erf %s : f32", "  %p = arith.addf %er, %one : f32",
                 "  %h = arith.mulf %v, %half : f32", "  %gl = arith.mulf %h, %p : f32",
                 "  %r = arith.truncf %gl : f32 to bf16", "  linalg.yield %r : bf16"]:
        b.add(line)
    b.add(f"}} -> tensor<{t}x{f}xbf16>")
    b2 = b.unary("%arg4", str(d), "bf16", "f32", ["%r = arith.extf %in : bf16 to f32"], rank=1)
    y = b.linear(g, "%arg3", t, d, f, "nk")
    e2 = b.empty(f"{t}x{d}", "bf16")
    o = b.v()
    b.add(f"{o} = linalg.generic {{indexing_maps = [{MAP2}, {COL}, {MAP2}], iterator_types = [\"parallel\", "
          f"\"parallel\"]}} ins({y}, {b2} : tensor<{t}x{d}xf32>, tensor<{d}xf32>) outs({e2} : tensor<{t}x{d}xbf16>) {{")
    for line in ["^bb0(%in: f32, %bias: f32, %out: bf16):", "  %v = arith.addf %in, %bias : f32",
                 "  %r = arith.truncf %v : f32 to bf16", "  linalg.yield %r : bf16"]:
        b.add(line)
    b.add(f"}} -> tensor<{t}x{d}xbf16>")
    b.add(f"return {o} : tensor<{t}x{d}xbf16>")
    return function(name, [f"tensor<{t}x{d}xbf16>", f"tensor<{f}x{d}xbf16>", f"tensor<{f}xbf16>",
                           f"tensor<{d}x{f}xbf16>", f"tensor<{d}xbf16>"], [f"tensor<{t}x{d}xbf16>"], b)


def main():
    fns = []
    for m in (1, 4, 16, 2048):
        phase = "prefill" if m == 2048 else f"decode_b{m}"
        for layout in ("nk", "kn"):
            fns.append(qkv(f"llama_qkv_{phase}_{layout}", m, layout))
            fns.append(projection(f"llama_o_{phase}_{layout}", m, H, H, layout))
            fns.append(swiglu(f"llama_mlp_{phase}_{layout}", m, layout))
    for batch in (1, 4, 16):
        fns.append(bmm(f"attn_scores_decode_b{batch}", batch * HEADS, 1, SEQ, HD))
        fns.append(bmm(f"attn_values_decode_b{batch}", batch * HEADS, 1, HD, SEQ))
    fns.append(gpt2_mlp("gpt2_mlp_t512", 512))
    for layout in ("nk", "kn"):
        fns.append(projection(f"mm_4096_{layout}", 4096, 4096, 4096, layout))
    print("module {\n" + "\n".join(fns) + "}")


if __name__ == "__main__":
    main()
