#map = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @i_expand_mul(%arg0: tensor<8x4xf32>, %arg1: tensor<6x4xf32>) -> tensor<8x6x4xf32> {
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2]] output_shape [8, 1, 4] : tensor<8x4xf32> into tensor<8x1x4xf32>
    %expanded_0 = tensor.expand_shape %arg1 [[0, 1], [2]] output_shape [1, 6, 4] : tensor<6x4xf32> into tensor<1x6x4xf32>
    %0 = tensor.empty() : tensor<8x6x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %expanded_0 : tensor<8x1x4xf32>, tensor<1x6x4xf32>) outs(%0 : tensor<8x6x4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %2 = arith.mulf %in, %in_1 : f32
      linalg.yield %2 : f32
    } -> tensor<8x6x4xf32>
    return %1 : tensor<8x6x4xf32>
  }
}
