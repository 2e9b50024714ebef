// ukernel-fold-transposes on a batch: attention's Q K^T as torch-mlir
// exports it (K transposed per batch by a 3-D linalg.transpose with
// permutation [0, 2, 1], then linalg.batch_matmul) becomes a batch matmul
// of K itself with B's map (b, n, k), and the transpose goes: the matmul
// ukernels built for B as N x K take it, and no kernel writes a transposed
// copy of the keys. A transpose of other dims is left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-transposes)' %s | FileCheck %s
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// CHECK-LABEL: func.func @q_times_k_transposed
// CHECK-NOT: linalg.transpose
// CHECK: linalg.batch_matmul indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%arg0, %arg1 : tensor<32x16x128xbf16>, tensor<32x1024x128xbf16>)
// REMARK: selected uk_matmul_skinny_wide_bf16_nk
func.func @q_times_k_transposed(%q: tensor<32x16x128xbf16>, %k: tensor<32x1024x128xbf16>) -> tensor<32x16x1024xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<32x128x1024xbf16>
  %kt = linalg.transpose ins(%k : tensor<32x1024x128xbf16>) outs(%et : tensor<32x128x1024xbf16>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<32x16x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16x1024xf32>) -> tensor<32x16x1024xf32>
  %r = linalg.batch_matmul ins(%q, %kt : tensor<32x16x128xbf16>, tensor<32x128x1024xbf16>) outs(%f : tensor<32x16x1024xf32>) -> tensor<32x16x1024xf32>
  return %r : tensor<32x16x1024xf32>
}

// CHECK-LABEL: func.func @batch_dim_moved
// CHECK: linalg.transpose
// REMARK: selected uk_matmul_
func.func @batch_dim_moved(%q: tensor<32x16x128xbf16>, %k: tensor<128x32x1024xbf16>) -> tensor<32x16x1024xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<32x128x1024xbf16>
  %kt = linalg.transpose ins(%k : tensor<128x32x1024xbf16>) outs(%et : tensor<32x128x1024xbf16>) permutation = [1, 0, 2]
  %e = tensor.empty() : tensor<32x16x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16x1024xf32>) -> tensor<32x16x1024xf32>
  %r = linalg.batch_matmul ins(%q, %kt : tensor<32x16x128xbf16>, tensor<32x128x1024xbf16>) outs(%f : tensor<32x16x1024xf32>) -> tensor<32x16x1024xf32>
  return %r : tensor<32x16x1024xf32>
}
