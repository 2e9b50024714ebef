#map = affine_map<(d0, d1) -> (d0, 0)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i_outer(%arg0: tensor<32xf32>, %arg1: tensor<48xf32>) -> tensor<32x48xf32> {
    %expanded = tensor.expand_shape %arg0 [[0, 1]] output_shape [32, 1] : tensor<32xf32> into tensor<32x1xf32>
    %0 = tensor.empty() : tensor<32x48xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%expanded, %arg1 : tensor<32x1xf32>, tensor<48xf32>) outs(%0 : tensor<32x48xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.mulf %in, %in_0 : f32
      linalg.yield %2 : f32
    } -> tensor<32x48xf32>
    return %1 : tensor<32x48xf32>
  }
}
