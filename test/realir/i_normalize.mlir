#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @i_normalize(%arg0: tensor<16x128xf32>) -> tensor<16x128xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.9999999999999998E-13 : f64
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<16x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x1xf32>) -> tensor<16x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x128xf32>) outs(%1 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.absf %in : f32
      %9 = math.powf %8, %cst_2 : f32
      %10 = arith.addf %9, %out : f32
      linalg.yield %10 : f32
    } -> tensor<16x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<16x1xf32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.powf %in, %cst_1 : f32
      linalg.yield %8 : f32
    } -> tensor<16x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x1xf32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.truncf %cst_0 : f64 to f32
      %9 = arith.cmpf ult, %in, %8 : f32
      %10 = arith.select %9, %8, %in : f32
      linalg.yield %10 : f32
    } -> tensor<16x1xf32>
    %5 = tensor.empty() : tensor<16x128xf32>
    %collapsed = tensor.collapse_shape %4 [[0, 1]] : tensor<16x1xf32> into tensor<16xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<16xf32>) outs(%5 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %6 : tensor<16x128xf32>, tensor<16x128xf32>) outs(%5 : tensor<16x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %8 = arith.divf %in, %in_3 : f32
      linalg.yield %8 : f32
    } -> tensor<16x128xf32>
    return %7 : tensor<16x128xf32>
  }
}
