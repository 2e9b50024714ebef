#!/usr/bin/env python3
"""Times torch (eager, cuBLAS) on the blocks of test/realir on the GPU, the
way `ukc-run run PKG --repeat 5` times ours: CUDA events around 5
back-to-back calls, the median of 5 such measurements, in microseconds per
call. Run on the same machine as ukc-run, on the same GPU.

    python3 bench/realir_torch_time.py
"""
import statistics

import torch
import torch.nn.functional as F

BF16 = torch.bfloat16


def blocks():
    r = lambda *s, dtype=BF16: torch.randn(*s, device="cuda", dtype=dtype) * 0.05
    rms = lambda x, w: w * (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-5)).to(x.dtype)
    x, wg, wu, wd = r(1, 4096), r(11008, 4096), r(11008, 4096), r(4096, 11008)
    yield "a_llama_mlp", lambda: F.linear(F.silu(F.linear(x, wg)) * F.linear(x, wu), wd)
    h, w1, b1, w2, b2 = r(512, 768), r(3072, 768), r(3072), r(768, 3072), r(768)
    yield "b_gpt2_mlp", lambda: F.linear(F.gelu(F.linear(h, w1, b1), approximate="none"), w2, b2)
    hc, wc = r(2, 4096), r(128256, 4096)
    yield "c_lm_head_argmax", lambda: torch.argmax(F.linear(hc, wc).float(), dim=-1)
    xd, nw, wq, wk, wv = r(1, 4096), r(4096), r(4096, 4096), r(4096, 4096), r(4096, 4096)
    yield "d_rmsnorm_qkv", lambda: (lambda n: (F.linear(n, wq), F.linear(n, wk), F.linear(n, wv)))(rms(xd, nw))
    a, b = r(32, 1, 128), r(32, 128, 4096)
    yield "e_bmm", lambda: torch.bmm(a, b)


def time_us(fn, calls=5, rounds=5):
    fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(rounds):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(stop) * 1000.0 / calls)
    return statistics.median(samples)


if __name__ == "__main__":
    print(torch.cuda.get_device_name())
    for name, fn in blocks():
        print(f"{name:<20} torch {time_us(fn):10.1f} us")
