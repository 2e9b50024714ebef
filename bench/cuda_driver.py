"""What the benchmark scripts share: harness PTX loaded through the CUDA
driver API on torch's context and stream, and CUDA-graph timing that treats
our kernels and torch's alike."""
import ctypes
import statistics

import torch

CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
DEFAULT_DYNAMIC_SHARED = 48 * 1024


class Driver:
    """One PTX module, loaded on torch's primary context."""

    def __init__(self, ptx_path):
        self.cu = ctypes.CDLL("libcuda.so.1")
        u, vp = ctypes.c_uint, ctypes.c_void_p
        self.cu.cuLaunchKernel.argtypes = [vp, u, u, u, u, u, u, u, vp, ctypes.POINTER(vp), vp]
        self.cu.cuFuncSetAttribute.argtypes = [vp, ctypes.c_int, ctypes.c_int]
        torch.cuda.init()
        torch.zeros(1, device="cuda")  # make torch's primary context current
        self.module = ctypes.c_void_p()
        with open(ptx_path, "rb") as f:
            image = f.read() + b"\0"
        self.check(self.cu.cuModuleLoadData(ctypes.byref(self.module), image), "cuModuleLoadData")
        self.functions = {}

    def check(self, r, what):
        if r != 0:
            raise RuntimeError(f"{what} failed with CUresult {r}")

    def function(self, name, smem=0):
        if name not in self.functions:
            f = ctypes.c_void_p()
            self.check(self.cu.cuModuleGetFunction(ctypes.byref(f), self.module, name.encode()), name)
            if smem > DEFAULT_DYNAMIC_SHARED:
                self.check(self.cu.cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
                           "cuFuncSetAttribute")
            self.functions[name] = f
        return self.functions[name]

    def launch(self, name, grid, block, args, smem=0):
        """args: list of ctypes scalars (c_uint64 pointers, c_int64, c_int32);
        smem: dynamic shared memory in bytes."""
        params = (ctypes.c_void_p * len(args))(*[ctypes.addressof(a) for a in args])
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        self.check(
            self.cu.cuLaunchKernel(self.function(name, smem), grid[0], grid[1], grid[2], block[0], block[1],
                                   block[2], smem, stream, params, None),
            "cuLaunchKernel")


def time_graph(fn, reps, calls_per_graph):
    """Device time per call (us): calls_per_graph calls captured in a CUDA
    graph and replayed, median of reps replays."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        fn()  # warm-up outside capture
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(calls_per_graph):
            fn()
    graph.replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000 / calls_per_graph)
    return statistics.median(times)


def rounds_of(calls, reps, rounds, calls_per_graph):
    """Times each call (time_graph) `rounds` times, the order of the calls
    reversed every other round (a drift in clocks then falls on all alike):
    per call, its timings."""
    times = [[] for _ in calls]
    for r in range(rounds):
        order = range(len(calls)) if r % 2 == 0 else reversed(range(len(calls)))
        for i in order:
            times[i].append(time_graph(calls[i], reps, calls_per_graph))
    return times


def time_events(fn, reps, warmups=1):
    """Time per call (us) of one eager call between CUDA events, launch
    overhead included: median of reps, after `warmups` calls."""
    for _ in range(warmups):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1000)
    return statistics.median(times)


def command_line(argv, **options):
    """The paths of a benchmark's command line `argv` (without the program)
    and the values of its options: each keyword names an option `--name`
    that takes a value, parsed by the type of its default."""
    values = {name: type(default)(argv[argv.index(f"--{name}") + 1]) if f"--{name}" in argv else default
              for name, default in options.items()}
    valued = {f"--{name}" for name in options}
    paths = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] not in valued)]
    return paths, values


def verdict(failures, failed, passed):
    """Prints a benchmark's verdict on its checks: the functions that failed
    and why (`failed`), or `passed`; returns the exit code (1 on a failure)."""
    if failures:
        print(f"FAILED ({failed}): {', '.join(failures)}")
        return 1
    print(passed)
    return 0


def open_package_bench(argv, usage, columns, **options):
    """The common start of a benchmark of one compiled package against
    torch: parses `argv` (`command_line`, with `options` and the graph
    timing's reps, rounds and calls), loads the package with the `ukernel`
    package, seeds torch, keeps torch's f32 matmuls off TF32, and prints the
    device and timing line and the table's header (`columns`). Returns the
    package, the options and the package's path."""
    import ukernel

    timing = {"reps": 20, "rounds": 3, "calls": 20}
    timing.update(options)
    paths, opts = command_line(argv, **timing)
    if len(paths) != 1:
        raise SystemExit(usage)
    pkg = ukernel.load(paths[0])
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(0)
    print(f"# {torch.cuda.get_device_name()}; CUDA graphs of {opts['calls']} calls, median of {opts['reps']} "
          f"replays, best of {opts['rounds']} rounds; torch f32 matmuls without TF32")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    return pkg, opts, paths[0]
