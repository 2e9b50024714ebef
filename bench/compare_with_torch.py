#!/usr/bin/env python3
"""Compares the argmax indices saved by `ukc-run run --save DIR` with
torch.argmax on the same inputs (on the GPU when there is one). Kernels of
`ogt` semantics (the plain linalg combiner, with or without a ukernel) differ from torch on
rows that hold a NaN by definition; those rows are skipped and counted.

usage: compare_with_torch.py DIR
"""
import sys
from pathlib import Path

import numpy as np
import torch

DTYPES = {"f32": (np.float32, torch.float32), "f16": (np.float16, torch.float16), "bf16": (np.uint16, torch.bfloat16)}
INDEX = {"i32": np.int32, "i64": np.int64}


def apply_producer(x, tokens):
    """The kernel's elementwise producer, in postfix, in the input's dtype."""
    ops = {"mulf": torch.mul, "addf": torch.add, "subf": torch.sub, "divf": torch.div,
           "maximumf": torch.maximum, "minimumf": torch.minimum}
    stack = []
    for t in tokens:
        if t == "x":
            stack.append(x)
        elif t == "negf":
            stack.append(-stack.pop())
        elif t in ops:
            b, a = stack.pop(), stack.pop()
            stack.append(ops[t](a, b))
        else:
            stack.append(torch.tensor(float(t), dtype=x.dtype, device=x.device))
    return stack.pop()


def main():
    d = Path(sys.argv[1])
    device = "cuda" if torch.cuda.is_available() else "cpu"
    ok = bad = skipped = 0
    for line in (d / "manifest.txt").read_text().splitlines():
        kernel, dev, elem, index, rows, length, inp, idx, semantics, producer = line.split()
        rows, length = int(rows), int(length)
        np_t, torch_t = DTYPES[elem]
        raw = np.fromfile(d / inp, dtype=np_t)
        x = torch.from_numpy(raw.view(np.int16) if elem == "bf16" else raw)
        x = (x.view(torch.bfloat16) if elem == "bf16" else x).to(device).reshape(rows, length)
        if producer != "-":
            x = apply_producer(x, producer.split(","))
        want = torch.argmax(x, dim=1).cpu().numpy()
        got = np.fromfile(d / idx, dtype=INDEX[index])[:rows].astype(np.int64)
        if semantics == "ogt":
            keep = ~torch.isnan(x).any(dim=1).cpu().numpy()
            skipped += int((~keep).sum())
            got, want = got[keep], want[keep]
        if np.array_equal(got, want):
            ok += 1
        else:
            bad += 1
            rows_off = np.nonzero(got != want)[0][:5]
            print(f"MISMATCH {kernel} device {dev}: rows {rows_off.tolist()} ours {got[rows_off].tolist()} torch {want[rows_off].tolist()}")
    print(f"torch.argmax comparison on {device}: {ok} kernels equal, {bad} differ"
          f" ({skipped} rows with NaN skipped in kernels of ogt semantics)")
    print(f"{ok} passed, {bad} failed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
