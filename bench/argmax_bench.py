#!/usr/bin/env python3
"""Argmax on an NVIDIA GPU: this project's ukernels against torch.argmax, in
one process with one timing method.

Our kernels are the harness kernels of `ukc build-ukernel-check --ptx-dir D`
(each ukernel launched directly, one row per blockIdx.y and one split per
blockIdx.x), loaded from PTX through the CUDA driver API on torch's context
and stream. Both sides are timed the same two ways:
  graph: 50 calls captured in a CUDA graph, replayed; device time per call
  eager: CUDA events around one call; includes launch overhead
(median of REPS). Each result is checked against torch.argmax first.

usage: argmax_bench.py PTX_DIR [--reps N] [--split-sweep]
  --split-sweep: instead of the table, the decode rows' time by split, for
  every dtype
"""
import ctypes
import math
import statistics
import sys

import torch

import cuda_driver
from cuda_driver import Driver

CALLS_PER_GRAPH = 50
WORKGROUP = 256
MIN_SPLIT_ELEMS = 2048
MAX_SPLIT_ELEMS = 1 << 18
MAX_SPLIT = 1024


def plan_split(rows, n, sms):
    """The registry's split rule (ukernels/src/argmax.rs: plan)."""
    wanted = math.ceil(2 * sms / rows)
    longest = math.ceil(n / MIN_SPLIT_ELEMS)
    shortest = math.ceil(n / MAX_SPLIT_ELEMS)
    return max(1, min(max(min(wanted, longest), shortest), MAX_SPLIT))


def ours(drv, x, sms, split=None):
    rows, n = x.shape
    elem = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16"}[x.dtype]
    split = split or plan_split(rows, n, sms)
    idx = torch.full((rows,), -1, dtype=torch.int64, device="cuda")
    stride = 16 + 16 * split
    scratch = torch.zeros(rows * stride, dtype=torch.uint8, device="cuda")
    args = [ctypes.c_uint64(x.data_ptr()), ctypes.c_int64(0), ctypes.c_int64(n), ctypes.c_uint64(0),
            ctypes.c_uint64(idx.data_ptr()), ctypes.c_int64(n), ctypes.c_int32(split),
            ctypes.c_uint64(scratch.data_ptr()), ctypes.c_int64(stride), ctypes.c_int32(0)]
    name = f"harness_uk_argmax_{elem}i64"

    def call():
        # `scratch` is named here so that it lives as long as `call`: the
        # kernel writes to it, and torch would otherwise reuse its memory.
        drv.launch(name, (split, rows, 1), (WORKGROUP, 1, 1), args)
        assert scratch.numel() > 0
        return idx

    return call, split


def time_graph(fn, reps):
    return cuda_driver.time_graph(fn, reps, CALLS_PER_GRAPH)

def time_eager(fn, reps):
    return cuda_driver.time_events(fn, reps, warmups=3)


def main():
    ptx_dir = sys.argv[1]
    reps = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 20
    props = torch.cuda.get_device_properties(0)
    sm = props.major * 10 + props.minor
    drv = Driver(f"{ptx_dir}/harness_argmax.sm_{90 if sm >= 90 else 80}.ptx")
    sms = props.multi_processor_count
    print(f"device: {props.name}, cc {props.major}.{props.minor}, {sms} SMs; torch {torch.__version__}")
    print(f"{'shape':>14} {'dtype':>5} {'split':>5} | {'ours graph':>10} {'torch graph':>11} {'speedup':>7} | "
          f"{'ours eager':>10} {'torch eager':>11} | {'ours GB/s':>9} {'torch GB/s':>10}")
    sweep = "--split-sweep" in sys.argv
    shapes = [] if sweep else [(1, 128256), (8, 128256), (64, 128256), (256, 128256), (4096, 32000), (1, 1 << 28)]
    for dtype in (torch.float32, torch.bfloat16, torch.float16):
        for rows, n in shapes:
            x = torch.randn(rows, n, device="cuda", dtype=dtype)
            # Adversarial: ties at the maximum and a NaN in some rows.
            x[:, n // 3] = 1e4
            x[:, n // 2] = 1e4
            if rows > 1:
                x[rows // 2, n - 1] = float("nan")
            call, split = ours(drv, x, sms)
            want = torch.argmax(x, dim=1)
            got = call().clone()
            torch.cuda.synchronize()
            if not torch.equal(got, want):
                bad = (got != want).nonzero()[:5].flatten().tolist()
                print(f"MISMATCH {rows}x{n} {dtype}: rows {bad}: ours {got[bad].tolist()} torch {want[bad].tolist()}")
                sys.exit(1)
            peer = lambda: torch.argmax(x, dim=1)
            og, tg = time_graph(call, reps), time_graph(peer, reps)
            oe, te = time_eager(call, reps), time_eager(peer, reps)
            nbytes = x.numel() * x.element_size()
            name = {torch.float32: "f32", torch.bfloat16: "bf16", torch.float16: "f16"}[dtype]
            print(f"{rows:>6}x{n:<7} {name:>5} {split:>5} | {og:>8.2f}us {tg:>9.2f}us {tg / og:>6.2f}x | "
                  f"{oe:>8.2f}us {te:>9.2f}us | {nbytes / og / 1e3:>9.0f} {nbytes / tg / 1e3:>10.0f}")
            del x
    # How the decode rows' time depends on the split (plan_split's choice
    # marked *).
    for rows in (1, 8, 64, 256) if sweep else ():
        planned = plan_split(rows, 128256, sms)
        for dtype in (torch.float32, torch.bfloat16, torch.float16):
            x = torch.randn(rows, 128256, device="cuda", dtype=dtype)
            cells = []
            for split in sorted({2, 3, 4, 5, 8, 9, 16, 17, 31, 33, 34, 48, 63, 64, 96, 128, planned}):
                if rows * split > 8 * 1024 or split > 128:
                    continue
                call, _ = ours(drv, x, sms, split)
                got = call().clone()
                torch.cuda.synchronize()
                assert torch.equal(got, torch.argmax(x, dim=1)), (rows, split)
                mark = "*" if split == planned else ""
                cells.append(f"{split}{mark}: {time_graph(call, reps):.2f}")
            name = {torch.float32: "f32", torch.bfloat16: "bf16", torch.float16: "f16"}[dtype]
            print(f"{rows} x 128256 {name}, graph us by split: " + ", ".join(cells))
    print("all results equal torch.argmax")


if __name__ == "__main__":
    main()
