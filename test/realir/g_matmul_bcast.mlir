#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_matmul_bcast(%arg0: tensor<4x16x32xbf16>, %arg1: tensor<32x64xbf16>) -> tensor<4x16x64xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<4x16x32xbf16> into tensor<64x32xbf16>
    %0 = tensor.empty() : tensor<64x64xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %2 = linalg.matmul ins(%collapsed, %arg1 : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%1 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %3 = tensor.empty() : tensor<64x64xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<64x64xf32>) outs(%3 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %5 = arith.truncf %in : f32 to bf16
      linalg.yield %5 : bf16
    } -> tensor<64x64xbf16>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [4, 16, 64] : tensor<64x64xbf16> into tensor<4x16x64xbf16>
    return %expanded : tensor<4x16x64xbf16>
  }
}
