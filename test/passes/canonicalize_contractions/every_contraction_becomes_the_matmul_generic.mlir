// ukernel-canonicalize-contractions on its own: every multiply-add
// contraction becomes the linalg.generic the matmul family takes, loops
// (batch, m, n, k), A (b, m, k), B as it was (K x N or N x K), C (b, m, n):
// a linalg.contract, a matmul whose A is indexed (k, m) (A copied as M x K),
// a matrix-vector product (A and B trade places: M = 1), a vector-matrix
// product (a unit M), attention's two batch loops (collapsed into one), a
// batch over A alone (rows of M, dynamic), loops in another order, a C
// indexed (n, m) (A and B trade places: C^T = B^T A^T), and a batch between
// C's rows and columns (computed as (batch, M, N), then copied back). A contraction of
// another body, or whose inputs differ in type, is left alone. The compile
// then gives each its ukernel, reshapes as views of the same buffers (one
// kernel: no copy of the result).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-canonicalize-contractions)' %s 2>/dev/null | FileCheck %s
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-canonicalize-contractions)' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg | FileCheck %s --check-prefix=KERNELS

// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[BMK:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[BNK:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[BMN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// REMARK: remark: ukernel: the linalg.contract is a matmul, B as N x K
// CHECK-LABEL: func.func @contract
// CHECK-NOT: linalg.contract
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[NK]], #[[MN]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<64x128xbf16>, tensor<256x128xbf16>) outs(%arg2 : tensor<64x256xf32>)
// KERNELS-DAG: contract: ukernel uk_matmul_wgmma_narrow_bf16_nk
func.func @contract(%a: tensor<64x128xbf16>, %b: tensor<256x128xbf16>, %c: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %r = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<64x128xbf16>, tensor<256x128xbf16>) outs(%c : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// REMARK: remark: ukernel: the linalg.matmul is a matmul, B as K x N; A is copied as M x K
// CHECK-LABEL: func.func @a_transposed
// CHECK: %[[AT:.*]] = linalg.transpose ins(%arg0 : tensor<128x64xbf16>) outs(%{{.*}} : tensor<64x128xbf16>) permutation = [1, 0]
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], {{.*}} ins(%[[AT]], %arg1 : tensor<64x128xbf16>, tensor<128x256xbf16>) outs(%[[Z]] : tensor<64x256xf32>)
// KERNELS-DAG: a_transposed__k0: ukernel none
// KERNELS-DAG: a_transposed__k1: ukernel uk_matmul_wgmma_narrow_bf16_kn
func.func @a_transposed(%a: tensor<128x64xbf16>, %b: tensor<128x256xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<128x64xbf16>, tensor<128x256xbf16>) outs(%c : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// REMARK: remark: ukernel: the linalg.matvec is a matmul, B as N x K; A and B trade places (a matrix-vector product as M = 1)
// CHECK-LABEL: func.func @matvec
// CHECK: %[[V:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1]] output_shape [1, 1024] : tensor<1024xbf16> into tensor<1x1024xbf16>
// CHECK: %[[C:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [1, 4096] : tensor<4096xf32> into tensor<1x4096xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : tensor<1x4096xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[MK]], #[[NK]], #[[MN]]], {{.*}} ins(%[[V]], %arg0 : tensor<1x1024xbf16>, tensor<4096x1024xbf16>) outs(%[[Z]] : tensor<1x4096xf32>)
// CHECK: tensor.collapse_shape %[[R]] {{\[}}[0, 1]] : tensor<1x4096xf32> into tensor<4096xf32>
// KERNELS-DAG: matvec: ukernel uk_matmul_skinny_bf16_nk
func.func @matvec(%a: tensor<4096x1024xbf16>, %v: tensor<1024xbf16>) -> tensor<4096xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %r = linalg.matvec ins(%a, %v : tensor<4096x1024xbf16>, tensor<1024xbf16>) outs(%c : tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}

// REMARK: remark: ukernel: the linalg.vecmat is a matmul, B as K x N; M = 1 (a vector times a matrix)
// CHECK-LABEL: func.func @vecmat
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], {{.*}} ins(%{{.*}}, %arg1 : tensor<1x4096xf16>, tensor<4096x512xf16>) outs(%{{.*}} : tensor<1x512xf32>)
// KERNELS-DAG: vecmat: ukernel uk_matmul_
func.func @vecmat(%v: tensor<4096xf16>, %w: tensor<4096x512xf16>, %c: tensor<512xf32>) -> tensor<512xf32> {
  %r = linalg.vecmat ins(%v, %w : tensor<4096xf16>, tensor<4096x512xf16>) outs(%c : tensor<512xf32>) -> tensor<512xf32>
  return %r : tensor<512xf32>
}

