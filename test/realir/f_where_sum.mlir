#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @f_where_sum(%arg0: tensor<16x100xf32>, %arg1: tensor<16x100xi1>) -> tensor<16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x100xf32>
    %0 = tensor.empty() : tensor<16x100xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %arg0, %cst_0 : tensor<16x100xi1>, tensor<16x100xf32>, tensor<16x100xf32>) outs(%0 : tensor<16x100xf32>) {
    ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
      %5 = arith.select %in, %in_1, %in_2 : f32
      linalg.yield %5 : f32
    } -> tensor<16x100xf32>
    %2 = tensor.empty() : tensor<16xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<16xf32>) -> tensor<16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<16x100xf32>) outs(%3 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %out : f32
      linalg.yield %5 : f32
    } -> tensor<16xf32>
    return %4 : tensor<16xf32>
  }
}
