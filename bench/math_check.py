#!/usr/bin/env python3
"""Checks the math kernels of test/e2e/math_ops.mlir against torch.

Input: the package (`ukc compile test/e2e/math_ops.mlir -o PKG`), whose
kernels are called through the `ukernel` Python package on inputs made
here (4096 per argument: one in eight from zeros, infinities, NaN,
subnormals and exp's range limits, the rest spread over many magnitudes);
or the directory `ukc-run run PKG --save DIR` wrote. Each kernel
`math_<op>_<type>` is compared with torch applying the same op to the same
inputs on the GPU, in the same type, and with a float64 reference rounded
to the type; the distance is in units in the last place of the type (ulp),
NaN must meet NaN.

Bounds (stated and checked): f32 within 2 ulp of torch for every op, except
that CUDA's libm and libdevice may differ by up to 4 ulp for the
transcendental functions on arguments of large magnitude (sin/cos/tan of
|x| = 1e30); f16 and bf16 within 1 ulp (both compute in f32 and round).
Prints one line per kernel and exits non-zero on any failure.

    python3 bench/math_check.py PKG|DIR
"""
import math
import os
import sys

import torch

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32, "f64": torch.float64}
INT_OF = {torch.float32: torch.int32, torch.float16: torch.int16, torch.bfloat16: torch.int16}


def round_half_away(x):
    return torch.sign(x) * torch.floor(torch.abs(x) + 0.5)


def cbrt(x):
    return torch.sign(x) * torch.abs(x).pow(1.0 / 3.0)


# op -> (torch function on the type, float64 reference)
OPS = {
    "absf": (torch.abs, torch.abs),
    "acos": (torch.acos, torch.acos),
    "acosh": (torch.acosh, torch.acosh),
    "asin": (torch.asin, torch.asin),
    "asinh": (torch.asinh, torch.asinh),
    "atan": (torch.atan, torch.atan),
    "atanh": (torch.atanh, torch.atanh),
    "cbrt": (None, cbrt),
    "ceil": (torch.ceil, torch.ceil),
    "cos": (torch.cos, torch.cos),
    "cosh": (torch.cosh, torch.cosh),
    "erf": (torch.erf, torch.erf),
    "erfc": (torch.erfc, torch.erfc),
    "exp": (torch.exp, torch.exp),
    "exp2": (torch.exp2, torch.exp2),
    "expm1": (torch.expm1, torch.expm1),
    "floor": (torch.floor, torch.floor),
    "log": (torch.log, torch.log),
    "log10": (torch.log10, torch.log10),
    "log1p": (torch.log1p, torch.log1p),
    "log2": (torch.log2, torch.log2),
    "round": (None, round_half_away),
    "roundeven": (torch.round, torch.round),
    "rsqrt": (torch.rsqrt, torch.rsqrt),
    "sin": (torch.sin, torch.sin),
    "sinh": (torch.sinh, torch.sinh),
    "sqrt": (torch.sqrt, torch.sqrt),
    "tan": (torch.tan, torch.tan),
    "tanh": (torch.tanh, torch.tanh),
    "trunc": (torch.trunc, torch.trunc),
    "atan2": (torch.atan2, torch.atan2),
    "powf": (torch.pow, torch.pow),
    "copysign": (torch.copysign, torch.copysign),
    "fma": (None, lambda a, b, c: a * b + c),
    "fpowi": (lambda a, b: torch.pow(a, b.to(a.dtype)), lambda a, b: torch.pow(a, b.to(torch.float64))),
}


def ordered(x):
    """Float bits as integers ordered like the floats (for ulp distances)."""
    bits = x.view(INT_OF[x.dtype]).to(torch.int64)
    width = 32 if x.dtype == torch.float32 else 16
    sign = 1 << (width - 1)
    bits = bits & ((1 << width) - 1)
    return torch.where(bits >= sign, sign - bits, bits)


def ulps(got, want):
    """Per element ulp distance; NaN against NaN is 0, NaN against a number
    is infinite."""
    nan_g, nan_w = torch.isnan(got), torch.isnan(want)
    d = (ordered(got) - ordered(want)).abs().to(torch.float64)
    d = torch.where(nan_g & nan_w, torch.zeros_like(d), d)
    return torch.where(nan_g ^ nan_w, torch.full_like(d, math.inf), d)