// REMARK: remark: ukernel: the linalg.generic is a batch matmul, B as N x K; its 2 batch loops are one
// CHECK-LABEL: func.func @heads
// CHECK: %[[Q:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2], [3]] : tensor<2x8x16x64xbf16> into tensor<16x16x64xbf16>
// CHECK: %[[K:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2], [3]] : tensor<2x8x32x64xbf16> into tensor<16x32x64xbf16>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[BMK]], #[[BNK]], #[[BMN]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[Q]], %[[K]] :
// CHECK: tensor.expand_shape %[[R]] {{\[}}[0, 1], [2], [3]] output_shape [2, 8, 16, 32] : tensor<16x16x32xf32> into tensor<2x8x16x32xf32>
// KERNELS-DAG: heads: ukernel uk_matmul_skinny_bf16_nk
func.func @heads(%q: tensor<2x8x16x64xbf16>, %k: tensor<2x8x32x64xbf16>) -> tensor<2x8x16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x16x32xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x16x32xf32>) -> tensor<2x8x16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
    ins(%q, %k : tensor<2x8x16x64xbf16>, tensor<2x8x32x64xbf16>) outs(%c : tensor<2x8x16x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x16x32xf32>
  return %r : tensor<2x8x16x32xf32>
}

// REMARK: remark: ukernel: the linalg.generic is a matmul, B as K x N; its 2 M loops are one
// CHECK-LABEL: func.func @batch_of_a_alone
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<4x?x1024xbf16>
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<4x?x1024xbf16> into tensor<?x1024xbf16>
// CHECK: %[[E:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<4x?x512xf32> into tensor<?x512xf32>
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x512xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], {{.*}} ins(%[[A]], %arg1 : tensor<?x1024xbf16>, tensor<1024x512xbf16>) outs(%[[Z]] : tensor<?x512xf32>)
// The size of the result's rows is the one C's tensor.empty was given.
// CHECK: tensor.expand_shape %[[R]] {{\[}}[0, 1], [2]] output_shape [4, %[[D]], 512] : tensor<?x512xf32> into tensor<4x?x512xf32>
// KERNELS-DAG: batch_of_a_alone: ukernel uk_matmul_wgmma_bf16_kn
func.func @batch_of_a_alone(%a: tensor<4x?x1024xbf16>, %w: tensor<1024x512xbf16>) -> tensor<4x?x512xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c1 : tensor<4x?x1024xbf16>
  %e = tensor.empty(%d) : tensor<4x?x512xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<4x?x512xf32>) -> tensor<4x?x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
    ins(%a, %w : tensor<4x?x1024xbf16>, tensor<1024x512xbf16>) outs(%c : tensor<4x?x512xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x?x512xf32>
  return %r : tensor<4x?x512xf32>
}

// Loops (k, n, m), f32: only the maps change.
// REMARK: remark: ukernel: the linalg.generic is a matmul, B as N x K
// CHECK-LABEL: func.func @loops_in_another_order
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[NK]], #[[MN]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<96x80xf32>, tensor<48x80xf32>) outs(%arg2 : tensor<96x48xf32>)
// KERNELS-DAG: loops_in_another_order: ukernel uk_matmul_simt_f32_nk
func.func @loops_in_another_order(%a: tensor<96x80xf32>, %b: tensor<48x80xf32>, %c: tensor<96x48xf32>) -> tensor<96x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(k, n, m) -> (m, k)>, affine_map<(k, n, m) -> (n, k)>, affine_map<(k, n, m) -> (m, n)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
    ins(%a, %b : tensor<96x80xf32>, tensor<48x80xf32>) outs(%c : tensor<96x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<96x48xf32>
  return %r : tensor<96x48xf32>
}

// C indexed (n, m): C^T = B^T A^T, A and B trade places, nothing copied.
// REMARK: remark: ukernel: the linalg.generic is a matmul, B as N x K; A and B trade places (C^T = B^T A^T: fewer copies)
// CHECK-LABEL: func.func @c_transposed
// CHECK-NOT: linalg.transpose
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[NK]], #[[MN]]], {{.*}} ins(%arg1, %arg0 : tensor<256x128xbf16>, tensor<64x128xbf16>) outs(%arg2 : tensor<256x64xf32>)
// KERNELS-DAG: c_transposed: ukernel uk_matmul_wgmma_narrow_bf16_nk
func.func @c_transposed(%a: tensor<64x128xbf16>, %b: tensor<256x128xbf16>, %c: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<64x128xbf16>, tensor<256x128xbf16>) outs(%c : tensor<256x64xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<256x64xf32>
  return %r : tensor<256x64xf32>
}

