"""A package's kernels as torch custom ops, for ``torch.compile``,
``torch.export`` and CUDA graphs.

    import torch, ukernel.torch
    ops = ukernel.torch.register("decode_step.pkg", namespace="decode")
    value, index = ops.lm_head_argmax(logits)     # torch.ops.decode.lm_head_argmax
    torch.compile(model, fullgraph=True)           # traces through it

Each kernel becomes ``torch.ops.<namespace>.<kernel>``: its inputs are the
op's arguments (``Tensor`` for tensors it reads, ``Tensor(a!)`` for tensors
it reads and writes, declared mutated; ``SymInt`` for ints), and the tensors
it only writes are the op's results, allocated by the op. A fake (meta)
implementation gives the results' shapes and dtypes from the package's
metadata, dynamic dims taken from the inputs that share them, so tracing
needs no GPU.
"""
import re
import types

import torch

from . import ArgumentError, Package, _TORCH_DTYPES, load

__all__ = ["register"]

# The libraries registered, kept alive: an op lives as long as its library.
_LIBRARIES = []


def _identifier(name, taken):
    text = re.sub(r"\W", "_", name)
    if not text or text[0].isdigit():
        text = "k_" + text
    while text in taken:
        text += "_"
    taken.add(text)
    return text


def _dtype(name):
    return getattr(torch, _TORCH_DTYPES[name])


class _Op:
    """How one kernel maps onto a custom op's schema."""

    def __init__(self, kernel):
        self.kernel = kernel
        # The kernel's own split: the tensors it only writes (which a call
        # with its inputs allocates) and the rest.
        self.outputs = kernel._allocated
        self.inputs = kernel._inputs

    def schema(self, op_name):
        taken, params = set(), []
        for n, i in enumerate(self.inputs):
            a = self.kernel.arguments[i]
            name = _identifier(a["name"], taken)
            if a["kind"] == "int":
                params.append(f"SymInt {name}")
            elif a["access"] == "readwrite":
                params.append(f"Tensor(a{n}!) {name}")
            else:
                params.append(f"Tensor {name}")
        results = {0: "()", 1: "Tensor"}.get(len(self.outputs), "(" + ", ".join(["Tensor"] * len(self.outputs)) + ")")
        return f"{op_name}({', '.join(params)}) -> {results}"

    def run(self, *inputs):
        # Inputs only: the kernel allocates its write-only outputs and
        # returns them (None when it has none).
        return self.kernel(*inputs)

    def fake(self, *inputs):
        args = self.kernel.arguments
        device = None
        for value, i in zip(inputs, self.inputs):
            if isinstance(value, torch.Tensor):
                device = device or value.device
                if len(args[i]["shape"]) != value.dim():
                    raise ArgumentError(f"kernel '{self.kernel.name}' argument {i} ('{args[i]['name']}'): rank "
                                        f"{value.dim()}, expected {len(args[i]['shape'])}")
        outs = [torch.empty(shape, dtype=_dtype(args[i]["dtype"]), device=device)
                for i, shape in zip(self.outputs, self.kernel._output_shapes(inputs))]
        if not outs:
            return None
        return outs[0] if len(outs) == 1 else tuple(outs)


def register(package, namespace="ukernel"):
    """Registers every kernel of ``package`` (a path or a
    :class:`ukernel.Package`) as ``torch.ops.<namespace>.<kernel>``; returns
    an object whose attributes are the ops, by kernel name (names that are not
    identifiers have their other characters replaced by ``_``). A namespace
    can be registered once per process."""
    pkg = package if isinstance(package, Package) else load(package)
    library = torch.library.Library(namespace, "FRAGMENT")
    ops, taken = {}, set()
    register_fake = getattr(torch.library, "register_fake", None) or torch.library.impl_abstract
    for kernel in pkg:
        op = _Op(kernel)
        name = _identifier(kernel.name, taken)
        library.define(op.schema(name))
        library.impl(name, op.run, "CUDA")
        register_fake(f"{namespace}::{name}", op.fake, lib=library)
        ops[name] = getattr(getattr(torch.ops, namespace), name)
    _LIBRARIES.append(library)
    return types.SimpleNamespace(**ops)