def load(directory, spec):
    element, dims, before, after = spec.split(":")
    shape = [int(d) for d in dims.split("x")]
    dtype = DTYPES[element]
    raw = lambda f: torch.frombuffer(bytearray(open(os.path.join(directory, f), "rb").read()), dtype=dtype).reshape(shape)
    return raw(before), raw(after)


def saved_runs(directory):
    """(name, device, inputs, output) from a `ukc-run run --save` directory."""
    with open(os.path.join(directory, "manifest.txt")) as manifest:
        lines = [l.split() for l in manifest if l.startswith("math_")]
    for fields in lines:
        name, device, specs = fields[0], fields[1], fields[2:]
        buffers = [load(directory, s) for s in specs]
        yield name, device, [b[0].cuda() for b in buffers[:-1]], buffers[-1][1].cuda()


def special_values(dtype):
    tiny = torch.finfo(dtype).tiny
    values = [0.0, -0.0, math.inf, -math.inf, math.nan, tiny / 4, -tiny / 4, 1.0, -1.0, 0.5, 88.7, -103.0, 709.0]
    if dtype == torch.float32:
        values += [1e30, -1e30]
    return torch.tensor(values, dtype=torch.float64)


def make_input(shape, dtype, gen):
    n = math.prod(shape)
    if not dtype.is_floating_point:
        return torch.randint(-6, 7, shape, device="cuda", generator=gen).to(dtype)
    magnitude = torch.exp(torch.empty(n, device="cuda", dtype=torch.float64).uniform_(-6, 6, generator=gen))
    x = torch.randn(n, device="cuda", dtype=torch.float64, generator=gen) * magnitude
    specials = special_values(dtype).cuda()
    pick = torch.randint(0, len(specials), (n,), device="cuda", generator=gen)
    every_eighth = torch.arange(n, device="cuda") % 8 == 0
    x = torch.where(every_eighth, specials[pick], x)
    return x.to(dtype).reshape(shape)


def package_runs(path):
    """Calls every math kernel of the package through the ukernel package."""
    import ukernel
    gen = torch.Generator(device="cuda").manual_seed(2026)
    for kernel in ukernel.load(path):
        if not kernel.name.startswith("math_"):
            continue
        dtypes = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i32": torch.int32}
        inputs = [make_input(a["shape"], dtypes[a["dtype"]], gen) for a in kernel.arguments if a["access"] == "read"]
        got = kernel(*inputs)
        torch.cuda.synchronize()
        yield kernel.name, "0", inputs, got


def main():
    source = sys.argv[1]
    runs = saved_runs(source) if os.path.isdir(source) else package_runs(source)
    failures = 0
    checked = 0
    print(f"{'kernel':<22} {'dev':>3} {'max ulp vs torch':>17} {'max ulp vs f64':>15} {'bound':>6}  verdict")
    for name, device, inputs, got in runs:
        _, op, ty = name.split("_", 2)
        ours_fn, ref_fn = OPS[op]
        exact = ref_fn(*[x.to(torch.float64) if x.is_floating_point() else x for x in inputs]).to(got.dtype)
        vs_f64 = ulps(got, exact).max().item()
        vs_torch = ulps(got, ours_fn(*inputs)).max().item() if ours_fn else float("nan")
        bound = 2.0 if ty == "f32" else 1.0
        if ty == "f32" and op in ("sin", "cos", "tan", "powf", "fpowi"):
            bound = 4.0
        worst = vs_torch if ours_fn else vs_f64
        ok = worst <= bound
        checked += 1
        failures += 0 if ok else 1
        print(f"{name:<22} {device:>3} {vs_torch:>17.0f} {vs_f64:>15.0f} {bound:>6.0f}  {'ok' if ok else 'FAIL'}")
    print(f"{checked} kernels checked, {failures} failed")
    sys.exit(1 if failures or not checked else 0)


if __name__ == "__main__":
    main()
