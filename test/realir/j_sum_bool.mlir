#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @j_sum_bool(%arg0: tensor<4x50xf32>) -> tensor<4xi64> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x50xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x50xf32>) outs(%0 : tensor<4x50xi1>) {
    ^bb0(%in: f32, %out: i1):
      %5 = arith.cmpf ogt, %in, %cst : f32
      linalg.yield %5 : i1
    } -> tensor<4x50xi1>
    %2 = tensor.empty() : tensor<4xi64>
    %3 = linalg.fill ins(%c0_i64 : i64) outs(%2 : tensor<4xi64>) -> tensor<4xi64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x50xi1>) outs(%3 : tensor<4xi64>) {
    ^bb0(%in: i1, %out: i64):
      %5 = arith.extui %in : i1 to i64
      %6 = arith.addi %5, %out : i64
      linalg.yield %6 : i64
    } -> tensor<4xi64>
    return %4 : tensor<4xi64>
  }
}
