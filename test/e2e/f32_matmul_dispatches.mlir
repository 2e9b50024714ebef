// Matmuls of f32 inputs take the CUDA-core ukernel (f32 FMAs in K order,
// no TF32) in both B layouts, at every edge: M, N and K not multiples of
// its 128 x 128 tile or 8-deep K chunks, K = 1, one row, C += A x B, a
// batch, a generic contraction, a fused bias + GELU (erf) epilogue. Before,
// each ran on the default path ("there is no tensor-core f32 ukernel").
// `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 7 function(s)
// CHECK-DAG: kn_300x1000x129: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: nk_129x300x1000: ukernel uk_matmul_simt_f32_nk
// CHECK-DAG: k1_17x33x1: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: acc_1x4096x512: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: batch_8x64x200x72: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: generic_nk_256x256x256: ukernel uk_matmul_simt_f32_nk
// CHECK-DAG: bias_gelu_256x512x384: ukernel uk_matmul_simt_f32_kn
module {
  func.func @kn_300x1000x129(%a: tensor<300x129xf32>, %b: tensor<129x1000xf32>) -> tensor<300x1000xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<300x1000xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul ins(%a, %b : tensor<300x129xf32>, tensor<129x1000xf32>) outs(%f : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @nk_129x300x1000(%a: tensor<129x1000xf32>, %b: tensor<300x1000xf32>) -> tensor<129x300xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<129x300xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<129x300xf32>) -> tensor<129x300xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<129x1000xf32>, tensor<300x1000xf32>) outs(%f : tensor<129x300xf32>) -> tensor<129x300xf32>
    return %r : tensor<129x300xf32>
  }

  func.func @k1_17x33x1(%a: tensor<17x1xf32>, %b: tensor<1x33xf32>) -> tensor<17x33xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<17x33xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<17x33xf32>) -> tensor<17x33xf32>
    %r = linalg.matmul ins(%a, %b : tensor<17x1xf32>, tensor<1x33xf32>) outs(%f : tensor<17x33xf32>) -> tensor<17x33xf32>
    return %r : tensor<17x33xf32>
  }

  func.func @acc_1x4096x512(%a: tensor<1x512xf32>, %b: tensor<512x4096xf32>, %c: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<1x512xf32>, tensor<512x4096xf32>) outs(%c : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }

  func.func @batch_8x64x200x72(%a: tensor<8x64x72xf32>, %b: tensor<8x72x200xf32>) -> tensor<8x64x200xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x64x200xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x64x200xf32>) -> tensor<8x64x200xf32>
    %r = linalg.batch_matmul ins(%a, %b : tensor<8x64x72xf32>, tensor<8x72x200xf32>) outs(%f : tensor<8x64x200xf32>) -> tensor<8x64x200xf32>
    return %r : tensor<8x64x200xf32>
  }

  func.func @generic_nk_256x256x256(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x256xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<256x256xf32>
    return %r : tensor<256x256xf32>
  }

  func.func @bias_gelu_256x512x384(%a: tensor<256x384xf32>, %b: tensor<384x512xf32>, %bias: tensor<512xf32>) -> tensor<256x512xf32> {
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678 : f32
    %e = tensor.empty() : tensor<256x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x384xf32>, tensor<384x512xf32>) outs(%f : tensor<256x512xf32>) -> tensor<256x512xf32>
    %e2 = tensor.empty() : tensor<256x512xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %bias : tensor<256x512xf32>, tensor<512xf32>) outs(%e2 : tensor<256x512xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      %t = arith.mulf %s, %rsqrt2 : f32
      %u = math.erf %t : f32
      %v = arith.addf %u, %one : f32
      %w = arith.mulf %s, %v : f32
      %z = arith.mulf %w, %half : f32
      linalg.yield %z : f32
    } -> tensor<256x512xf32>
    return %g : tensor<256x512xf32>
  }
}
