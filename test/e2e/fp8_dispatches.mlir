// 8-bit float (FP8) IR on the default path: a matmul of f8E4M3FN inputs
// accumulating in f32 with B as K x N, one of f8E4M3FN by f8E5M2 with B as
// N x K and a row-scale and per-tensor scale epilogue rounded to bf16, and a
// dequantization (f8E4M3FN times a column scale, to bf16). They stay on the
// default path, which widens the bytes with integer code
// (ukernel-expand-fp8-extf): the FP8 ukernel sums with fewer bits than f32
// and takes B as N x K only. With `--fp8-sums tensor-core` the f8E4M3FN by
// f8E5M2 matmul takes it, its scales fused (fp8_wgmma_dispatches.mlir has
// the rest). `ukc-run run` checks each against upstream
// MLIR's CPU execution (`--reference`, the same expansion on the CPU; the
// inputs are every finite byte pattern at random).
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 3 function(s)
// CHECK-DAG: mm_e4m3_kn_64x96x128: ukernel none
// CHECK-DAG: mm_e4m3_e5m2_nk_scaled_48x80x256: ukernel none
// CHECK-DAG: dequant_e4m3_256x512: ukernel none
// RUN: ukc compile %s --arch sm_90a --no-cubin --fp8-sums tensor-core -o %t.tc.pkg | FileCheck %s --check-prefix=TC
// TC-DAG: mm_e4m3_kn_64x96x128: ukernel none
// TC-DAG: mm_e4m3_e5m2_nk_scaled_48x80x256: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_f8e5m2_nk
module {
  func.func @mm_e4m3_kn_64x96x128(%a: tensor<64x128xf8E4M3FN>, %b: tensor<128x96xf8E4M3FN>) -> tensor<64x96xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x96xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<64x128xf8E4M3FN>, tensor<128x96xf8E4M3FN>) outs(%f : tensor<64x96xf32>) {
    ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %acc: f32):
      %xf = arith.extf %x : f8E4M3FN to f32
      %yf = arith.extf %y : f8E4M3FN to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<64x96xf32>
    return %r : tensor<64x96xf32>
  }
  func.func @mm_e4m3_e5m2_nk_scaled_48x80x256(%a: tensor<48x256xf8E4M3FN>, %b: tensor<80x256xf8E5M2>, %sa: tensor<48xf32>) -> tensor<48x80xbf16> {
    %z = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %e = tensor.empty() : tensor<48x80xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<48x80xf32>) -> tensor<48x80xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<48x256xf8E4M3FN>, tensor<80x256xf8E5M2>) outs(%f : tensor<48x80xf32>) {
    ^bb0(%x: f8E4M3FN, %y: f8E5M2, %acc: f32):
      %xf = arith.extf %x : f8E4M3FN to f32
      %yf = arith.extf %y : f8E5M2 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<48x80xf32>
    %o = tensor.empty() : tensor<48x80xbf16>
    %scaled = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa : tensor<48x80xf32>, tensor<48xf32>) outs(%o : tensor<48x80xbf16>) {
    ^bb0(%c: f32, %s: f32, %out: bf16):
      %t = arith.mulf %c, %s : f32
      %u = arith.mulf %t, %half : f32
      %v = arith.truncf %u : f32 to bf16
      linalg.yield %v : bf16
    } -> tensor<48x80xbf16>
    return %scaled : tensor<48x80xbf16>
  }
  func.func @dequant_e4m3_256x512(%x: tensor<256x512xf8E4M3FN>, %scale: tensor<512xf32>) -> tensor<256x512xbf16> {
    %o = tensor.empty() : tensor<256x512xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x, %scale : tensor<256x512xf8E4M3FN>, tensor<512xf32>) outs(%o : tensor<256x512xbf16>) {
    ^bb0(%v: f8E4M3FN, %s: f32, %out: bf16):
      %w = arith.extf %v : f8E4M3FN to f32
      %m = arith.mulf %w, %s : f32
      %t = arith.truncf %m : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %r : tensor<256x512xbf16>
  }
}
