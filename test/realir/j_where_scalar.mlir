#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module {
  func.func @j_where_scalar(%arg0: tensor<16x16xf32>) -> tensor<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = arith.constant 2.000000e-01 : f64
    %cst_2 = arith.constant 2.000000e+00 : f32
    %cst_3 = arith.constant 2.560000e+02 : f32
    %0 = tensor.empty() : tensor<16x16xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x16xf32>) outs(%0 : tensor<16x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %9 = arith.extf %in : f32 to f64
      %10 = arith.cmpf ogt, %9, %cst_1 : f64
      linalg.yield %10 : i1
    } -> tensor<16x16xi1>
    %2 = tensor.empty() : tensor<16x16xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x16xf32>) outs(%2 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.mulf %in, %cst_2 : f32
      linalg.yield %9 : f32
    } -> tensor<16x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %3, %cst_0 : tensor<16x16xi1>, tensor<16x16xf32>, tensor<f32>) outs(%2 : tensor<16x16xf32>) {
    ^bb0(%in: i1, %in_4: f32, %in_5: f32, %out: f32):
      %9 = arith.select %in, %in_4, %in_5 : f32
      linalg.yield %9 : f32
    } -> tensor<16x16xf32>
    %5 = tensor.empty() : tensor<f32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<f32>) -> tensor<f32>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%4 : tensor<16x16xf32>) outs(%6 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %in, %out : f32
      linalg.yield %9 : f32
    } -> tensor<f32>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%7 : tensor<f32>) outs(%5 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.divf %in, %cst_3 : f32
      linalg.yield %9 : f32
    } -> tensor<f32>
    return %8 : tensor<f32>
  }
}
