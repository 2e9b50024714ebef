// ukernel-fold-transposes on its own: F.linear as torch-mlir exports it (the
// N x K weight transposed by linalg.transpose, then a plain linalg.matmul)
// becomes a matmul of the N x K weight with B's map (n, k), and the
// transpose goes; a transpose with another user stays (the matmul still
// reads the weight directly); a matmul with non-default maps, or B not a
// transpose, is left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-transposes)' %s | FileCheck %s

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>

// CHECK-LABEL: func.func @linear
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor.empty() : tensor<64x32xbf16>
// CHECK: linalg.matmul indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%arg0, %arg1 : tensor<4x64xbf16>, tensor<32x64xbf16>)
func.func @linear(%x: tensor<4x64xbf16>, %w: tensor<32x64xbf16>) -> tensor<4x32xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xbf16>
  %t = linalg.transpose ins(%w : tensor<32x64xbf16>) outs(%e : tensor<64x32xbf16>) permutation = [1, 0]
  %o = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%cst : f32) outs(%o : tensor<4x32xf32>) -> tensor<4x32xf32>
  %r = linalg.matmul ins(%x, %t : tensor<4x64xbf16>, tensor<64x32xbf16>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// CHECK-LABEL: func.func @transpose_also_returned
// CHECK: %[[T:.*]] = linalg.transpose
// CHECK: linalg.matmul indexing_maps = [#[[A]], #[[B]], #[[C]]] ins(%arg0, %arg1 :
// CHECK: return %{{.*}}, %[[T]]
func.func @transpose_also_returned(%x: tensor<4x64xbf16>, %w: tensor<32x64xbf16>) -> (tensor<4x32xf32>, tensor<64x32xbf16>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xbf16>
  %t = linalg.transpose ins(%w : tensor<32x64xbf16>) outs(%e : tensor<64x32xbf16>) permutation = [1, 0]
  %o = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%cst : f32) outs(%o : tensor<4x32xf32>) -> tensor<4x32xf32>
  %r = linalg.matmul ins(%x, %t : tensor<4x64xbf16>, tensor<64x32xbf16>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r, %t : tensor<4x32xf32>, tensor<64x32xbf16>
}

// CHECK-LABEL: func.func @plain_matmul
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x64xbf16>, tensor<64x32xbf16>)
func.func @plain_matmul(%x: tensor<4x64xbf16>, %w: tensor<64x32xbf16>) -> tensor<4x32xf32> {
  %cst = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%cst : f32) outs(%o : tensor<4x32xf32>) -> tensor<4x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<4x64xbf16>, tensor<64x32xbf16>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}
