#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i_transpose_add(%arg0: tensor<32x48xf32>, %arg1: tensor<48x32xf32>) -> tensor<48x32xf32> {
    %0 = tensor.empty() : tensor<48x32xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<32x48xf32>) outs(%0 : tensor<48x32xf32>) permutation = [1, 0] 
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%transposed, %arg1 : tensor<48x32xf32>, tensor<48x32xf32>) outs(%0 : tensor<48x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %2 = arith.addf %in, %in_0 : f32
      linalg.yield %2 : f32
    } -> tensor<48x32xf32>
    return %1 : tensor<48x32xf32>
  }
}
