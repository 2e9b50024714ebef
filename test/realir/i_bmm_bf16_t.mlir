#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @i_bmm_bf16_t(%arg0: tensor<4x32x64xbf16>, %arg1: tensor<4x48x64xbf16>) -> tensor<4x32x48xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x64x48xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<4x48x64xbf16>) outs(%0 : tensor<4x64x48xbf16>) permutation = [0, 2, 1] 
    %1 = tensor.empty() : tensor<4x32x48xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x32x48xf32>) -> tensor<4x32x48xf32>
    %3 = linalg.batch_matmul ins(%arg0, %transposed : tensor<4x32x64xbf16>, tensor<4x64x48xbf16>) outs(%2 : tensor<4x32x48xf32>) -> tensor<4x32x48xf32>
    %4 = tensor.empty() : tensor<4x32x48xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<4x32x48xf32>) outs(%4 : tensor<4x32x48xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<4x32x48xbf16>
    return %5 : tensor<4x32x48xbf16>
  }
}
