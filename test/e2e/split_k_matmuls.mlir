// Matmuls of few output tiles over a long K: the shapes for which the
// wgmma ukernel's split-K walk is built (each tile as several units over
// parts of K, the last unit to finish summing the parts in order and
// storing through the epilogue). Forms: a fused bias + bf16 rounding (the
// store fusion point after the sum), B as K x N in f16, C += A x B (the sum
// added to C once), K of 4100 (rows not 16-byte multiples: no TMA, so the
// ukernel keeps K whole whatever the configuration), and 200 rows in
// clusters of two tiles (the second row tile partly past M). The CPU
// reference is upstream MLIR's execution of the same functions; KernelConfig
// chooses the parts in the PARTS lines.
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=PARTS
// CHECK: bias_bf16_256x768x8192: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK: kn_f16_256x512x8192: ukernel uk_matmul_wgmma_narrow_f16_kn
// CHECK: accumulate_bf16_128x256x16384: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK: unaligned_k_bf16_300x200x4100: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK: cluster_edge_bf16_200x384x6144: ukernel uk_matmul_wgmma_narrow_bf16_kn
// PARTS: K split in 4, 48 workgroups walking 12 tiles
// PARTS: K split in 4, 32 workgroups walking 8 tiles
// PARTS: K split in 6, 24 workgroups walking 4 tiles
// PARTS: K whole,
// PARTS: K split in 3, 18 workgroups
module {
  func.func @bias_bf16_256x768x8192(%a: tensor<256x8192xbf16>, %w: tensor<768x8192xbf16>, %bias: tensor<768xf32>) -> tensor<256x768xbf16> {
    %e = tensor.empty() : tensor<256x768xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x768xf32>) -> tensor<256x768xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x8192xbf16>, tensor<768x8192xbf16>) outs(%init : tensor<256x768xf32>) -> tensor<256x768xf32>
    %o = tensor.empty() : tensor<256x768xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x768xf32>, tensor<768xf32>) outs(%o : tensor<256x768xbf16>) {
    ^bb0(%x: f32, %y: f32, %out: bf16):
      %s = arith.addf %x, %y : f32
      %r = arith.truncf %s : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<256x768xbf16>
    return %d : tensor<256x768xbf16>
  }
  func.func @kn_f16_256x512x8192(%a: tensor<256x8192xf16>, %w: tensor<8192x512xf16>) -> tensor<256x512xf32> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x8192xf16>, tensor<8192x512xf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    return %c : tensor<256x512xf32>
  }
  func.func @accumulate_bf16_128x256x16384(%a: tensor<128x16384xbf16>, %w: tensor<256x16384xbf16>, %acc: tensor<128x256xf32>) -> tensor<128x256xf32> {
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<128x16384xbf16>, tensor<256x16384xbf16>) outs(%acc : tensor<128x256xf32>) -> tensor<128x256xf32>
    return %c : tensor<128x256xf32>
  }
  func.func @unaligned_k_bf16_300x200x4100(%a: tensor<300x4100xbf16>, %w: tensor<200x4100xbf16>) -> tensor<300x200xf32> {
    %e = tensor.empty() : tensor<300x200xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x200xf32>) -> tensor<300x200xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<300x4100xbf16>, tensor<200x4100xbf16>) outs(%init : tensor<300x200xf32>) -> tensor<300x200xf32>
    return %c : tensor<300x200xf32>
  }
  func.func @cluster_edge_bf16_200x384x6144(%a: tensor<200x6144xbf16>, %w: tensor<6144x384xbf16>) -> tensor<200x384xf32> {
    %e = tensor.empty() : tensor<200x384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<200x384xf32>) -> tensor<200x384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<200x6144xbf16>, tensor<6144x384xbf16>) outs(%init : tensor<200x384xf32>) -> tensor<200x384xf32>
    return %c : tensor<200x384xf32>
  }
}
