#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i_repeat_interleave(%arg0: tensor<4x8xf32>) -> tensor<8x8xf32> {
    %cst = arith.constant 3.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x2x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x2x8xf32>
    %collapsed = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<4x2x8xf32> into tensor<8x8xf32>
    %2 = tensor.empty() : tensor<8x8xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x8xf32>) outs(%2 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %cst : f32
      linalg.yield %4 : f32
    } -> tensor<8x8xf32>
    return %3 : tensor<8x8xf32>
  }
}
