"""Tests of the ukernel Python package. The metadata and error-path tests
need no GPU; the GPU tests need torch with CUDA and say why they skip.

The package under test is compiled from kernels.mlir by `ukc` (found as
$UKC, else target/debug/ukc of this repo).
"""
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import ukernel  # noqa: E402
from fake_dlpack import CPU, CUDA, FakeTensor  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = os.environ.get("UKERNEL_TEST_PACKAGE")


def setUpModule():
    global PACKAGE, _tmp
    if PACKAGE:
        return
    ukc = os.environ.get("UKC", str(ROOT / "target" / "debug" / "ukc"))
    if not Path(ukc).exists():
        raise unittest.SkipTest(f"no ukc at {ukc} to compile the test package (build the workspace, or set UKC)")
    _tmp = tempfile.TemporaryDirectory()
    PACKAGE = os.path.join(_tmp.name, "kernels.pkg")
    subprocess.run([ukc, "compile", str(Path(__file__).parent / "kernels.mlir"), "--arch", "sm_80,sm_90",
                    "--no-cubin", "-o", PACKAGE, "--reference"], check=True, stdout=subprocess.DEVNULL)


def _gpu_reason():
    try:
        import torch
    except ImportError:
        return "torch is not installed"
    if not torch.cuda.is_available():
        return "torch sees no CUDA device"
    return None


def torch_devices():
    import torch
    return torch.cuda.device_count()


ARGMAX = "argmax_f32i32_1x128256"
DYNAMIC = "mm_tile_bf16_nk_dynamic_m"
EMPTY_ROWS = "argmax_empty_rows"
ACCUMULATE = "mm_tile_f16_kn_acc_127x129x1000"


class Metadata(unittest.TestCase):
    def setUp(self):
        self.pkg = ukernel.load(PACKAGE)

    def test_kernels_and_arguments(self):
        self.assertEqual(self.pkg.kernels, [ARGMAX, DYNAMIC, ACCUMULATE, EMPTY_ROWS])
        self.assertEqual(len(self.pkg), 4)
        self.assertIn(DYNAMIC, self.pkg)
        argmax = self.pkg[ARGMAX]
        self.assertEqual([(a["name"], a["dtype"], a["shape"], a["access"]) for a in argmax.arguments],
                         [("input", "f32", [1, 128256], "read"), ("value", "f32", [1], "write"),
                          ("index", "i32", [1], "write")])
        dynamic = self.pkg[DYNAMIC]
        self.assertEqual([a["shape"] for a in dynamic.arguments], [["?0", 300], [1000, 300], ["?0", 1000]])
        self.assertEqual([a["access"] for a in self.pkg[ACCUMULATE].arguments], ["read", "read", "readwrite"])
        self.assertEqual(argmax.attributes["reference"], "argmax")
        self.assertEqual(argmax.images["ptx"], ["8.0", "9.0"])
        self.assertEqual(self.pkg[ACCUMULATE].shared_memory_bytes, 147504)
        self.assertIn("input: read f32[1x128256]", repr(argmax))

    def test_missing_corrupt_and_unknown(self):
        with self.assertRaises(FileNotFoundError):
            ukernel.load("/nonexistent/x.pkg")
        with tempfile.NamedTemporaryFile(suffix=".pkg") as f:
            f.write(b"not a package at all")
            f.flush()
            with self.assertRaisesRegex(ukernel.PackageError, "bad magic"):
                ukernel.load(f.name)
        with open(PACKAGE, "rb") as src, tempfile.NamedTemporaryFile(suffix=".pkg") as f:
            f.write(src.read()[:200])
            f.flush()
            with self.assertRaises(ukernel.PackageError):
                ukernel.load(f.name)
        with self.assertRaisesRegex(KeyError, "no kernel 'nope'"):
            self.pkg["nope"]


