#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @g_arange(%arg0: tensor<4x32xf32>) -> tensor<4x32xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<32xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<32xf32>) {
    ^bb0(%out: f32):
      %4 = linalg.index 0 : index
      %5 = arith.index_cast %4 : index to i64
      %6 = arith.sitofp %5 : i64 to f32
      %7 = arith.addf %6, %cst : f32
      linalg.yield %7 : f32
    } -> tensor<32xf32>
    %2 = tensor.empty() : tensor<4x32xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %1 : tensor<4x32xf32>, tensor<32xf32>) outs(%2 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %4 = arith.addf %in, %in_0 : f32
      linalg.yield %4 : f32
    } -> tensor<4x32xf32>
    return %3 : tensor<4x32xf32>
  }
}
