"""Run kernels of ukernel packages (compiled by ``ukc``) on PyTorch tensors.

    import torch, ukernel
    pkg = ukernel.load("decode_step.pkg")
    pkg.kernels                                # names
    k = pkg["lm_head_argmax"]
    k(logits, out_val, out_idx)                # every argument given
    out_val, out_idx = k(logits)               # outputs allocated and returned

Tensors are taken through DLPack, without copies; dtypes and shapes are
checked against the kernel's metadata (dynamic dimensions are taken from the
tensors) before anything reaches the GPU, and a mismatch raises
:class:`ArgumentError` naming the argument. Kernels take dense row-major
tensors (any storage offset; a tensor of no elements any strides); other
strides are an error. Sizes that leave no work (M = 0) launch nothing. Launches go on
torch's current stream of the tensors' device (or ``stream=`` given as a
``CUstream`` int), in the device's primary context, both borrowed: nothing
is synchronised, so a launch can be captured in ``torch.cuda.graph`` (run
the kernel once before capturing: its first launch on a device loads it and
may allocate its scratch memory).
"""

import json as _json

from ._native import ArgumentError, CudaError, KernelBase, PackageError, run_cli
from ._native import Package as _NativePackage
from ._native import measure_tuning as _measure_tuning

__all__ = ["load", "tune", "Package", "Kernel", "ArgumentError", "PackageError", "CudaError"]


def tune(directory, output=None, device=0, repeat=20, verbose=False):
    """Measure what ``ukc tune INPUT --arch A --prepare-only DIRECTORY``
    compiled: every candidate of each kernel runs on GPU ``device``, is
    checked against MLIR's CPU outputs, and is timed. Returns the records
    (dicts with ``signature``, ``gpu``, ``candidates``: each a ``choice``
    with ``micros``, or ``rejected`` and why). With ``output``, the records
    are merged into that tuning file, which ``ukc compile --tuning`` reads.
    A plan, package or tuning file that does not read raises
    :class:`PackageError`."""
    text, table = _measure_tuning(str(directory), device, repeat, None if output is None else str(output))
    if verbose:
        print(table, end="")
    return _json.loads(text)["records"]

_TORCH_DTYPES = {
    "f32": "float32", "f16": "float16", "bf16": "bfloat16", "f64": "float64",
    "i32": "int32", "i64": "int64", "i16": "int16", "i8": "int8",
    "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2", "i1": "bool",
}


def load(path):
    """Reads a package file; raises OSError or PackageError."""
    return Package(path)


class Package:
    """The kernels of one package file, loaded on a device on first use."""

    def __init__(self, path):
        self._native = _NativePackage(str(path))
        self._kernels = {}

    @property
    def path(self):
        return self._native.path

    @property
    def kernels(self):
        """Kernel names, in package order."""
        return self._native.kernels

    def __getitem__(self, name):
        kernel = self._kernels.get(name)
        if kernel is None:
            kernel = self._kernels[name] = Kernel(self._native, name)
        return kernel

    def __contains__(self, name):
        return name in self._native.kernels

    def __iter__(self):
        return (self[name] for name in self._native.kernels)

    def __len__(self):
        return len(self._native.kernels)

    def __repr__(self):
        return repr(self._native)


