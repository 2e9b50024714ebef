#!/usr/bin/env python3
"""Rows of 2^32 elements or more: the argmax ukernel's split parts combine
through partials there (the 64-bit key holds 32 bits of index). Runs the
harness kernel (bf16, NaN-first) on one row of 2^32 + 17 elements (8 GiB)
with maxima, ties and NaN placed past 2^32, each result checked against
torch.argmax.

usage: argmax_long_row_check.py PTX_DIR
"""
import sys

import torch

from argmax_bench import Driver, ours


def main():
    drv = Driver(f"{sys.argv[1]}/harness_argmax.sm_90.ptx")
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    n = (1 << 32) + 17
    x = torch.randn(1, n, device="cuda", dtype=torch.bfloat16)
    cases = [
        ("tie before and after 2^32", {5: 100.0, (1 << 32) + 3: 100.0}, 5),
        ("maximum after 2^32", {(1 << 32) + 10: 200.0}, (1 << 32) + 10),
        ("NaN after 2^32", {(1 << 32) + 7: float("nan")}, (1 << 32) + 7),
    ]
    failed = 0
    for name, values, want in cases:
        for i, v in values.items():
            x[0, i] = v
        call, split = ours(drv, x, sms)
        got = int(call()[0])
        torch.cuda.synchronize()
        ref = int(torch.argmax(x, dim=1)[0])
        ok = got == want == ref
        failed += not ok
        print(f"{name:<28} split {split:>5}: ours {got}, torch {ref}, expected {want}: {'ok' if ok else 'MISMATCH'}")
    print(f"{len(cases) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
