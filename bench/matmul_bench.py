#!/usr/bin/env python3
"""Matmul on an NVIDIA GPU: this project's matmul ukernels checked against an
f64 reference and timed against torch (cuBLAS), in one process with one
timing method.

Our kernels are the harness kernels of `ukc build-ukernel-check --ptx-dir D`
(`harness_matmul.sm_XY.ptx`: each ukernel launched directly on whole
matrices, tile (blockIdx.y, blockIdx.x) of C), loaded through the CUDA driver
API on torch's context and stream. Both sides are timed as CUDA graphs of
CALLS_PER_GRAPH calls, replayed; device time per call, median of REPS. Each
row times both sides ROUNDS times, alternating which goes first, and reports
the faster timing of each side (cuBLAS near its peak, and any kernel that
streams at the DRAM limit, is held back by the power limit more in some
timings than in others); the line under a row lists every round.

Checks: every shape of the edge list, both candidates, both input types,
both B layouts, with and without accumulation into C, against
(a.double() @ b.double()) within k * 2^-22 * (|a| @ |b|) + 1e-6 per element
(f32 accumulation of exact products: one rounding of 2^-24 per addition,
times 4); and each benchmarked result too.

usage: matmul_bench.py PTX_DIR [--reps N] [--rounds R] [--check-only | --timing-only] [--kinds K,K...]
                        (--kinds: the rows, and with --check-only the checks, of those kinds only)
                        [--layouts nk,kn]   (the rows of those B layouts only)
                        [--decode-shapes MxNxK,...]   (the decode rows' shapes, B as N x K)
       matmul_bench.py PTX_DIR --profile KIND   (one bf16 4096^3 launch, B as N x K)
       matmul_bench.py PTX_DIR --sweep [--decode-shapes ...]   (the variants of bench/matmul_sweep.sh)
       matmul_bench.py PTX_DIR --split-k [--split-k-cases MxNxK:S,...]   (the wgmma kinds with K split:
                        checks, then times per part count)
"""
import ctypes
import sys

import torch
import torch.nn.functional as F

import cuda_driver
from cuda_driver import Driver

CALLS_PER_GRAPH = 20
SKINNY = ("skinny", "skinny_wide")
WGMMA_KINDS = ("wgmma", "wgmma_narrow")
SKINNY_MAX_M = 16
GEMV_MAX_M = 1


class Launch:
    """How each ukernel is launched (`ukernels.txt` beside the harness PTX:
    symbol, kind, workgroup size, dynamic shared memory, parameters)."""

    def __init__(self, ptx_dir):
        self.by_symbol = {}
        for line in open(f"{ptx_dir}/ukernels.txt"):
            symbol, kind, threads, smem, *params = line.split()
            self.by_symbol[symbol] = (int(threads), int(smem), {k: int(v) for k, v in (p.split("=") for p in params)})


LAUNCH = None


def dtype_name(t):
    return {torch.bfloat16: "bf16", torch.float16: "f16", torch.float32: "f32"}[t]


def split_k_bytes(m, n, tile_m, tile_n, cluster, splits):
    """The wgmma ukernel's split-K workspace after its tensor maps (see
    WgmmaShape::split_k_bytes): a counter per tile, padded to 256 bytes,
    then each tile's partials per split."""
    if splits <= 1:
        return 0
    tiles = (n + tile_n - 1) // tile_n * ((m + tile_m * cluster - 1) // (tile_m * cluster) * cluster)
    return (tiles * 4 + 255) // 256 * 256 + tiles * splits * tile_m * tile_n * 4


