#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
module {
  func.func @i_adaptive_pool(%arg0: tensor<2x8x4x4xf32>) -> tensor<2x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.600000e+01 : f32
    %0 = tensor.empty() : tensor<2x8x1x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x1x1xf32>) -> tensor<2x8x1x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<2x8x4x4xf32>) outs(%1 : tensor<2x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %in, %out : f32
      linalg.yield %4 : f32
    } -> tensor<2x8x1x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<2x8x1x1xf32>) outs(%0 : tensor<2x8x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.divf %in, %cst_0 : f32
      linalg.yield %4 : f32
    } -> tensor<2x8x1x1xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2, 3]] : tensor<2x8x1x1xf32> into tensor<2x8xf32>
    return %collapsed : tensor<2x8xf32>
  }
}
