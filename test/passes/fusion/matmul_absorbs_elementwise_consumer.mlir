// The matmul family absorbs an elementwise consumer of C = A x B (a bias
// by column or row, a residual matrix of the output's shape, any arith and
// math ops on the elements and constants, a conversion to the output type)
// through its ukernels' store fusion point: the config records `fused = 1`
// and the remark gives the consumer in typed postfix (or its op count).
// Anything else keeps the default path, and the remark says why.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s | FileCheck %s
// -----

// A column bias, a ReLU and a bf16 output are fused.
// CHECK-LABEL: func.func @bias_relu_bf16
// CHECK: params = {fused = 1 : i64}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @bias_relu_bf16(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xf32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_nk (bitcode for sm_90): 256 x 128 tile per workgroup of 256 threads, K whole, 4 workgroups; fused: the result's consumer (c e addf:f32 0.0:f32 maximumf:f32 truncf:bf16) through store; also considered: uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_tile_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: M = 256 exceeds its 1; uk_matmul_skinny_bf16_nk: M = 256 exceeds its 16}}
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x512xf32>, tensor<512xf32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %b: f32, %o: bf16):
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
// -----

// C += A x B keeps its consumer apart.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @accumulating_not_fused(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xf32>, %c0: tensor<256x512xf32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %init = arith.addf %c0, %c0 : tensor<256x512xf32>
    // expected-remark@+1 {{no ukernel: not an argmax: 'linalg.matmul' is not a linalg.generic; matmul matched, but its result's consumer is fused only into C = A x B (a zero init); default configuration}}
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x512xf32>, tensor<512xf32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %b: f32, %o: bf16):
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
// -----

// A second input of the output's shape (a residual) is fused.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @residual_fused(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<256x512xf32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    // expected-remark@+1 {{fused: the result's consumer (c e addf:f32 0.0:f32 maximumf:f32 truncf:bf16) through store}}
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x512xf32>, tensor<256x512xf32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %b: f32, %o: bf16):
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
// -----

// math.erf (exact GELU's) is fused: the store function clones the body.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @erf_fused(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    // expected-remark@+1 {{fused: the result's consumer (2 ops) through store}}
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c : tensor<256x512xf32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %o: bf16):
      %y = math.erf %x : f32
      %t = arith.truncf %y : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
// -----

// A body that reads its position (linalg.index) is not elementwise
// arithmetic: the matmul keeps its ukernel, the consumer a kernel of its own.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @index_not_fusable(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>) -> tensor<256x512xf32> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_nk}}
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xf32>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c : tensor<256x512xf32>) outs(%oe : tensor<256x512xf32>) {
    ^bb0(%x: f32, %o: f32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %y = arith.addf %x, %fi : f32
      linalg.yield %y : f32
    } -> tensor<256x512xf32>
    return %d : tensor<256x512xf32>
  }
}