def ours(drv, kind, a, b, c, layout, accumulate=False, k_splits=1):
    """A call computing c (+)= a @ B with B = b.T (nk) or b (kn). `drv` is a
    Driver, or a dict of them by kind (the sm_90a module holds wgmma).
    `k_splits` (wgmma kinds): K in so many parts, summed by each tile's
    last."""
    if isinstance(drv, dict):
        drv = drv.get("wgmma" if kind.startswith("wgmma") else kind, drv["default"])
    m, k = a.shape
    n = b.shape[0] if layout == "nk" else b.shape[1]
    symbol = f"uk_matmul_{kind}_{dtype_name(a.dtype)}_{layout}"
    name = f"harness_{symbol}"
    threads, smem, params = LAUNCH.by_symbol[symbol]
    tile_m, tile_n = params["tile_m"], params["tile_n"]
    assert m <= params.get("max_m", m)
    # Kernels launched in clusters along M take a grid of whole clusters.
    cluster = params.get("cluster_m", 1)
    grid = ((n + tile_n - 1) // tile_n, (m + tile_m * cluster - 1) // (tile_m * cluster) * cluster, 1)
    if params.get("persistent"):
        # Workgroups walking the tiles: whole clusters, at most one per SM.
        sms = torch.cuda.get_device_properties(0).multi_processor_count // cluster * cluster
        grid = (1, min(grid[0] * grid[1] * k_splits, sms), 1)
    args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_int64(a.stride(0)), ctypes.c_uint64(b.data_ptr()),
            ctypes.c_int64(b.stride(0)), ctypes.c_uint64(c.data_ptr()), ctypes.c_int64(c.stride(0)),
            ctypes.c_int64(m), ctypes.c_int64(n), ctypes.c_int64(k), ctypes.c_int32(1 if accumulate else 0)]
    desc = None
    if "desc_bytes" in params:
        # Global memory the ukernel writes its TMA tensor maps to.
        # Global memory the ukernel writes its TMA tensor maps to, then its
        # split-K workspace.
        workspace = split_k_bytes(m, n, tile_m, tile_n, cluster, k_splits)
        desc = torch.zeros(params["desc_bytes"] + workspace, dtype=torch.uint8, device="cuda")
        args += [ctypes.c_uint64(desc.data_ptr()), ctypes.c_int32(k_splits)]

    def call():
        drv.launch(name, grid, (threads, 1, 1), args, smem)
        return c

    call.desc = desc  # alive as long as the call

    return call


