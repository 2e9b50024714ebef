#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @g_batchnorm_eval(%arg0: tensor<4x16x8x8xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16xf32>) -> tensor<4x16x8x8xf32> {
    %cst = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<16xf32>) outs(%0 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.truncf %cst : f64 to f32
      %9 = arith.addf %in, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<16xf32>) outs(%0 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.rsqrt %in : f32
      linalg.yield %8 : f32
    } -> tensor<16xf32>
    %expanded = tensor.expand_shape %arg1 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_0 = tensor.expand_shape %2 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %3 = tensor.empty() : tensor<4x16x8x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %expanded : tensor<4x16x8x8xf32>, tensor<16x1x1xf32>) outs(%3 : tensor<4x16x8x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.subf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<4x16x8x8xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded_0 : tensor<4x16x8x8xf32>, tensor<16x1x1xf32>) outs(%3 : tensor<4x16x8x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.mulf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<4x16x8x8xf32>
    %expanded_1 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %expanded_1 : tensor<4x16x8x8xf32>, tensor<16x1x1xf32>) outs(%3 : tensor<4x16x8x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.mulf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<4x16x8x8xf32>
    %expanded_2 = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_2 : tensor<4x16x8x8xf32>, tensor<16x1x1xf32>) outs(%3 : tensor<4x16x8x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.addf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<4x16x8x8xf32>
    return %7 : tensor<4x16x8x8xf32>
  }
}