class ArgumentErrors(unittest.TestCase):
    """Every mismatch is an ArgumentError naming the argument, raised before
    anything reaches the GPU (so these run without one)."""

    def setUp(self):
        self.pkg = ukernel.load(PACKAGE)

    def call(self, name, *args):
        self.pkg[name](*args, stream=0)

    def test_count(self):
        with self.assertRaisesRegex(ukernel.ArgumentError, r"takes 3 argument\(s\) \(input, value, index\), "
                                                           r"or its 1 input\(s\) \(input\); got 2"):
            self.call(ARGMAX, FakeTensor([1, 128256]), FakeTensor([1]))

    def test_dtype(self):
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 0 \('input'\): expected a f32 buffer"
                                                           r".*got a f16 buffer"):
            self.call(ARGMAX, FakeTensor([1, 128256], "f16"), FakeTensor([1]), FakeTensor([1], "i32"))
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 2 \('index'\): element type uint8"):
            self.call(ARGMAX, FakeTensor([1, 128256]), FakeTensor([1]), FakeTensor([1], "u8"))
        # A bool (i1 in the package) is a type the runtime knows, not this argument's.
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 2 \('index'\): expected a i32 buffer.*got a i1"):
            self.call(ARGMAX, FakeTensor([1, 128256]), FakeTensor([1]), FakeTensor([1], "bool"))

    def test_static_and_dynamic_shapes(self):
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 0 \('input'\).*shape \[1, 1000\]"):
            self.call(ARGMAX, FakeTensor([1, 1000]), FakeTensor([1]), FakeTensor([1], "i32"))
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 2 \('c'\): dynamic dim 0 is 8, but an earlier "
                                                           r"argument bound it to 5"):
            self.call(DYNAMIC, FakeTensor([5, 300], "bf16"), FakeTensor([1000, 300], "bf16"), FakeTensor([8, 1000]))

    def test_layout(self):
        transposed = FakeTensor([1000, 300], "bf16", strides=[1, 1000])
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 1 \('b'\): strides \[1, 1000\].*contiguous"):
            self.call(DYNAMIC, FakeTensor([5, 300], "bf16"), transposed, FakeTensor([5, 1000]))
        # Size-1 dims may have any stride: still dense.
        row = FakeTensor([1, 128256], strides=[7, 1])
        with self.assertRaises(ukernel.ArgumentError) as e:
            self.call(ARGMAX, row, FakeTensor([1]), FakeTensor([1], "i32", device=(CPU, 0)))
        self.assertIn("argument 2 ('index'): the tensor is on cpu", str(e.exception))
        # A tensor of no elements has any strides (torch.empty(4, 0) has
        # (1, 1)): the check moves on to the next argument.
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 1 \('index'\): the tensor is on cpu"):
            self.call(EMPTY_ROWS, FakeTensor([4, 0], strides=[1, 1]), FakeTensor([4], "i64", device=(CPU, 0)))

    def test_devices(self):
        with self.assertRaisesRegex(ukernel.ArgumentError, r"argument 1 \('value'\): the tensor is on cuda:1, "
                                                           r"argument 0 on cuda:0"):
            self.call(ARGMAX, FakeTensor([1, 128256]), FakeTensor([1], device=(CUDA, 1)), FakeTensor([1], "i32"))

    def test_not_a_tensor(self):
        with self.assertRaisesRegex(TypeError, r"argument 0 \('input'\): expected a tensor"):
            self.call(ARGMAX, "logits", FakeTensor([1]), FakeTensor([1], "i32"))

    @unittest.skipUnless(_gpu_reason() is not None and not os.path.exists("/dev/nvidiactl"),
                         "a GPU is present: the fake tensors' addresses must not reach it")
    def test_valid_arguments_without_a_gpu_are_a_cuda_error(self):
        with self.assertRaises(ukernel.CudaError):
            self.call(ARGMAX, FakeTensor([1, 128256]), FakeTensor([1]), FakeTensor([1], "i32"))


