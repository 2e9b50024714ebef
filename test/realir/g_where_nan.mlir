#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  func.func @g_where_nan(%arg0: tensor<64xf32>) -> tensor<64xf32> {
    %cst = arith.constant dense<3.40282347E+38> : tensor<f32>
    %cst_0 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_2 = arith.constant 0x7FF0000000000000 : f64
    %cst_3 = arith.constant 0xFFF0000000000000 : f64
    %cst_4 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<64xf32>) outs(%0 : tensor<64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %11 = arith.cmpf ogt, %in, %cst_4 : f32
      linalg.yield %11 : i1
    } -> tensor<64xi1>
    %2 = tensor.empty() : tensor<64xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<64xf32>) outs(%2 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.log %in : f32
      linalg.yield %11 : f32
    } -> tensor<64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%1, %3, %arg0 : tensor<64xi1>, tensor<64xf32>, tensor<64xf32>) outs(%2 : tensor<64xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %11 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %11 : f32
    } -> tensor<64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%4, %4 : tensor<64xf32>, tensor<64xf32>) outs(%0 : tensor<64xi1>) {
    ^bb0(%in: f32, %in_5: f32, %out: i1):
      %11 = arith.cmpf une, %in, %in_5 : f32
      linalg.yield %11 : i1
    } -> tensor<64xi1>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel"]} ins(%5, %cst_1, %4 : tensor<64xi1>, tensor<f32>, tensor<64xf32>) outs(%2 : tensor<64xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %11 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %11 : f32
    } -> tensor<64xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%0 : tensor<64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %11 = arith.extf %in : f32 to f64
      %12 = arith.cmpf oeq, %11, %cst_3 : f64
      linalg.yield %12 : i1
    } -> tensor<64xi1>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel"]} ins(%7, %cst_0, %6 : tensor<64xi1>, tensor<f32>, tensor<64xf32>) outs(%2 : tensor<64xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %11 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %11 : f32
    } -> tensor<64xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xf32>) outs(%0 : tensor<64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %11 = arith.extf %in : f32 to f64
      %12 = arith.cmpf oeq, %11, %cst_2 : f64
      linalg.yield %12 : i1
    } -> tensor<64xi1>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel"]} ins(%9, %cst, %8 : tensor<64xi1>, tensor<f32>, tensor<64xf32>) outs(%2 : tensor<64xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %11 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %11 : f32
    } -> tensor<64xf32>
    return %10 : tensor<64xf32>
  }
}
