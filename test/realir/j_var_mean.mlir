#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d1)>
#map3 = affine_map<(d0) -> (d0)>
module {
  func.func @j_var_mean(%arg0: tensor<4x8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 6.300000e+01 : f64
    %cst_2 = arith.constant 6.400000e+01 : f64
    %cst_3 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<4x8x16xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x8x16xf32>) outs(%0 : tensor<4x8x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %17 = arith.extf %in : f32 to f64
      linalg.yield %17 : f64
    } -> tensor<4x8x16xf64>
    %2 = tensor.empty() : tensor<1x8x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "reduction"]} ins(%1 : tensor<4x8x16xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %17 = arith.addf %in, %out : f64
      linalg.yield %17 : f64
    } -> tensor<1x8x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %17 = arith.divf %in, %cst_2 : f64
      linalg.yield %17 : f64
    } -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<4x8x16xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<4x8x16xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %17 = arith.subf %in, %in_4 : f64
      linalg.yield %17 : f64
    } -> tensor<4x8x16xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<4x8x16xf64>, tensor<4x8x16xf64>) outs(%0 : tensor<4x8x16xf64>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %17 = arith.mulf %in, %in_4 : f64
      linalg.yield %17 : f64
    } -> tensor<4x8x16xf64>
    %8 = tensor.empty() : tensor<8xf64>
    %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<8xf64>) -> tensor<8xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "parallel", "reduction"]} ins(%7 : tensor<4x8x16xf64>) outs(%9 : tensor<8xf64>) {
    ^bb0(%in: f64, %out: f64):
      %17 = arith.addf %in, %out : f64
      linalg.yield %17 : f64
    } -> tensor<8xf64>
    %11 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%10 : tensor<8xf64>) outs(%8 : tensor<8xf64>) {
    ^bb0(%in: f64, %out: f64):
      %17 = arith.divf %in, %cst_1 : f64
      linalg.yield %17 : f64
    } -> tensor<8xf64>
    %12 = tensor.empty() : tensor<8xf32>
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%11 : tensor<8xf64>) outs(%12 : tensor<8xf32>) {
    ^bb0(%in: f64, %out: f32):
      %17 = arith.truncf %in : f64 to f32
      linalg.yield %17 : f32
    } -> tensor<8xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<8xf32>) -> tensor<8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "parallel", "reduction"]} ins(%arg0 : tensor<4x8x16xf32>) outs(%14 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<8xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%15 : tensor<8xf32>) outs(%12 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %in, %cst_3 : f32
      linalg.yield %17 : f32
    } -> tensor<8xf32>
    return %13, %16 : tensor<8xf32>, tensor<8xf32>
  }
}
