#map = affine_map<(d0) -> (d0)>
module {
  func.func @i_isinf_clamp(%arg0: tensor<128xf32>) -> tensor<128xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_0 = arith.constant 0x7FF0000000000000 : f64
    %cst_1 = arith.constant -5.000000e-01 : f32
    %0 = tensor.empty() : tensor<128xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<128xf32>) outs(%0 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.absf %in : f32
      linalg.yield %6 : f32
    } -> tensor<128xf32>
    %2 = tensor.empty() : tensor<128xi1>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<128xf32>) outs(%2 : tensor<128xi1>) {
    ^bb0(%in: f32, %out: i1):
      %6 = arith.extf %in : f32 to f64
      %7 = arith.cmpf oeq, %6, %cst_0 : f64
      linalg.yield %7 : i1
    } -> tensor<128xi1>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<128xf32>) outs(%0 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.cmpf ult, %in, %cst_1 : f32
      %7 = arith.select %6, %cst_1, %in : f32
      linalg.yield %7 : f32
    } -> tensor<128xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%3, %cst, %4 : tensor<128xi1>, tensor<128xf32>, tensor<128xf32>) outs(%0 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_2: f32, %in_3: f32, %out: f32):
      %6 = arith.select %in, %in_2, %in_3 : f32
      linalg.yield %6 : f32
    } -> tensor<128xf32>
    return %5 : tensor<128xf32>
  }
}
