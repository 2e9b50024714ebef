#!/usr/bin/env python3
"""Python threads launching one package at once: THREADS threads, each on a
torch stream of its own, call a matmul kernel whose module holds scratch
(TMA descriptors, split-K counters and partials: the runtime gives each
stream its own instance) for SECONDS, each on tensors of its own, and
compare every CHECK_EVERY-th result with torch's float64 product. The GIL is
released around launches, so the threads' launches overlap. Prints launches
per second, mismatches, and torch's allocated memory and the process's RSS
over the run.

The package is test/e2e/split_k_matmuls.mlir compiled for sm_90a; its
`bias_bf16_512x768x3072` computes bf16(A @ W^T + bias) with K split in 5.

usage: python_threads_stress.py PKG [--threads N] [--seconds S] [--check-every C]
"""
import sys
import threading
import time

import torch

import ukernel

NAME = "bias_bf16_512x768x3072"
M, N, K = 512, 768, 3072


def arg(flag, default, cast):
    return cast(sys.argv[sys.argv.index(flag) + 1]) if flag in sys.argv else default


def rss_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main():
    pkg = ukernel.load(sys.argv[1])
    threads = arg("--threads", 16, int)
    seconds = arg("--seconds", 20.0, float)
    check_every = arg("--check-every", 50, int)
    kernel = pkg[NAME]
    launches = [0] * threads
    mismatches = []
    errors = []
    stop = time.monotonic() + seconds
    samples = []

    def worker(t):
        try:
            g = torch.Generator(device="cuda").manual_seed(t)
            a = torch.randn(M, K, device="cuda", generator=g).to(torch.bfloat16)
            w = (torch.randn(N, K, device="cuda", generator=g) * K ** -0.5).to(torch.bfloat16)
            bias = torch.randn(N, device="cuda", generator=g)
            want = (a.double() @ w.double().T + bias.double()).to(torch.bfloat16).double()
            out = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
            stream = torch.cuda.Stream()
            i = 0
            with torch.cuda.stream(stream):
                while True:
                    last = time.monotonic() >= stop
                    out.fill_(float("nan"))
                    kernel(a, w, bias, out)
                    launches[t] += 1
                    if last or i % check_every == 0:
                        stream.synchronize()
                        # One bf16 rounding of the f32 sum: 2^-8 relative,
                        # plus the f32 sum's error.
                        err = ((out.double() - want).abs() - (2.0 ** -7) * want.abs() - 1e-3).max().item()
                        if not err <= 0:
                            mismatches.append(f"thread {t} launch {i}: excess error {err:.3g}")
                    i += 1
                    if last:
                        break
            stream.synchronize()
        except Exception as e:  # reported below, never hidden
            errors.append(f"thread {t}: {e!r}")

    start = time.monotonic()
    pool = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
    for p in pool:
        p.start()
    while any(p.is_alive() for p in pool):
        samples.append((time.monotonic() - start, torch.cuda.memory_allocated() / 2 ** 20, rss_mib()))
        time.sleep(1.0)
    for p in pool:
        p.join()
    elapsed = time.monotonic() - start
    total = sum(launches)
    print(f"python threads: {threads} threads, a torch stream each, {NAME} for {elapsed:.1f} s")
    print(f"launches: {total} ({total / elapsed:.0f} per second), mismatches: {len(mismatches)}, errors: {len(errors)}")
    for m in (errors + mismatches)[:10]:
        print(f"  {m}")
    steady = [s for s in samples if s[0] >= 2.0]
    if steady:
        print(f"memory from {steady[0][0]:.0f} s to {steady[-1][0]:.0f} s: torch allocated "
              f"{steady[0][1]:.1f} -> {steady[-1][1]:.1f} MiB, RSS {steady[0][2]:.1f} -> {steady[-1][2]:.1f} MiB "
              f"(highest {max(s[2] for s in steady):.1f})")
    sys.exit(1 if errors or mismatches else 0)


if __name__ == "__main__":
    main()
