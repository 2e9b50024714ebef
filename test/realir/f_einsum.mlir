#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @f_einsum(%arg0: tensor<2x8x64x32xbf16>, %arg1: tensor<2x8x64x32xbf16>) -> tensor<2x8x64x64xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %expanded = tensor.expand_shape %arg1 [[0], [1], [2], [3, 4]] output_shape [2, 8, 64, 32, 1] : tensor<2x8x64x32xbf16> into tensor<2x8x64x32x1xbf16>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x8x64x32xbf16> into tensor<16x64x32xbf16>
    %0 = tensor.empty() : tensor<2x8x32x64x1xbf16>
    %transposed = linalg.transpose ins(%expanded : tensor<2x8x64x32x1xbf16>) outs(%0 : tensor<2x8x32x64x1xbf16>) permutation = [0, 1, 3, 2, 4] 
    %collapsed_0 = tensor.collapse_shape %transposed [[0, 1], [2], [3, 4]] : tensor<2x8x32x64x1xbf16> into tensor<16x32x64xbf16>
    %1 = tensor.empty() : tensor<16x64x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %3 = linalg.batch_matmul ins(%collapsed, %collapsed_0 : tensor<16x64x32xbf16>, tensor<16x32x64xbf16>) outs(%2 : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %4 = tensor.empty() : tensor<16x64x64xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<16x64x64xf32>) outs(%4 : tensor<16x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %7 = arith.truncf %in : f32 to bf16
      linalg.yield %7 : bf16
    } -> tensor<16x64x64xbf16>
    %expanded_1 = tensor.expand_shape %5 [[0, 1], [2], [3, 4]] output_shape [2, 8, 64, 1, 64] : tensor<16x64x64xbf16> into tensor<2x8x64x1x64xbf16>
    %6 = tensor.empty() : tensor<2x8x64x64x1xbf16>
    %transposed_2 = linalg.transpose ins(%expanded_1 : tensor<2x8x64x1x64xbf16>) outs(%6 : tensor<2x8x64x64x1xbf16>) permutation = [0, 1, 2, 4, 3] 
    %collapsed_3 = tensor.collapse_shape %transposed_2 [[0], [1], [2], [3, 4]] : tensor<2x8x64x64x1xbf16> into tensor<2x8x64x64xbf16>
    return %collapsed_3 : tensor<2x8x64x64xbf16>
  }
}
