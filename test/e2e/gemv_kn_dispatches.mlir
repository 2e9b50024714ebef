// One row of A against B stored K x N, where the matmul (or its batch)
// gives at least 2 workgroups of 64 columns per SM: the GEMV ukernel built
// for that layout (registers only, many workgroups per SM) instead of the
// skinny tensor-core one. Edges: N not a multiple of 64 nor of 8 (masked
// 16-byte loads), an odd row stride (element loads), K not a multiple of
// the 128 rows a workgroup has in flight, C += A x B, f16, and a fused
// bias + truncf epilogue at batch offsets. Too few workgroups keep the
// skinny ukernel. `ukc-run run` checks each against upstream MLIR's CPU
// execution (`--reference`).
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=REMARK
// CHECK: reference outputs (MLIR on the CPU) of 5 function(s)
// CHECK-DAG: scores_bf16_32x1x128x4096: ukernel uk_matmul_gemv_bf16_kn
// CHECK-DAG: scores_edges_bf16_40x1x129x509: ukernel uk_matmul_gemv_bf16_kn
// CHECK-DAG: acc_f16_1x300x20001: ukernel uk_matmul_gemv_f16_kn
// CHECK-DAG: scores_bias_bf16_64x1x200x520: ukernel uk_matmul_gemv_bf16_kn
// CHECK-DAG: few_columns_bf16_1x4096x4096: ukernel uk_matmul_skinny_bf16_kn
// REMARK: selected uk_matmul_gemv_bf16_kn {{.*}}: 1 x 64 tile per workgroup of 256 threads, K whole, 2048 workgroups
// REMARK: uk_matmul_gemv_bf16_kn: N = 4096 gives 64 workgroups of 64 columns, fewer than 2 per SM of 132
module {
  func.func @scores_bf16_32x1x128x4096(%q: tensor<32x1x128xbf16>, %k: tensor<32x128x4096xbf16>) -> tensor<32x1x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x1x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x1x4096xf32>) -> tensor<32x1x4096xf32>
    %r = linalg.batch_matmul ins(%q, %k : tensor<32x1x128xbf16>, tensor<32x128x4096xbf16>) outs(%f : tensor<32x1x4096xf32>) -> tensor<32x1x4096xf32>
    return %r : tensor<32x1x4096xf32>
  }

  func.func @scores_edges_bf16_40x1x129x509(%q: tensor<40x1x129xbf16>, %k: tensor<40x129x509xbf16>) -> tensor<40x1x509xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<40x1x509xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<40x1x509xf32>) -> tensor<40x1x509xf32>
    %r = linalg.batch_matmul ins(%q, %k : tensor<40x1x129xbf16>, tensor<40x129x509xbf16>) outs(%f : tensor<40x1x509xf32>) -> tensor<40x1x509xf32>
    return %r : tensor<40x1x509xf32>
  }

  func.func @acc_f16_1x300x20001(%a: tensor<1x300xf16>, %b: tensor<300x20001xf16>, %c: tensor<1x20001xf32>) -> tensor<1x20001xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<1x300xf16>, tensor<300x20001xf16>) outs(%c : tensor<1x20001xf32>) -> tensor<1x20001xf32>
    return %r : tensor<1x20001xf32>
  }

  func.func @scores_bias_bf16_64x1x200x520(%q: tensor<64x1x200xbf16>, %k: tensor<64x200x520xbf16>, %bias: tensor<520xf32>) -> tensor<64x1x520xbf16> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x1x520xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x1x520xf32>) -> tensor<64x1x520xf32>
    %r = linalg.batch_matmul ins(%q, %k : tensor<64x1x200xbf16>, tensor<64x200x520xbf16>) outs(%f : tensor<64x1x520xf32>) -> tensor<64x1x520xf32>
    %e2 = tensor.empty() : tensor<64x1x520xbf16>
    %t = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r, %bias : tensor<64x1x520xf32>, tensor<520xf32>) outs(%e2 : tensor<64x1x520xbf16>) {
    ^bb0(%x: f32, %y: f32, %out: bf16):
      %s = arith.addf %x, %y : f32
      %h = arith.truncf %s : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<64x1x520xbf16>
    return %t : tensor<64x1x520xbf16>
  }

  func.func @few_columns_bf16_1x4096x4096(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<1x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %r = linalg.matmul ins(%a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }
}
