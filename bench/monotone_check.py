#!/usr/bin/env python3
"""Checks on a GPU whether increasing math functions are non-decreasing over
every f32 as this project compiles them (libdevice, through the kernels of a
package of bench/monotone_math.mlir).

Each kernel runs on all 2^32 bit patterns in 16 chunks; NaN inputs are left
out; the non-negative floats ascend with their bits and the negative ones
descend, so each half is checked in its own order, chunk boundaries
included, and the two halves against each other.

usage: monotone_check.py PKG
"""
import sys

import torch

import ukernel

CHUNK = 1 << 28


def check(kernel):
    bad = 0
    extremes = {}
    for half, sign in ((0, 1), (1, -1)):
        prev = None
        chunks = range(8 * half, 8 * half + 8)
        for c in (chunks if sign > 0 else reversed(chunks)):
            bits = torch.arange(c * CHUNK, (c + 1) * CHUNK, device="cuda", dtype=torch.int64)
            x = (bits - (bits >= 2**31).long() * 2**32).to(torch.int32).view(torch.float32)
            y = kernel(x)
            if sign < 0:
                x, y = x.flip(0), y.flip(0)
            keep = ~torch.isnan(x)
            x, y = x[keep], y[keep]
            if y.numel() == 0:
                continue
            bad += int((y[1:] < y[:-1]).sum())
            if prev is not None and y[0] < prev:
                bad += 1
            prev = y[-1]
            extremes.setdefault(half, []).append((y.min(), y.max()))
    # Every negative input maps at or below every non-negative one.
    neg_max = max(hi for _, hi in extremes[1])
    pos_min = min(lo for lo, _ in extremes[0])
    bad += int(neg_max > pos_min)
    return bad


def main():
    pkg = ukernel.load(sys.argv[1])
    ok = True
    for kernel in pkg:
        bad = check(kernel)
        ok &= bad == 0
        print(f"{kernel.name}: {'non-decreasing over every f32' if bad == 0 else f'{bad} DECREASING steps'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
