// The dispatches bench/decode_matmul_bench.py times (bench/decode_matmul.mlir)
// compile, and each takes the decode ukernel the registry ranks first for
// its shape: GEMV for one row of a weight of 2^25 elements or more, else the
// wide skinny ukernel where its 64-column workgroups give every SM one, else
// the narrow skinny one; never the tile ukernel.
// RUN: ukc compile %S/../../bench/decode_matmul.mlir --arch sm_90a --no-cubin -o %t.pkg | FileCheck %s
// CHECK: mm_bf16_1x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// CHECK: mm_bf16_1x11008x4096: ukernel uk_matmul_gemv_bf16_nk
// CHECK: mm_bf16_1x16384x16384: ukernel uk_matmul_gemv_bf16_nk
// CHECK: mm_bf16_8x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// CHECK: mm_bf16_8x11008x4096: ukernel uk_matmul_skinny_wide_bf16_nk
// CHECK: mm_bf16_8x16384x16384: ukernel uk_matmul_skinny_wide_bf16_nk
// CHECK: mm_bf16_16x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// CHECK: mm_bf16_16x11008x4096: ukernel uk_matmul_skinny_wide_bf16_nk
// CHECK: mm_bf16_16x16384x16384: ukernel uk_matmul_skinny_wide_bf16_nk
// CHECK: mm_bf16_1x4096x14336: ukernel uk_matmul_gemv_bf16_nk
// CHECK: mm_bf16_8x4096x14336: ukernel uk_matmul_skinny_bf16_nk
// CHECK: mm_bf16_1x4096x11008: ukernel uk_matmul_gemv_bf16_nk
// CHECK: mm_bf16_1x128256x4096: ukernel uk_matmul_gemv_bf16_nk
// CHECK-NOT: uk_matmul_tile