def operands(m, n, k, dtype, layout, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.randn(m, k, device="cuda", dtype=torch.float32, generator=g).to(dtype)
    shape = (n, k) if layout == "nk" else (k, n)
    b = torch.randn(*shape, device="cuda", dtype=torch.float32, generator=g).to(dtype)
    return a, b


def f64_product(a, b, layout, init):
    """The f64 product a @ b + init, and the bound each element of an f32
    result may differ from it by."""
    bb = b.double().T if layout == "nk" else b.double()
    ref = a.double() @ bb + init.double()
    abs_sum = a.double().abs() @ bb.abs() + init.double().abs()
    k = a.shape[1]
    tol = 4 * max(k, 1) * 2.0 ** -24 * abs_sum + 1e-6
    return ref, tol


def error_ratio(got, ref, tol):
    """Max of |got - ref| / tol over the elements; <= 1 passes."""
    return ((got.double() - ref).abs() / tol).max().item() if got.numel() else 0.0


def check(got, a, b, layout, init):
    """Max of |got - ref| / tolerance over the elements; <= 1 passes."""
    return error_ratio(got, *f64_product(a, b, layout, init))


def run_checks(drv):
    sizes = [1, 16, 17, 127, 129, 300, 1000]
    cases = []
    for m in sizes:
        for n, k in [(1, 1), (16, 17), (17, 16), (127, 129), (129, 300), (300, 127), (1000, 1000)]:
            cases.append((m, n, k))
    cases += [(4096, 4096, 4096), (16, 4096, 4096), (1, 4096, 17), (3, 11008, 4096), (129, 1, 4096),
              (4, 1000, 1000), (2, 300, 127), (4, 17, 4096), (1, 1, 1),
              # Whole K-tiles that the wide skinny ukernel's workgroups walk
              # from staggered starts, with a last column tile part past N.
              (16, 1000, 4096), (5, 300, 2048),
              # More tiles than a persistent kernel has workgroups: several
              # rounds, a last group of fewer tile rows, a last row tile
              # part past M (and at 2050 a cluster's second tile wholly past).
              (3000, 4096, 256), (2050, 11008, 64),
              # A last round of pairs at most half the workgroups: walked by
              # the wide wgmma kernel as half-width tiles (344 pairs over 66
              # clusters of an H200), at 10808 columns with the last column's
              # first half partly and its second wholly past N.
              (2048, 11008, 256), (2000, 10808, 129)]
    worst, count = 0.0, 0
    nk_kinds = ("tile", "skinny", "skinny_wide", "gemv", "simt") + (WGMMA_KINDS if "wgmma" in drv else ())
    if "--kinds" in sys.argv:
        nk_kinds = tuple(kind for kind in nk_kinds if kind in sys.argv[sys.argv.index("--kinds") + 1].split(","))
    # The CUDA-core kind takes f32 inputs; the others bf16 and f16.
    for dtype in (torch.bfloat16, torch.float16, torch.float32):
        for layout in ("nk", "kn"):
            for kinds in (kind for kind in nk_kinds if (kind == "simt") == (dtype == torch.float32)):
                for (m, n, k) in cases:
                    if (kinds in SKINNY and m > SKINNY_MAX_M) or (kinds == "gemv" and m > GEMV_MAX_M):
                        continue
                    a, b = operands(m, n, k, dtype, layout, seed=m * 7 + n * 13 + k)
                    for accumulate in (False, True):
                        init = torch.randn(m, n, device="cuda") if accumulate else torch.zeros(m, n, device="cuda")
                        c = init.clone() if accumulate else torch.full((m, n), float("nan"), device="cuda")
                        ours(drv, kinds, a, b, c, layout, accumulate)()
                        torch.cuda.synchronize()
                        r = check(c, a, b, layout, init)
                        count += 1
                        worst = max(worst, r)
                        if not r <= 1.0:
                            print(f"MISMATCH {kinds} {dtype_name(dtype)} {layout} {m}x{n}x{k} acc={accumulate}: "
                                  f"error/tolerance {r:.3g}")
                            sys.exit(1)
    print(f"checks: {count} cases ({', '.join(nk_kinds)}; bf16 and f16, f32 for simt, nk and kn, C = AB and C += AB) within "
          f"tolerance; worst error/tolerance {worst:.3g}")


def time_graph(fn, reps):
    return cuda_driver.time_graph(fn, reps, CALLS_PER_GRAPH)

def decode_shapes():
    """The decode rows' shapes (M, N, K), B as N x K: --decode-shapes, else
    M = 1, 8, 16 against three weights."""
    if "--decode-shapes" in sys.argv:
        text = sys.argv[sys.argv.index("--decode-shapes") + 1]
        return [tuple(int(d) for d in s.split("x")) for s in text.split(",")]
    return [(m, n, k) for m in (1, 8, 16) for n, k in [(4096, 4096), (11008, 4096), (16384, 16384)]]


def rounds_of(calls, reps, rounds):
    """cuda_driver.rounds_of with this program's graphs."""
    return cuda_driver.rounds_of(calls, reps, rounds, CALLS_PER_GRAPH)


def paired(ours_call, peer_call, reps, rounds):
    """Ours and torch's call timed by rounds_of (torch first in the first
    round): the faster timing of each, and every round as text (ours /
    torch)."""
    theirs, mine = rounds_of([peer_call, ours_call], reps, rounds)
    text = " ".join(f"{o:.2f}/{t:.2f}" for o, t in zip(mine, theirs))
    return min(mine), min(theirs), text


def bench(drv, reps, rounds):
    print(f"{'kind':>6} {'dtype':>5} {'layout':>6} {'M x N x K':>20} | {'ours':>10} {'torch':>10} {'ours/torch':>10} | "
          f"{'ours TFLOP/s':>12} {'torch TFLOP/s':>13} | {'ours W GB/s':>11} {'torch W GB/s':>12}")
    rows = [("tile", torch.bfloat16, "kn", m, n, k) for (m, n, k) in
            [(4096, 4096, 4096), (8192, 8192, 8192), (2048, 4096, 11008)]]
    rows += [("tile", torch.bfloat16, "nk", 4096, 4096, 4096), ("tile", torch.float16, "kn", 4096, 4096, 4096)]
    # Edges in M, N and K: a tile row and column cut short and a partial
    # last K-tile, where the tile ukernel's general (masked) loop runs.
    rows.append(("tile", torch.bfloat16, "nk", 4000, 4000, 4000))
    if "wgmma" in drv:
        rows += [("wgmma", torch.bfloat16, "nk", m, n, k) for (m, n, k) in
                 [(4096, 4096, 4096), (8192, 8192, 8192), (2048, 4096, 11008)]]
        # Both tile widths where KernelConfig weighs one against the other:
        # C of too few 128 x 256 tiles for the SMs, and enough.
        rows += [(kind, torch.bfloat16, "nk", m, n, k) for (m, n, k) in
                 [(512, 4096, 4096), (1024, 4096, 4096), (1024, 4864, 4096), (300, 1000, 4096), (2048, 11008, 4096),
                  (4096, 4096, 4096)]
                 for kind in WGMMA_KINDS]
        rows.append(("wgmma", torch.float16, "nk", 4096, 4096, 4096))
        # B as K x N (torch.mm's layout): wgmma reading B MN-major.
        rows += [("wgmma", torch.bfloat16, "kn", m, n, k) for (m, n, k) in
                 [(4096, 4096, 4096), (8192, 8192, 8192), (2048, 4096, 11008), (2048, 11008, 4096)]]
        rows += [("wgmma_narrow", torch.bfloat16, "kn", 512, 4096, 4096), ("wgmma", torch.float16, "kn", 4096, 4096, 4096)]
    for m, n, k in decode_shapes():
        rows.append(("skinny", torch.bfloat16, "nk", m, n, k))
        rows.append(("skinny_wide", torch.bfloat16, "nk", m, n, k))
        if m <= GEMV_MAX_M:
            rows.append(("gemv", torch.bfloat16, "nk", m, n, k))
        rows.append(("skinny", torch.bfloat16, "kn", m, n, k))
        rows.append(("skinny_wide", torch.bfloat16, "kn", m, n, k))
        if m <= GEMV_MAX_M:
            rows.append(("gemv", torch.bfloat16, "kn", m, n, k))
    rows.append(("skinny_wide", torch.float16, "nk", 8, 16384, 16384))
    rows.append(("gemv", torch.float16, "nk", 1, 16384, 16384))
    if "--kinds" in sys.argv:
        kinds = sys.argv[sys.argv.index("--kinds") + 1].split(",")
        rows = [r for r in rows if r[0] in kinds]
    if "--layouts" in sys.argv:
        layouts = sys.argv[sys.argv.index("--layouts") + 1].split(",")
        rows = [r for r in rows if r[2] in layouts]
    for kind, dtype, layout, m, n, k in rows:
        a, b = operands(m, n, k, dtype, layout, seed=1)
        c = torch.empty(m, n, device="cuda")
        call = ours(drv, kind, a, b, c, layout)
        if layout == "nk":
            peer = lambda: F.linear(a, b)
        else:
            peer = lambda: torch.matmul(a, b)
        call()
        torch.cuda.synchronize()
        r = check(c, a, b, layout, torch.zeros(m, n, device="cuda")) if m * n * k <= 4096 ** 3 else None
        if r is not None and not r <= 1.0:
            print(f"MISMATCH {kind} {m}x{n}x{k}: error/tolerance {r:.3g}")
            sys.exit(1)
        to, tt, rounds_line = paired(call, peer, reps, rounds)
        flops = 2 * m * n * k
        wbytes = n * k * b.element_size()
        cold = ""
        if kind in SKINNY or kind == "gemv":
            # Decode reads each weight once: the same timing with copies of
            # the weight cycled past L2.
            copies = weight_copies(b)
            peer_of = (lambda w: (lambda: F.linear(a, w))) if layout == "nk" else (lambda w: (lambda: torch.matmul(a, w)))
            tc, ttc, cold_rounds = paired(cycled([ours(drv, kind, a, w, c, layout) for w in copies]),
                                          cycled([peer_of(w) for w in copies]), reps, rounds)
            cold = f" | cold: {tc:>8.2f}us {ttc:>8.2f}us {ttc / tc:>5.2f}x {wbytes / tc / 1e3:>5.0f} GB/s"
            rounds_line += f"; cold {cold_rounds}"
        print(f"{kind:>6} {dtype_name(dtype):>5} {layout:>6} {f'{m}x{n}x{k}':>20} | {to:>8.2f}us {tt:>8.2f}us "
              f"{tt / to:>9.2f}x | {flops / to / 1e6:>12.1f} {flops / tt / 1e6:>13.1f} | "
              f"{wbytes / to / 1e3:>11.0f} {wbytes / tt / 1e3:>12.0f}{cold}")
        print(f"{'':>6} rounds (us): {rounds_line}")
        del a, b, c


def split_k(drv, reps, rounds):
    """Split K on the wgmma kinds: checks (C = AB launched twice, so the
    second launch finds the counters the first left; uneven K
    ranges; several rounds of units; C += AB), then a table of times per
    split count against torch, for the shapes with few tiles and long K."""
    count = 0
    cases = [(300, 1000, 4096, 3), (129, 257, 1000, 4), (2048, 4096, 1024, 2), (512, 768, 3072, 5),
             (1024, 1024, 16384, 8), (64, 64, 192, 7)]
    if "--split-k-cases" in sys.argv:
        # MxNxK:S,... (e.g. those of a compiled package's split choices)
        text = sys.argv[sys.argv.index("--split-k-cases") + 1]
        cases = [tuple(int(v) for v in c.replace(":", "x").split("x")) for c in text.split(",")]
    for kind in WGMMA_KINDS:
        for layout in ("nk", "kn"):
            for (m, n, k, splits) in cases:
                a, b = operands(m, n, k, torch.bfloat16, layout, seed=m + n + k + splits)
                for accumulate in (False, True):
                    init = torch.randn(m, n, device="cuda") if accumulate else torch.zeros(m, n, device="cuda")
                    c = init.clone() if accumulate else torch.full((m, n), float("nan"), device="cuda")
                    call = ours(drv, kind, a, b, c, layout, accumulate, k_splits=splits)
                    call()
                    if not accumulate:
                        # Again, on the counters the first launch left.
                        c.fill_(float("nan"))
                        call()
                    torch.cuda.synchronize()
                    r = check(c, a, b, layout, init)
                    count += 1
                    if not r <= 1.0:
                        print(f"MISMATCH split-K {kind} {layout} {m}x{n}x{k} splits={splits} acc={accumulate}: "
                              f"error/tolerance {r:.3g}")
                        sys.exit(1)
    print(f"split-K checks: {count} cases within tolerance")
    if "--check-only" in sys.argv:
        return
    shapes = [(512, 768, 3072), (1024, 1024, 16384), (512, 4096, 4096), (512, 4096, 11008), (128, 4096, 4096),
              (256, 1024, 8192), (2048, 4096, 4096)]
    print(f"{'kind':>12} {'M x N x K':>18} | " + " ".join(f"{f'S={s}':>8}" for s in SPLITS) + f" | {'torch':>8}")
    for m, n, k in shapes:
        a, b = operands(m, n, k, torch.bfloat16, "nk", seed=3)
        peer = lambda: F.linear(a, b)
        tt = min(rounds_of([peer], reps, rounds)[0])
        for kind in WGMMA_KINDS:
            c = torch.empty(m, n, device="cuda")
            calls = [ours(drv, kind, a, b, c, "nk", k_splits=s) for s in SPLITS]
            times = [min(t) for t in rounds_of(calls, reps, rounds)]
            print(f"{kind:>12} {f'{m}x{n}x{k}':>18} | " + " ".join(f"{t:>8.2f}" for t in times) + f" | {tt:>8.2f}")


SPLITS = (1, 2, 3, 4, 6, 8, 12)


def sweep(ptx_dir, reps):
    """Checks and times each tile variant built by bench/matmul_sweep.sh."""
    drv = Driver(f"{ptx_dir}/matmul_sweep.sm_90.ptx")
    variants = [line.split() for line in open(f"{ptx_dir}/matmul_sweep.txt") if line.strip()]
    shapes = [(4096, 4096, 4096), (8192, 8192, 8192), (2048, 4096, 11008)]
    print(f"{'variant':>20} {'layout':>6} {'smem':>7} | " + " | ".join(f"{m}x{n}x{k} TFLOP/s (torch)" for m, n, k in shapes))
    for name, bm, bn, smem, threads in variants:
        bm, bn, smem, threads = int(bm), int(bn), int(smem), int(threads)
        for layout in ("kn", "nk"):
            kernel = f"harness_sweep_{name}_{layout}"

            def call_for(a, b, c):
                m, k = a.shape
                n = b.shape[0] if layout == "nk" else b.shape[1]
                args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_int64(a.stride(0)), ctypes.c_uint64(b.data_ptr()),
                        ctypes.c_int64(b.stride(0)), ctypes.c_uint64(c.data_ptr()), ctypes.c_int64(c.stride(0)),
                        ctypes.c_int64(m), ctypes.c_int64(n), ctypes.c_int64(k), ctypes.c_int32(0)]
                grid = ((n + bn - 1) // bn, (m + bm - 1) // bm, 1)
                return lambda: drv.launch(kernel, grid, (threads, 1, 1), args, smem)

            worst = 0.0
            for (m, n, k) in [(129, 300, 127), (1000, 1000, 1000), (17, 4096, 64), (256, 136, 40)]:
                a, b = operands(m, n, k, torch.bfloat16, layout, seed=m + n + k)
                c = torch.full((m, n), float("nan"), device="cuda")
                call_for(a, b, c)()
                torch.cuda.synchronize()
                worst = max(worst, check(c, a, b, layout, torch.zeros(m, n, device="cuda")))
            if not worst <= 1.0:
                print(f"{name:>20} {layout:>6} MISMATCH error/tolerance {worst:.3g}")
                continue
            cells = []
            for (m, n, k) in shapes:
                a, b = operands(m, n, k, torch.bfloat16, layout, seed=3)
                c = torch.empty(m, n, device="cuda")
                t = time_graph(call_for(a, b, c), reps)
                peer = (lambda: F.linear(a, b)) if layout == "nk" else (lambda: torch.matmul(a, b))
                tt = time_graph(peer, reps)
                f = 2 * m * n * k
                cells.append(f"{f / t / 1e6:7.1f} ({f / tt / 1e6:5.1f})")
                del a, b, c
            print(f"{name:>20} {layout:>6} {smem:>7} | " + " | ".join(f"{x:>26}" for x in cells))


# Bytes of weights a cold-weight timing cycles through: more than twice the
# H200's 60 MB L2, so that no call finds its weight there (as in a decode
# step, which reads every weight once).
COLD_BYTES = 2 ** 27


def weight_copies(b):
    """Enough copies of weight b that cycling through them misses L2."""
    count = max(1, -(-COLD_BYTES // (b.numel() * b.element_size())))
    return [b] + [b.clone() for _ in range(count - 1)]


def cycled(calls):
    """One call that runs calls[0], calls[1], ... in turn."""
    state = {"i": 0}

    def call():
        state["i"] = (state["i"] + 1) % len(calls)
        return calls[state["i"]]()

    return call


def sweep_skinny(ptx_dir, reps):
    """Checks and times each decode variant (skinny, gemv) built by
    bench/matmul_sweep.sh, with the weight warm in L2 (the same weight every
    call) and cold (copies cycled, more than L2 holds)."""
    drv = Driver(f"{ptx_dir}/matmul_sweep.sm_90.ptx")
    variants = [line.split() for line in open(f"{ptx_dir}/matmul_sweep_skinny.txt") if line.strip()]
    shapes = decode_shapes()
    data = {s: operands(*s, torch.bfloat16, "nk", seed=5) for s in shapes}
    copies = {s: weight_copies(data[s][1]) for s in shapes}
    print("decode variants, bf16, B as N x K: us per call, weight warm / cold (cycling "
          f"{COLD_BYTES >> 20} MiB or more of copies); '-' where the variant takes fewer rows")
    print(f"{'variant':>14} | " + " ".join(f"{f'{m}x{n}x{k}':>15}" for m, n, k in shapes))

    def timings(make):
        """make(b) -> call on weight b: warm and cold times."""
        def run(s):
            warm = time_graph(make(s, data[s][1]), reps)
            cold = time_graph(cycled([make(s, b) for b in copies[s]]), reps)
            return f"{warm:.2f}/{cold:.2f}"
        return run

    torch_time = timings(lambda s, b: (lambda: F.linear(data[s][0], b)))
    torch_row = [torch_time(s) for s in shapes]
    for name, cols, threads, max_m, *rest in variants:
        cols, threads, max_m = int(cols), int(threads), int(max_m)
        smem = int(rest[0]) if rest else 0
        kernel = f"harness_sweep_{name}_nk"

        def make(s, b, c=None):
            m, n, k = s
            a = data[s][0] if s in data else None
            return make_with(a, b, c if c is not None else torch.empty(m, n, device="cuda"), m, n, k)

        def make_with(a, b, c, m, n, k):
            args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_int64(a.stride(0)), ctypes.c_uint64(b.data_ptr()),
                    ctypes.c_int64(b.stride(0)), ctypes.c_uint64(c.data_ptr()), ctypes.c_int64(c.stride(0)),
                    ctypes.c_int64(m), ctypes.c_int64(n), ctypes.c_int64(k), ctypes.c_int32(0)]
            call = lambda: drv.launch(kernel, ((n + cols - 1) // cols, 1, 1), (threads, 1, 1), args, smem)
            call.keep = (a, b, c)
            return call

        # and edges: rows, columns, K not a whole number of 16-byte chunks, and
        # a partial last K-tile after whole ones.
        checks = [s for s in shapes if s[0] <= max_m] + [(min(3, max_m), 129, 1000), (min(16, max_m), 1000, 17),
                                                        (min(16, max_m), 1000, 4000)]
        bad = []
        for s in checks:
            m, n, k = s
            a, b = data[s] if s in data else operands(m, n, k, torch.bfloat16, "nk", seed=6)
            c = torch.full((m, n), float("nan"), device="cuda")
            make_with(a, b, c, m, n, k)()
            torch.cuda.synchronize()
            if not check(c, a, b, "nk", torch.zeros(m, n, device="cuda")) <= 1.0:
                bad.append(f"{m}x{n}x{k}")
        if bad:
            print(f"{name:>14} | MISMATCH at {', '.join(bad)}")
            continue
        run = timings(make)
        row = [run(s) if s[0] <= max_m else "-" for s in shapes]
        print(f"{name:>14} | " + " ".join(f"{x:>15}" for x in row))
    print(f"{'F.linear':>14} | " + " ".join(f"{x:>15}" for x in torch_row))


def main():
    global LAUNCH
    ptx_dir = sys.argv[1]
    reps = int(sys.argv[sys.argv.index("--reps") + 1]) if "--reps" in sys.argv else 20
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    if "--sweep" in sys.argv:
        sweep_skinny(ptx_dir, reps)
        sweep(ptx_dir, reps)
        return
    LAUNCH = Launch(ptx_dir)
    props = torch.cuda.get_device_properties(0)
    sm = props.major * 10 + props.minor
    drv = {"default": Driver(f"{ptx_dir}/harness_matmul.sm_{90 if sm >= 90 else 80}.ptx")}
    if sm == 90:
        # Arch-specific PTX loads only on compute capability exactly 9.0.
        drv["wgmma"] = Driver(f"{ptx_dir}/harness_matmul_sm90a.sm_90a.ptx")
    print(f"device: {props.name}, cc {props.major}.{props.minor}, {props.multi_processor_count} SMs; "
          f"torch {torch.__version__}")
    if "--profile" in sys.argv:
        # One launch of each large kernel, for a profiler to capture.
        kind = sys.argv[sys.argv.index("--profile") + 1]
        a, b = operands(4096, 4096, 4096, torch.bfloat16, "nk", seed=1)
        c = torch.empty(4096, 4096, device="cuda")
        ours(drv, kind, a, b, c, "nk")()
        torch.cuda.synchronize()
        return
    if "--split-k" in sys.argv:
        split_k(drv, reps, rounds)
        return
    if "--timing-only" not in sys.argv:  # (each timed result is still checked)
        run_checks(drv)
    if "--check-only" not in sys.argv:
        bench(drv, reps, rounds)


if __name__ == "__main__":
    main()
