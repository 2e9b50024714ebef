// Matmuls with B stored K x N (what torch.mm and most hand-written MLIR
// give): on sm_90a the wgmma ukernel reads B MN-major through TMA (boxes of
// 64 columns) or cp.async (a row stride not a multiple of 16 bytes), both
// tile widths, the split tail (67 pairs of 128 x 256 tiles on 66 pairs of
// walkers: the last round in halves), C += A x B, f16, a fused exact-GELU
// epilogue, dynamic M; decode shapes take the skinny ukernels built for
// K x N. Before, every one of them took the mma.sync tile ukernel (at
// M = 1, 256 x 128 tiles: 16 workgroups). `ukc-run run` checks each against
// upstream MLIR's CPU execution (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 11 function(s)
// CHECK-DAG: prefill_bf16_512x1024x768: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: split_tail_bf16_256x17152x64: ukernel uk_matmul_wgmma_bf16_kn
// CHECK-DAG: edges_bf16_300x1000x129: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: unaligned_bf16_300x1001x129: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: acc_f16_257x384x200: ukernel uk_matmul_wgmma_narrow_f16_kn
// CHECK-DAG: gelu_bf16_256x1024x512: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: dynamic_m_bf16_kn: ukernel uk_matmul_wgmma_bf16_kn
// CHECK-DAG: decode_bf16_1x4096x4096: ukernel uk_matmul_skinny_bf16_kn
// CHECK-DAG: decode_bf16_4x1000x1000: ukernel uk_matmul_skinny_bf16_kn
// CHECK-DAG: decode_f16_16x11008x512: ukernel uk_matmul_skinny_wide_f16_kn
// CHECK-DAG: decode_bf16_16x1001x129: ukernel uk_matmul_skinny_bf16_kn
module {
  func.func @prefill_bf16_512x1024x768(%a: tensor<512x768xbf16>, %b: tensor<768x1024xbf16>) -> tensor<512x1024xf32> {
    %e = tensor.empty() : tensor<512x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %r = linalg.matmul ins(%a, %b : tensor<512x768xbf16>, tensor<768x1024xbf16>) outs(%init : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    return %r : tensor<512x1024xf32>
  }

  func.func @split_tail_bf16_256x17152x64(%a: tensor<256x64xbf16>, %b: tensor<64x17152xbf16>) -> tensor<256x17152xbf16> {
    %e = tensor.empty() : tensor<256x17152xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x17152xf32>) -> tensor<256x17152xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x64xbf16>, tensor<64x17152xbf16>) outs(%init : tensor<256x17152xf32>) -> tensor<256x17152xf32>
    %e2 = tensor.empty() : tensor<256x17152xbf16>
    %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<256x17152xf32>) outs(%e2 : tensor<256x17152xbf16>) {
    ^bb0(%x: f32, %out: bf16):
      %w = arith.truncf %x : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<256x17152xbf16>
    return %t : tensor<256x17152xbf16>
  }

  func.func @edges_bf16_300x1000x129(%a: tensor<300x129xbf16>, %b: tensor<129x1000xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul ins(%a, %b : tensor<300x129xbf16>, tensor<129x1000xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @unaligned_bf16_300x1001x129(%a: tensor<300x129xbf16>, %b: tensor<129x1001xbf16>) -> tensor<300x1001xf32> {
    %e = tensor.empty() : tensor<300x1001xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1001xf32>) -> tensor<300x1001xf32>
    %r = linalg.matmul ins(%a, %b : tensor<300x129xbf16>, tensor<129x1001xbf16>) outs(%init : tensor<300x1001xf32>) -> tensor<300x1001xf32>
    return %r : tensor<300x1001xf32>
  }

  func.func @acc_f16_257x384x200(%a: tensor<257x200xf16>, %b: tensor<200x384xf16>, %c: tensor<257x384xf32>) -> tensor<257x384xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<257x200xf16>, tensor<200x384xf16>) outs(%c : tensor<257x384xf32>) -> tensor<257x384xf32>
    return %r : tensor<257x384xf32>
  }

  func.func @gelu_bf16_256x1024x512(%a: tensor<256x512xbf16>, %b: tensor<512x1024xbf16>, %bias: tensor<1024xf32>) -> tensor<256x1024xbf16> {
    %e = tensor.empty() : tensor<256x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x1024xbf16>) outs(%init : tensor<256x1024xf32>) -> tensor<256x1024xf32>
    %e2 = tensor.empty() : tensor<256x1024xbf16>
    %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<256x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<256x1024xbf16>) {
    ^bb0(%x: f32, %y: f32, %out: bf16):
      %s = arith.addf %x, %y : f32
      %half = arith.constant 0.5 : f32
      %rsqrt2 = arith.constant 0.70710678 : f32
      %one = arith.constant 1.0 : f32
      %t = arith.mulf %s, %rsqrt2 : f32
      %erf = math.erf %t : f32
      %p = arith.addf %erf, %one : f32
      %h = arith.mulf %s, %half : f32
      %v = arith.mulf %h, %p : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<256x1024xbf16>
    return %g : tensor<256x1024xbf16>
  }

  func.func @dynamic_m_bf16_kn(%a: tensor<?x512xbf16>, %b: tensor<512x768xbf16>) -> tensor<?x768xf32> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x512xbf16>
    %e = tensor.empty(%m) : tensor<?x768xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x768xf32>) -> tensor<?x768xf32>
    %r = linalg.matmul ins(%a, %b : tensor<?x512xbf16>, tensor<512x768xbf16>) outs(%init : tensor<?x768xf32>) -> tensor<?x768xf32>
    return %r : tensor<?x768xf32>
  }

  func.func @decode_bf16_1x4096x4096(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %r = linalg.matmul ins(%a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }

  func.func @decode_bf16_4x1000x1000(%a: tensor<4x1000xbf16>, %b: tensor<1000x1000xbf16>) -> tensor<4x1000xf32> {
    %e = tensor.empty() : tensor<4x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x1000xf32>) -> tensor<4x1000xf32>
    %r = linalg.matmul ins(%a, %b : tensor<4x1000xbf16>, tensor<1000x1000xbf16>) outs(%init : tensor<4x1000xf32>) -> tensor<4x1000xf32>
    return %r : tensor<4x1000xf32>
  }

  func.func @decode_f16_16x11008x512(%a: tensor<16x512xf16>, %b: tensor<512x11008xf16>) -> tensor<16x11008xf32> {
    %e = tensor.empty() : tensor<16x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %r = linalg.matmul ins(%a, %b : tensor<16x512xf16>, tensor<512x11008xf16>) outs(%init : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    return %r : tensor<16x11008xf32>
  }

  func.func @decode_bf16_16x1001x129(%a: tensor<16x129xbf16>, %b: tensor<129x1001xbf16>) -> tensor<16x1001xf32> {
    %e = tensor.empty() : tensor<16x1001xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1001xf32>) -> tensor<16x1001xf32>
    %r = linalg.matmul ins(%a, %b : tensor<16x129xbf16>, tensor<129x1001xbf16>) outs(%init : tensor<16x1001xf32>) -> tensor<16x1001xf32>
    return %r : tensor<16x1001xf32>
  }
}