class Cli(unittest.TestCase):
    def test_info(self):
        done = subprocess.run([sys.executable, "-m", "ukernel", "info", PACKAGE], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn(f"{ARGMAX}: PTX for 8.0, 9.0", done.stdout)

    def test_every_kernel_has_an_mlir_reference(self):
        manifest = Path(PACKAGE + ".ref") / "manifest.txt"
        kernels = [line.split()[1] for line in manifest.read_text().splitlines() if line.startswith("kernel ")]
        self.assertEqual(sorted(kernels), sorted(ukernel.load(PACKAGE).kernels))

    def test_usage_error(self):
        done = subprocess.run([sys.executable, "-m", "ukernel", "bogus"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("bogus", done.stderr)


def _ukc():
    return os.environ.get("UKC", str(ROOT / "target" / "debug" / "ukc"))


def _prepare_tuning(directory):
    """`ukc tune --prepare-only` of the package's matmul with K x N B."""
    subprocess.run([_ukc(), "tune", str(Path(__file__).parent / "kernels.mlir"), "--arch", "sm_90", "--no-cubin",
                    "--function", "mm_tile_f16_kn_acc_127x129x1000", "--prepare-only", directory],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Stubs(unittest.TestCase):
    def test_stubs_name_what_the_module_has(self):
        import ast
        import inspect
        stub = ast.parse((Path(ukernel.__file__).parent / "__init__.pyi").read_text())
        defined = {n.name: n for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        for name in ukernel.__all__:
            self.assertIn(name, defined, f"{name} is exported but has no stub")
        for name, node in defined.items():
            if name in ("Argument", "Candidate", "Record"):
                continue  # typed dicts: shapes of returned dicts, not module names
            self.assertTrue(hasattr(ukernel, name), f"the stub has {name}, the module does not")
            if isinstance(node, ast.FunctionDef) and inspect.isfunction(getattr(ukernel, name)):
                params = list(inspect.signature(getattr(ukernel, name)).parameters)
                self.assertEqual([a.arg for a in node.args.args], params, name)
        self.assertTrue((Path(ukernel.__file__).parent / "py.typed").exists())


def _torch_reason():
    try:
        import torch  # noqa: F401
    except ImportError:
        return "torch is not installed"
    return None


@unittest.skipIf(_torch_reason() is not None, f"torch custom ops: {_torch_reason()}")
class TorchOps(unittest.TestCase):
    """The fake implementations need no GPU: meta tensors go through them."""

    def test_fake_shapes_and_dtypes_of_every_kernel(self):
        import torch
        import ukernel.torch
        pkg = ukernel.load(PACKAGE)
        ops = ukernel.torch.register(pkg, namespace="uk_fake_test")
        for kernel in pkg:
            args = kernel.arguments
            inputs, want = [], []
            for a in args:
                shape = [7 if isinstance(d, str) else d for d in a.get("shape", [])]
                if a["kind"] == "int":
                    inputs.append(7)
                elif a["access"] == "write":
                    want.append((shape, getattr(torch, ukernel._TORCH_DTYPES[a["dtype"]])))
                else:
                    inputs.append(torch.empty(shape, dtype=getattr(torch, ukernel._TORCH_DTYPES[a["dtype"]]),
                                              device="meta"))
            got = getattr(ops, kernel.name)(*inputs)
            got = [] if got is None else [got] if isinstance(got, torch.Tensor) else list(got)
            self.assertEqual([(list(t.shape), t.dtype) for t in got], want, kernel.name)
            self.assertTrue(all(t.device.type == "meta" for t in got))
        # Dynamo traces through the op (one graph, no break) and export
        # keeps it as an op, on meta tensors.
        def step(x):
            value, index = getattr(ops, ARGMAX)(x * 2.0)
            return index + 1

        x = torch.empty(1, 128256, device="meta")
        explained = torch._dynamo.explain(step)(x)
        self.assertEqual((explained.graph_count, explained.graph_break_count), (1, 0))

        class Step(torch.nn.Module):
            def forward(self, x):
                return step(x)

        exported = torch.export.export(Step(), (x,))
        targets = [str(n.target) for n in exported.graph.nodes if n.op == "call_function"]
        self.assertIn(f"uk_fake_test.{ARGMAX}.default", targets)
        # C += A x B: its accumulator is declared mutated in the schema.
        schema = str(getattr(torch.ops.uk_fake_test, ACCUMULATE).default._schema)
        self.assertRegex(schema, r"Tensor\(a\d+!\)")


class Tuning(unittest.TestCase):
    def test_unreadable_plan_and_tuning_file_are_errors(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(ukernel.PackageError, "plan.json: error: cannot read the tune plan"):
                ukernel.tune(d)
            if not Path(_ukc()).exists():
                self.skipTest(f"no ukc at {_ukc()} to prepare a tuning folder")
            _prepare_tuning(d)
            bad = os.path.join(d, "bad.json")
            Path(bad).write_text('{"format": "ukernel-tuning", "version": 7, "records": []}')
            # The output is read before any GPU work: its fault is the error.
            with self.assertRaisesRegex(ukernel.PackageError, r"bad.json:1:\d+: error: tuning file version 7"):
                ukernel.tune(d, output=bad)


@unittest.skipIf(_gpu_reason() is not None, f"GPU tests: {_gpu_reason()}")
class OnGpu(unittest.TestCase):
    def setUp(self):
        import torch
        self.torch = torch
        self.pkg = ukernel.load(PACKAGE)
        self.gen = torch.Generator(device="cuda").manual_seed(7)

    def test_run_matches_mlir_references(self):
        # Every kernel on the reference's inputs, against upstream MLIR's CPU
        # execution of the same function (PACKAGE.ref, beside the package).
        done = subprocess.run([sys.executable, "-m", "ukernel", "run", PACKAGE, "--repeat", "0"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        count = len(ukernel.load(PACKAGE).kernels)
        self.assertEqual(done.stdout.count("matches the MLIR reference"), count * torch_devices(), done.stdout)

    def test_argmax_allocates_outputs(self):
        torch = self.torch
        x = torch.randn(1, 128256, device="cuda", generator=self.gen)
        value, index = self.pkg[ARGMAX](x)
        torch.testing.assert_close(index.long(), torch.argmax(x, dim=1))
        torch.testing.assert_close(value, x.max(dim=1).values)

    def test_storage_offset_is_honoured(self):
        torch = self.torch
        big = torch.randn(3, 128256, device="cuda", generator=self.gen)
        x = big[1:2]  # a view at an offset
        value, index = self.pkg[ARGMAX](x)
        self.assertEqual(int(index), int(torch.argmax(x)))

    def test_matmul_dynamic_and_accumulate(self):
        torch = self.torch
        a = torch.randn(37, 300, device="cuda", generator=self.gen).bfloat16()
        b = torch.randn(1000, 300, device="cuda", generator=self.gen).bfloat16()
        c = self.pkg[DYNAMIC](a, b)
        torch.testing.assert_close(c, a.float() @ b.float().T, rtol=1e-3, atol=1e-3)
        a = torch.randn(127, 1000, device="cuda", generator=self.gen).half()
        b = torch.randn(1000, 129, device="cuda", generator=self.gen).half()
        c0 = torch.randn(127, 129, device="cuda", generator=self.gen)
        c = c0.clone()
        self.pkg[ACCUMULATE](a, b, c)
        torch.testing.assert_close(c, c0 + a.float() @ b.float(), rtol=1e-3, atol=2e-3)

    def test_empty_batch_launches_nothing(self):
        torch = self.torch
        # M = 0 leaves the grid no workgroups: an empty result, not an error.
        a = torch.empty(0, 300, device="cuda").bfloat16()
        b = torch.randn(1000, 300, device="cuda", generator=self.gen).bfloat16()
        c = self.pkg[DYNAMIC](a, b)
        self.assertEqual(tuple(c.shape), (0, 1000))
        # Rows of no elements (torch's strides (1, 1) for them): the argmax
        # of each is its init, index 0.
        index = torch.full((4,), 7, dtype=torch.int64, device="cuda")
        self.pkg[EMPTY_ROWS](torch.empty(4, 0, device="cuda"), index)
        self.assertEqual(index.tolist(), [0, 0, 0, 0])

    def test_runs_on_torch_current_stream(self):
        torch = self.torch
        x = torch.randn(1, 128256, device="cuda", generator=self.gen)
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            value, index = self.pkg[ARGMAX](x)
        side.synchronize()
        self.assertEqual(int(index), int(torch.argmax(x)))

    def test_custom_op_compiles_fullgraph_and_matches_eager(self):
        import torch
        import ukernel.torch
        ops = ukernel.torch.register(PACKAGE, namespace="uk_gpu_test")
        x = torch.randn(1, 128256, device="cuda", generator=self.gen)

        def step(x):
            value, index = ops.argmax_f32i32_1x128256(x * 2.0)
            return index + 1

        eager = step(x)
        compiled = torch.compile(step, fullgraph=True)
        self.assertEqual(int(compiled(x)), int(eager))
        self.assertEqual(int(eager), int(torch.argmax(x)) + 1)
        explained = torch._dynamo.explain(step)(x)
        self.assertEqual((explained.graph_count, explained.graph_break_count), (1, 0))

    def test_tune_measures_every_candidate(self):
        if not Path(_ukc()).exists():
            self.skipTest(f"no ukc at {_ukc()} to prepare a tuning folder")
        with tempfile.TemporaryDirectory() as d:
            _prepare_tuning(d)
            out = os.path.join(d, "tuning.json")
            records = ukernel.tune(d, output=out, repeat=3)
            self.assertEqual(len(records), 1)
            choices = [c["choice"] for c in records[0]["candidates"]]
            self.assertIn("default", choices)
            self.assertGreaterEqual(len(choices), 2)
            # Every candidate computes the function exactly: none is dropped.
            self.assertTrue(all(c.get("micros", 0) > 0 for c in records[0]["candidates"]), records)
            self.assertEqual(ukernel.tune(d, output=out, repeat=1)[0]["signature"], records[0]["signature"])

    def test_graph_capture_replays(self):
        torch = self.torch
        x = torch.randn(1, 128256, device="cuda", generator=self.gen)
        value = torch.empty(1, device="cuda")
        index = torch.empty(1, dtype=torch.int32, device="cuda")
        kernel = self.pkg[ARGMAX]
        kernel(x, value, index)  # first launch: load, scratch
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            kernel(x, value, index)
        for _ in range(3):
            x.copy_(torch.randn(1, 128256, device="cuda", generator=self.gen))
            graph.replay()
            torch.cuda.synchronize()
            self.assertEqual(int(index), int(torch.argmax(x)))


if __name__ == "__main__":
    unittest.main(verbosity=2)
