// Fused consumers of the matmul's result and two more inputs (a bias by
// column and a residual matrix: a projection with bias and a residual add)
// on each matmul ukernel: the store function reads them through the table
// the kernel fills. Edges in M, N, K; a batch, whose residual is read at
// each batch's offset. `ukc-run run` checks each against upstream MLIR's CPU
// execution (`--reference`).
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: wrote {{.*}}: 6 kernel(s)
// CHECK: reference outputs (MLIR on the CPU) of 6 function(s)
// CHECK-DAG: wgmma_300x1000x129_nk: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK-DAG: wgmma_kn_512x1024x768: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: skinny_16x1000x300_nk: ukernel uk_matmul_skinny_bf16_nk
// CHECK-DAG: gemv_1x11008x4096_nk: ukernel uk_matmul_gemv_bf16_nk
// CHECK-DAG: simt_f32_129x200x72_kn: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: batch_8x16x512x128_kn: ukernel uk_matmul_skinny_bf16_kn
module {
  func.func @wgmma_300x1000x129_nk(%a: tensor<300x129xbf16>, %w: tensor<1000x129xbf16>, %bias: tensor<1000xf32>, %res: tensor<300x1000xf32>) -> tensor<300x1000xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<300x1000xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<300x129xbf16>, tensor<1000x129xbf16>) outs(%f : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %oe = tensor.empty() : tensor<300x1000xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%y, %bias, %res : tensor<300x1000xf32>, tensor<1000xf32>, tensor<300x1000xf32>) outs(%oe : tensor<300x1000xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<300x1000xbf16>
    return %g : tensor<300x1000xbf16>
  }

  func.func @wgmma_kn_512x1024x768(%a: tensor<512x768xbf16>, %w: tensor<768x1024xbf16>, %bias: tensor<1024xf32>, %res: tensor<512x1024xf32>) -> tensor<512x1024xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<512x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<512x768xbf16>, tensor<768x1024xbf16>) outs(%f : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %oe = tensor.empty() : tensor<512x1024xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%y, %bias, %res : tensor<512x1024xf32>, tensor<1024xf32>, tensor<512x1024xf32>) outs(%oe : tensor<512x1024xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<512x1024xbf16>
    return %g : tensor<512x1024xbf16>
  }

  func.func @skinny_16x1000x300_nk(%a: tensor<16x300xbf16>, %w: tensor<1000x300xbf16>, %bias: tensor<1000xf32>, %res: tensor<16x1000xf32>) -> tensor<16x1000xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x1000xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<16x300xbf16>, tensor<1000x300xbf16>) outs(%f : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    %oe = tensor.empty() : tensor<16x1000xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%y, %bias, %res : tensor<16x1000xf32>, tensor<1000xf32>, tensor<16x1000xf32>) outs(%oe : tensor<16x1000xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<16x1000xbf16>
    return %g : tensor<16x1000xbf16>
  }

  func.func @gemv_1x11008x4096_nk(%a: tensor<1x4096xbf16>, %w: tensor<11008x4096xbf16>, %bias: tensor<11008xf32>, %res: tensor<1x11008xf32>) -> tensor<1x11008xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x11008xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<11008x4096xbf16>) outs(%f : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %oe = tensor.empty() : tensor<1x11008xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%y, %bias, %res : tensor<1x11008xf32>, tensor<11008xf32>, tensor<1x11008xf32>) outs(%oe : tensor<1x11008xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<1x11008xbf16>
    return %g : tensor<1x11008xbf16>
  }

  func.func @simt_f32_129x200x72_kn(%a: tensor<129x72xf32>, %w: tensor<72x200xf32>, %bias: tensor<200xf32>, %res: tensor<129x200xf32>) -> tensor<129x200xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<129x200xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<129x200xf32>) -> tensor<129x200xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %w : tensor<129x72xf32>, tensor<72x200xf32>) outs(%f : tensor<129x200xf32>) -> tensor<129x200xf32>
    %oe = tensor.empty() : tensor<129x200xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%y, %bias, %res : tensor<129x200xf32>, tensor<200xf32>, tensor<129x200xf32>) outs(%oe : tensor<129x200xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<129x200xbf16>
    return %g : tensor<129x200xbf16>
  }

  func.func @batch_8x16x512x128_kn(%a: tensor<8x16x128xbf16>, %w: tensor<8x128x512xbf16>, %bias: tensor<512xf32>, %res: tensor<8x16x512xf32>) -> tensor<8x16x512xbf16> {
    %zero = arith.constant 0.0 : f32
    %zero2 = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %y = linalg.batch_matmul ins(%a, %w : tensor<8x16x128xbf16>, tensor<8x128x512xbf16>) outs(%f : tensor<8x16x512xf32>) -> tensor<8x16x512xf32>
    %oe = tensor.empty() : tensor<8x16x512xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y, %bias, %res : tensor<8x16x512xf32>, tensor<512xf32>, tensor<8x16x512xf32>) outs(%oe : tensor<8x16x512xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<8x16x512xbf16>
    return %g : tensor<8x16x512xbf16>
  }
}
