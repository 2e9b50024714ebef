#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @g_bool_any(%arg0: tensor<4x100xf32>) -> tensor<4xi1> {
    %false = arith.constant false
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x100xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x100xf32>) outs(%0 : tensor<4x100xi1>) {
    ^bb0(%in: f32, %out: i1):
      %5 = arith.cmpf ogt, %in, %cst : f32
      linalg.yield %5 : i1
    } -> tensor<4x100xi1>
    %2 = tensor.empty() : tensor<4xi1>
    %3 = linalg.fill ins(%false : i1) outs(%2 : tensor<4xi1>) -> tensor<4xi1>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x100xi1>) outs(%3 : tensor<4xi1>) {
    ^bb0(%in: i1, %out: i1):
      %5 = arith.ori %in, %out : i1
      linalg.yield %5 : i1
    } -> tensor<4xi1>
    return %4 : tensor<4xi1>
  }
}
