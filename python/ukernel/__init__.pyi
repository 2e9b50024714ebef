# Type stubs of the ukernel package (checked by the tests against the module).
from os import PathLike
from typing import Any, Iterator, Optional, Sequence, TypedDict, Union

_Path = Union[str, "PathLike[str]"]

class ArgumentError(ValueError): ...
class PackageError(ValueError): ...
class CudaError(RuntimeError): ...

class Argument(TypedDict, total=False):
    name: str
    kind: str  # "tensor" or "int"
    dtype: str  # "f32", "bf16", "i64", ...
    shape: list[Union[int, str]]  # ints, or "?N" for dynamic dim N
    access: str  # "read", "write", "readwrite"

class Candidate(TypedDict, total=False):
    choice: str  # a ukernel symbol, or "default"
    micros: float
    rejected: str

class Record(TypedDict):
    signature: str
    arch: str
    gpu: str
    compute_capability: str
    driver: str
    library: str
    candidates: list[Candidate]

class KernelBase:
    @property
    def name(self) -> str: ...
    def __call__(self, *args: Any, stream: Optional[int] = None) -> Any: ...

class Kernel(KernelBase):
    arguments: list[Argument]
    attributes: dict[str, str]
    block: list[int]  # [x, y, z]
    shared_memory_bytes: int
    images: dict[str, list[str]]

class Package:
    def __init__(self, path: _Path) -> None: ...
    @property
    def path(self) -> str: ...
    @property
    def kernels(self) -> list[str]: ...
    def __getitem__(self, name: str) -> Kernel: ...
    def __contains__(self, name: object) -> bool: ...
    def __iter__(self) -> Iterator[Kernel]: ...
    def __len__(self) -> int: ...

def load(path: _Path) -> Package: ...
def tune(
    directory: _Path,
    output: Optional[_Path] = None,
    device: int = 0,
    repeat: int = 20,
    verbose: bool = False,
) -> list[Record]: ...
def run_cli(args: Sequence[str]) -> int: ...
