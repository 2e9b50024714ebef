// Batched matmuls (linalg.batch_matmul, and the same contraction as a
// linalg.generic with a leading batch loop, B as K x N or N x K) reach the
// matmul ukernels: one matmul per batch on the grid's z axis, each
// workgroup's A, B and C offset to its batch. Ukernels that walk one
// matmul's tiles (persistent) or write TMA maps per call site are not
// candidates. Before: "'linalg.batch_matmul' is not a linalg.matmul".
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=PKG
// RUN: FileCheck %s < %t.dump/2.lowered.mlir

// 32 batches of 64 column tiles (B as K x N, one row of A: the GEMV
// ukernel built for that layout, whose workgroups the batch makes enough
// for the SMs); 8 batches of 16 column tiles.
// REMARK: selected uk_matmul_gemv_bf16_kn {{.*}} K whole, 2048 workgroups
// REMARK: selected uk_matmul_skinny_bf16_nk {{.*}} K whole, 128 workgroups; also considered: {{.*}}uk_matmul_wgmma_bf16_nk: it takes one matmul per call, not a batch
// A batch's elementwise consumer (a column bias, truncf) is fused: the
// store function writes each batch's rows at its offset.
// REMARK: selected uk_matmul_skinny_bf16_nk {{.*}}; fused: the result's consumer (c e addf:f32 truncf:bf16) through store
// PKG: attention_scores: ukernel uk_matmul_gemv_bf16_kn
// PKG: grouped_projection: ukernel uk_matmul_skinny_bf16_nk
// PKG: grouped_projection_bias_bf16: ukernel uk_matmul_skinny_bf16_nk
// PKG: grouped_projection_residual: ukernel uk_matmul_skinny_bf16_nk
// PKG-NOT: __k1

// Each workgroup offsets A, B and C by its z id times one batch's
// elements: 1 x 128, 128 x 4096 and 1 x 4096.
// CHECK-LABEL: func.func @attention_scores
// CHECK: scf.parallel (%[[X:.*]], %[[Y:.*]], %[[Z:.*]]) = (%c0, %c0, %c0) to (%c64, %c1, %c32)
// CHECK: %[[A:.*]] = arith.muli %[[Z]], %c128 : index
// CHECK: %[[B:.*]] = arith.muli %[[Z]], %c524288 : index
// CHECK: %[[C:.*]] = arith.muli %[[Z]], %c4096 : index
// CHECK: func.call @uk_matmul_gemv_bf16_kn
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x{{.*}}>, #gpu.loop_dim_map<processor = block_y{{.*}}>, #gpu.loop_dim_map<processor = block_z

// A batch's residual (a matrix like the output) is read at the batch's
// offset, as the output is written: z times 16 x 512.
// CHECK-LABEL: func.func @grouped_projection_residual
// CHECK: scf.parallel ({{.*}}, {{.*}}, %[[RZ:.*]]) =
// CHECK: %[[OUT:.*]] = arith.muli %[[RZ]], %c8192 : index
// CHECK: %[[RES:.*]] = arith.muli %[[RZ]], %c8192 : index
// CHECK: func.call @uk_matmul_skinny_bf16_nk

module {
  func.func @attention_scores(%q: tensor<32x1x128xbf16>, %k: tensor<32x128x4096xbf16>) -> tensor<32x1x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x1x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x1x4096xf32>) -> tensor<32x1x4096xf32>
    %s = linalg.batch_matmul ins(%q, %k : tensor<32x1x128xbf16>, tensor<32x128x4096xbf16>) outs(%f : tensor<32x1x4096xf32>) -> tensor<32x1x4096xf32>
    return %s : tensor<32x1x4096xf32>
  }

  func.func @grouped_projection(%x: tensor<8x16x128xbf16>, %w: tensor<8x512x128xbf16>) -> tensor<8x16x512xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x, %w : tensor<8x16x128xbf16>, tensor<8x512x128xbf16>) outs(%f : tensor<8x16x512xf32>) {
    ^bb0(%a: bf16, %b: bf16, %c: f32):
      %a32 = arith.extf %a : bf16 to f32
      %b32 = arith.extf %b : bf16 to f32
      %p = arith.mulf %a32, %b32 : f32
      %s = arith.addf %c, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x16x512xf32>
    return %y : tensor<8x16x512xf32>
  }

  func.func @grouped_projection_bias_bf16(%x: tensor<8x16x128xbf16>, %w: tensor<8x512x128xbf16>, %bias: tensor<512xf32>) -> tensor<8x16x512xbf16> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %y = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%x, %w : tensor<8x16x128xbf16>, tensor<8x512x128xbf16>) outs(%f : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %oe = tensor.empty() : tensor<8x16x512xbf16>
    %o = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%y, %bias : tensor<8x16x512xf32>, tensor<512xf32>) outs(%oe : tensor<8x16x512xbf16>) {
    ^bb0(%c: f32, %b: f32, %out: bf16):
      %s = arith.addf %c, %b : f32
      %t = arith.truncf %s : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<8x16x512xbf16>
    return %o : tensor<8x16x512xbf16>
  }

  func.func @grouped_projection_residual(%x: tensor<8x16x128xbf16>, %w: tensor<8x512x128xbf16>, %res: tensor<8x16x512xf32>) -> tensor<8x16x512xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %y = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%x, %w : tensor<8x16x128xbf16>, tensor<8x512x128xbf16>) outs(%f : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %oe = tensor.empty() : tensor<8x16x512xf32>
    %o = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%y, %res : tensor<8x16x512xf32>, tensor<8x16x512xf32>) outs(%oe : tensor<8x16x512xf32>) {
    ^bb0(%c: f32, %r: f32, %out: f32):
      %s = arith.addf %c, %r : f32
      linalg.yield %s : f32
    } -> tensor<8x16x512xf32>
    return %o : tensor<8x16x512xf32>
  }
}
