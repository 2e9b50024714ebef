#!/usr/bin/env python3
"""Runs the same kernel of two packages, one f32 input of 2^24 elements
(any shape) and outputs of which the first is compared, over every f32
bit pattern, 2^24 patterns per call, and compares the results bit for bit
(any NaN matches any NaN): for a change that must not change what a kernel
computes, such as a different lowering of a libdevice call. The kernels of
bench/tanh_all_f32.mlir are made for it.

usage: exhaustive_unary.py OLD.pkg NEW.pkg KERNEL...
"""
import sys

import torch

import ukernel
from torch_check import DTYPES

CHUNK = 1 << 24


def compare(old, new):
    """Number of results that differ, and the first (input, old, new) bits."""
    shape = [int(d) for d in old.arguments[0]["shape"]]
    outs = [[torch.empty([int(d) for d in arg["shape"]], device="cuda", dtype=DTYPES[arg["dtype"]])
             for arg in k.arguments[1:]] for k in (old, new)]
    base = torch.arange(CHUNK, device="cuda", dtype=torch.int64)
    differ, first = 0, None
    for chunk in range(1 << 32 >> 24):
        v = base + chunk * CHUNK
        bits = torch.where(v >= 1 << 31, v - (1 << 32), v).to(torch.int32)  # patterns as signed 32-bit
        x = bits.view(torch.float32).reshape(shape)
        old(x, *outs[0])
        new(x, *outs[1])
        ya, yb = outs[0][0].reshape(-1), outs[1][0].reshape(-1)
        a, b = ya.view(torch.int32), yb.view(torch.int32)
        bad = (a != b) & ~(torch.isnan(ya) & torch.isnan(yb))
        n = int(bad.sum())
        if n and first is None:
            i = int(bad.nonzero()[0])
            first = tuple(int(v) & 0xFFFFFFFF for v in (bits[i], a[i], b[i]))
        differ += n
    return differ, first


def main():
    old_path, new_path, *names = sys.argv[1:]
    old = {k.name: k for k in ukernel.load(old_path)}
    new = {k.name: k for k in ukernel.load(new_path)}
    failed = False
    for name in names:
        differ, first = compare(old[name], new[name])
        failed |= differ > 0
        print(f"{name}: {1 << 32} inputs, {differ} differ" +
              (f" (first: input 0x{first[0]:08x}, old 0x{first[1]:08x}, new 0x{first[2]:08x})" if first else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