class Kernel(KernelBase):
    """One kernel: call it with every argument, or with its inputs only.

    ``k(*args, stream=None)`` launches it. With every argument: returns None
    (this path runs natively). With only the arguments that are not
    write-only outputs: allocates the outputs with torch, launches, and
    returns them (one tensor, or a tuple)."""

    def __init__(self, native, name):
        self._native = native
        #: The caller's arguments: dicts with name, kind ("tensor"/"int"),
        #: dtype, and for tensors shape (ints, "?N" for dynamic) and access.
        self.arguments = native.arguments(name)
        info = native.info(name)
        #: dispatch, ukernel, reference family and its parameters.
        self.attributes = info["attributes"]
        self.block = info["block"]
        self.shared_memory_bytes = info["shared_memory_bytes"]
        self.images = {"ptx": info["ptx"], "cubin": info["cubin"]}
        self._count = len(self.arguments)
        # Outputs the call can allocate: tensors the kernel only writes.
        self._allocated = [i for i, a in enumerate(self.arguments)
                           if a["kind"] == "tensor" and a["access"] == "write"]
        self._inputs = [i for i in range(self._count) if i not in self._allocated]
        # Outputs of static shape: (shape, torch dtype name), computed once.
        outs = [self.arguments[i] for i in self._allocated]
        self._static_outputs = None
        if all(isinstance(d, int) for a in outs for d in a["shape"]):
            self._static_outputs = [(tuple(a["shape"]), _TORCH_DTYPES[a["dtype"]]) for a in outs]

    def __repr__(self):
        args = ", ".join(f"{a['name']}: {_describe(a)}" for a in self.arguments)
        return f"<ukernel kernel {self.name}({args})>"

    def _call_allocating(self, args, stream):
        if self._allocated and len(args) == len(self._inputs):
            outputs = self._allocate(args)
            full = [None] * self._count
            for i, value in zip(self._inputs, args):
                full[i] = value
            for i, tensor in zip(self._allocated, outputs):
                full[i] = tensor
            self._native.launch(self.name, tuple(full), stream)
            return outputs[0] if len(outputs) == 1 else tuple(outputs)
        names = ", ".join(a["name"] for a in self.arguments)
        message = f"kernel '{self.name}' takes {self._count} argument(s) ({names})"
        if self._allocated:
            message += f", or its {len(self._inputs)} input(s) ({', '.join(self.arguments[i]['name'] for i in self._inputs)})"
        raise ArgumentError(f"{message}; got {len(args)}")

    def _allocate(self, inputs):
        torch = _torch()
        if torch is None:
            raise ArgumentError(f"kernel '{self.name}': allocating outputs needs torch; pass every argument instead")
        device = next((v.device for v in inputs if isinstance(v, torch.Tensor)), None)
        if device is None or device.type != "cuda":
            raise ArgumentError(f"kernel '{self.name}': outputs are allocated on the inputs' CUDA device; "
                                f"the inputs are on {device}")
        if self._static_outputs is not None:
            return [torch.empty(shape, dtype=getattr(torch, dtype), device=device)
                    for shape, dtype in self._static_outputs]
        return [torch.empty(shape, dtype=getattr(torch, _TORCH_DTYPES[self.arguments[i]["dtype"]]), device=device)
                for i, shape in zip(self._allocated, self._output_shapes(inputs))]

    def _output_shapes(self, inputs):
        """The shapes of the allocated outputs: each dynamic dim is the size
        of the first input that has the same dim (kept as given: a symbolic
        size under tracing stays symbolic)."""
        sizes = {}
        for value, i in zip(inputs, self._inputs):
            dims = self.arguments[i].get("shape", ())
            shape = getattr(value, "shape", None)
            if shape is not None and len(shape) == len(dims):
                for dim, size in zip(dims, shape):
                    if isinstance(dim, str):
                        sizes.setdefault(dim, size)
        shapes = []
        for i in self._allocated:
            arg = self.arguments[i]
            shape = []
            for dim in arg["shape"]:
                if isinstance(dim, str) and dim not in sizes:
                    raise ArgumentError(f"kernel '{self.name}' argument {i} ('{arg['name']}'): its dynamic "
                                        f"dimension is not set by any input; pass the output")
                shape.append(sizes[dim] if isinstance(dim, str) else dim)
            shapes.append(shape)
        return shapes


def _describe(arg):
    if arg["kind"] == "int":
        return arg["dtype"]
    dims = "x".join("?" if isinstance(d, str) else str(d) for d in arg["shape"])
    return f"{arg['access']} {arg['dtype']}[{dims}]"


def _torch():
    import sys
    return sys.modules.get("torch")
