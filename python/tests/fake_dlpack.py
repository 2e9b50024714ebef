"""A DLPack producer built with ctypes, for tests without torch or a GPU: it
describes memory it does not own (any device, dtype, shape, strides), which
is all the package reads before a launch."""
import ctypes

_NAME = b"dltensor"

DTYPES = {  # name: (DLPack type code, bits)
    "f32": (2, 32), "f16": (2, 16), "bf16": (4, 16), "f64": (2, 64),
    "i32": (0, 32), "i64": (0, 64), "i8": (0, 8), "bool": (6, 8), "u8": (1, 8),
}
CPU, CUDA = 1, 2


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device), ("ndim", ctypes.c_int32),
                ("dtype", _DataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _Managed(ctypes.Structure):
    _fields_ = [("dl_tensor", _Tensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class FakeTensor:
    def __init__(self, shape, dtype="f32", device=(CUDA, 0), strides=None, address=0x7F0000000000):
        self.shape = tuple(shape)
        self.device = device
        self._shape = (ctypes.c_int64 * len(shape))(*shape)
        self._strides = None if strides is None else (ctypes.c_int64 * len(strides))(*strides)
        code, bits = DTYPES[dtype]
        self._managed = _Managed()
        t = self._managed.dl_tensor
        t.data = address
        t.device = _Device(*device)
        t.ndim = len(shape)
        t.dtype = _DataType(code, bits, 1)
        t.shape = ctypes.cast(self._shape, ctypes.POINTER(ctypes.c_int64))
        t.strides = (ctypes.cast(self._strides, ctypes.POINTER(ctypes.c_int64))
                     if self._strides is not None else None)
        t.byte_offset = 0

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, stream=None):
        # No destructor: the memory belongs to this object.
        return _capsule_new(ctypes.addressof(self._managed), _NAME, None)