// The batch between C's rows and columns: C is computed as (batch, M, N),
// then copied back into C (its init first copied in: it accumulates).
// REMARK: remark: ukernel: the linalg.generic is a batch matmul, B as K x N; C's init is copied as (batch, M, N); the result is copied back to C's layout
// CHECK-LABEL: func.func @batch_inside_c
// CHECK: %[[CT:.*]] = linalg.transpose ins(%arg2 : tensor<32x4x48xf32>) outs(%{{.*}} : tensor<4x32x48xf32>) permutation = [1, 0, 2]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[BMK]], #{{.*}}, #[[BMN]]], {{.*}} outs(%[[CT]] : tensor<4x32x48xf32>)
// CHECK: linalg.transpose ins(%[[R]] : tensor<4x32x48xf32>) outs(%arg2 : tensor<32x4x48xf32>) permutation = [1, 0, 2]
// KERNELS-DAG: batch_inside_c__k{{[0-9]}}: ukernel uk_matmul_
func.func @batch_inside_c(%a: tensor<4x32x16xbf16>, %b: tensor<4x16x48xbf16>, %c: tensor<32x4x48xf32>) -> tensor<32x4x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
    ins(%a, %b : tensor<4x32x16xbf16>, tensor<4x16x48xbf16>) outs(%c : tensor<32x4x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x4x48xf32>
  return %r : tensor<32x4x48xf32>
}

// B broadcast over the batch: the broadcast is read in place (B's map
// drops the batch loop), the batch becomes rows of M, nothing is copied.
// REMARK: remark: ukernel: the linalg.batch_matmul is a matmul, B as K x N; its 2 M loops are one; the linalg.broadcast that makes an operand is read in place
// CHECK-LABEL: func.func @broadcast_b
// CHECK-NOT: linalg.broadcast
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<4x64x128xbf16> into tensor<256x128xbf16>
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], {{.*}} ins(%[[A]], %arg1 : tensor<256x128xbf16>, tensor<128x256xbf16>)
// KERNELS-DAG: broadcast_b: ukernel uk_matmul_wgmma_narrow_bf16_kn
func.func @broadcast_b(%a: tensor<4x64x128xbf16>, %w: tensor<128x256xbf16>) -> tensor<4x64x256xf32> {
  %z = arith.constant 0.0 : f32
  %eb = tensor.empty() : tensor<4x128x256xbf16>
  %wb = linalg.broadcast ins(%w : tensor<128x256xbf16>) outs(%eb : tensor<4x128x256xbf16>) dimensions = [0]
  %e = tensor.empty() : tensor<4x64x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<4x64x256xf32>) -> tensor<4x64x256xf32>
  %r = linalg.batch_matmul ins(%a, %wb : tensor<4x64x128xbf16>, tensor<4x128x256xbf16>) outs(%c : tensor<4x64x256xf32>) -> tensor<4x64x256xf32>
  return %r : tensor<4x64x256xf32>
}

// A transpose of A that reading in place would only trade for another
// copy stays as it is (the plain matmul after it takes its ukernel).
// CHECK-LABEL: func.func @transposed_a_stays
// CHECK: linalg.transpose
// CHECK: linalg.matmul
// KERNELS-DAG: transposed_a_stays__k1: ukernel uk_matmul_wgmma_narrow_bf16_kn
func.func @transposed_a_stays(%x: tensor<128x64xbf16>, %w: tensor<128x256xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<64x128xbf16>
  %xt = linalg.transpose ins(%x : tensor<128x64xbf16>) outs(%et : tensor<64x128xbf16>) permutation = [1, 0]
  %e = tensor.empty() : tensor<64x256xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%xt, %w : tensor<64x128xbf16>, tensor<128x256xbf16>) outs(%c : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// A max-plus product is a contraction of another body: left as it is.
// CHECK-LABEL: func.func @max_plus_is_left_alone
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["reduction", "parallel", "parallel"]}
// CHECK: arith.maximumf
// KERNELS-DAG: max_plus_is_left_alone: ukernel none
func.func @max_plus_is_left_alone(%a: tensor<32x16xf32>, %b: tensor<16x8xf32>, %c: tensor<32x8xf32>) -> tensor<32x8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (m, k)>, affine_map<(k, m, n) -> (k, n)>, affine_map<(k, m, n) -> (m, n)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
    ins(%a, %b : tensor<32x16xf32>, tensor<16x8xf32>) outs(%c : tensor<32x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.addf %x, %y : f32
    %s = arith.maximumf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x8xf32>
  return %r : tensor<32x8xf32>
}
