#map = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_repeat_expand(%arg0: tensor<4x8xf32>) -> tensor<8x24xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x4x3x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<2x4x3x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x3x8xf32>
    %collapsed = tensor.collapse_shape %1 [[0, 1], [2, 3]] : tensor<2x4x3x8xf32> into tensor<8x24xf32>
    %2 = tensor.empty() : tensor<2x4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%2 : tensor<2x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["reduction", "parallel", "parallel"]} ins(%3 : tensor<2x4x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<4x8xf32>) outs(%0 : tensor<2x4x3x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x3x8xf32>
    %collapsed_0 = tensor.collapse_shape %7 [[0, 1], [2, 3]] : tensor<2x4x3x8xf32> into tensor<8x24xf32>
    %8 = tensor.empty() : tensor<8x24xf32>
    %9 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed, %collapsed_0 : tensor<8x24xf32>, tensor<8x24xf32>) outs(%8 : tensor<8x24xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.addf %in, %in_1 : f32
      linalg.yield %10 : f32
    } -> tensor<8x24xf32>
    return %9 : tensor<8x24xf32>
  }
}
