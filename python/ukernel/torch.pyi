from os import PathLike
from types import SimpleNamespace
from typing import Union

from . import Package

def register(package: Union[str, "PathLike[str]", Package], namespace: str = "ukernel") -> SimpleNamespace: ...
