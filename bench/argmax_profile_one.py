#!/usr/bin/env python3
"""Launches one harness argmax ukernel a few times on one shape, for a
profiler (`ncu --launch-skip 2 --launch-count 1 ...`) to capture; the result
is checked against torch.argmax.

usage: argmax_profile_one.py PTX_DIR DTYPE ROWS N [SPLIT]
"""
import sys

import torch

from argmax_bench import ours
from cuda_driver import Driver

DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}


def main():
    ptx_dir, dtype, rows, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    split = int(sys.argv[5]) if len(sys.argv) > 5 else None
    props = torch.cuda.get_device_properties(0)
    sm = 90 if props.major >= 9 else 80
    drv = Driver(f"{ptx_dir}/harness_argmax.sm_{sm}.ptx")
    x = torch.randn(rows, n, device="cuda", dtype=DTYPES[dtype])
    call, split = ours(drv, x, props.multi_processor_count, split)
    for _ in range(4):
        got = call()
    torch.cuda.synchronize()
    assert torch.equal(got, torch.argmax(x, dim=1)), "differs from torch.argmax"
    print(f"{dtype} {rows} x {n}, split {split}: equal to torch.argmax")


if __name__ == "__main__":
    main()
