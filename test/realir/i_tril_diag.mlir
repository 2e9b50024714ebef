#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> ()>
module {
  func.func @i_tril_diag(%arg0: tensor<12x12xf32>) -> tensor<12x12xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c-1_i64 = arith.constant -1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<f32>
    %0 = tensor.empty() : tensor<12xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<12xi64>) {
    ^bb0(%out: i64):
      %11 = linalg.index 0 : index
      %12 = arith.index_cast %11 : index to i64
      linalg.yield %12 : i64
    } -> tensor<12xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 12] : tensor<12xi64> into tensor<1x12xi64>
    %expanded_0 = tensor.expand_shape %1 [[0, 1]] output_shape [12, 1] : tensor<12xi64> into tensor<12x1xi64>
    %2 = tensor.empty() : tensor<12x12xi64>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_0 : tensor<1x12xi64>, tensor<12x1xi64>) outs(%2 : tensor<12x12xi64>) {
    ^bb0(%in: i64, %in_1: i64, %out: i64):
      %11 = arith.subi %in, %in_1 : i64
      linalg.yield %11 : i64
    } -> tensor<12x12xi64>
    %4 = tensor.empty() : tensor<12x12xi1>
    %5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<12x12xi64>) outs(%4 : tensor<12x12xi1>) {
    ^bb0(%in: i64, %out: i1):
      %11 = arith.cmpi sle, %in, %c-1_i64 : i64
      linalg.yield %11 : i1
    } -> tensor<12x12xi1>
    %6 = tensor.empty() : tensor<12x12xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%5, %arg0, %cst : tensor<12x12xi1>, tensor<12x12xf32>, tensor<f32>) outs(%6 : tensor<12x12xf32>) {
    ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
      %11 = arith.select %in, %in_1, %in_2 : f32
      linalg.yield %11 : f32
    } -> tensor<12x12xf32>
    %8 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<12x12xi64>) outs(%4 : tensor<12x12xi1>) {
    ^bb0(%in: i64, %out: i1):
      %11 = arith.cmpi sge, %in, %c2_i64 : i64
      linalg.yield %11 : i1
    } -> tensor<12x12xi1>
    %9 = linalg.generic {indexing_maps = [#map3, #map3, #map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%8, %arg0, %cst : tensor<12x12xi1>, tensor<12x12xf32>, tensor<f32>) outs(%6 : tensor<12x12xf32>) {
    ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
      %11 = arith.select %in, %in_1, %in_2 : f32
      linalg.yield %11 : f32
    } -> tensor<12x12xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<12x12xf32>, tensor<12x12xf32>) outs(%6 : tensor<12x12xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %11 = arith.addf %in, %in_1 : f32
      linalg.yield %11 : f32
    } -> tensor<12x12xf32>
    return %10 : tensor<12x12xf32>
  }
}
