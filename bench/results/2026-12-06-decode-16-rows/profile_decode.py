"""One cold launch each of the decode kernels (the wide skinny ukernel at 16
and 8 rows, GEMV at 1, F.linear at 16) at 16384 x 16384 and 11008 x 4096,
for ncu to measure. usage: profile_decode.py PTX_DIR (run from bench/)."""
import ctypes
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, ".")
from cuda_driver import Driver  # noqa: E402

drv = Driver(f"{sys.argv[1]}/harness_matmul.sm_90.ptx")
flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
WIDE_SMEM = 4 * ((16 + 64) * 128 * 2 + 16)


def launch(kernel, b, m, cols, threads, smem):
    n, k = b.shape
    a = torch.randn(m, k, device="cuda").to(torch.bfloat16)
    c = torch.empty(m, n, device="cuda")
    args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_int64(k), ctypes.c_uint64(b.data_ptr()), ctypes.c_int64(k),
            ctypes.c_uint64(c.data_ptr()), ctypes.c_int64(n), ctypes.c_int64(m), ctypes.c_int64(n),
            ctypes.c_int64(k), ctypes.c_int32(0)]
    flush.zero_()
    drv.launch(kernel, ((n + cols - 1) // cols, 1, 1), (threads, 1, 1), args, smem)
    torch.cuda.synchronize()


for n, k in [(16384, 16384), (11008, 4096)]:
    b = torch.randn(n, k, device="cuda").to(torch.bfloat16)
    launch("harness_uk_matmul_skinny_wide_bf16_nk", b, 16, 64, 256, WIDE_SMEM)
    launch("harness_uk_matmul_skinny_wide_bf16_nk", b, 8, 64, 256, WIDE_SMEM)
    launch("harness_uk_matmul_gemv_bf16_nk", b, 1, 4, 256, 0)
    a = torch.randn(16, k, device="cuda").to(torch.bfloat16)
    flush.zero_()
    F.linear(a, b)
    torch.cuda.synchronize()
