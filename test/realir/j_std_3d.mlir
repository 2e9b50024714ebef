#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
module {
  func.func @j_std_3d(%arg0: tensor<2x10x7xf32>) -> tensor<2x1x7xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 9.000000e+00 : f64
    %cst_1 = arith.constant 1.000000e+01 : f64
    %0 = tensor.empty() : tensor<2x10x7xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x10x7xf32>) outs(%0 : tensor<2x10x7xf64>) {
    ^bb0(%in: f32, %out: f64):
      %13 = arith.extf %in : f32 to f64
      linalg.yield %13 : f64
    } -> tensor<2x10x7xf64>
    %2 = tensor.empty() : tensor<2x1x7xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<2x1x7xf64>) -> tensor<2x1x7xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%1 : tensor<2x10x7xf64>) outs(%3 : tensor<2x1x7xf64>) {
    ^bb0(%in: f64, %out: f64):
      %13 = arith.addf %in, %out : f64
      linalg.yield %13 : f64
    } -> tensor<2x1x7xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x1x7xf64>) outs(%2 : tensor<2x1x7xf64>) {
    ^bb0(%in: f64, %out: f64):
      %13 = arith.divf %in, %cst_1 : f64
      linalg.yield %13 : f64
    } -> tensor<2x1x7xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<2x10x7xf64>, tensor<2x1x7xf64>) outs(%0 : tensor<2x10x7xf64>) {
    ^bb0(%in: f64, %in_2: f64, %out: f64):
      %13 = arith.subf %in, %in_2 : f64
      linalg.yield %13 : f64
    } -> tensor<2x10x7xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<2x10x7xf64>, tensor<2x10x7xf64>) outs(%0 : tensor<2x10x7xf64>) {
    ^bb0(%in: f64, %in_2: f64, %out: f64):
      %13 = arith.mulf %in, %in_2 : f64
      linalg.yield %13 : f64
    } -> tensor<2x10x7xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%7 : tensor<2x10x7xf64>) outs(%3 : tensor<2x1x7xf64>) {
    ^bb0(%in: f64, %out: f64):
      %13 = arith.addf %in, %out : f64
      linalg.yield %13 : f64
    } -> tensor<2x1x7xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x1x7xf64>) outs(%2 : tensor<2x1x7xf64>) {
    ^bb0(%in: f64, %out: f64):
      %13 = arith.divf %in, %cst_0 : f64
      linalg.yield %13 : f64
    } -> tensor<2x1x7xf64>
    %10 = tensor.empty() : tensor<2x1x7xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x1x7xf64>) outs(%10 : tensor<2x1x7xf32>) {
    ^bb0(%in: f64, %out: f32):
      %13 = arith.truncf %in : f64 to f32
      linalg.yield %13 : f32
    } -> tensor<2x1x7xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x1x7xf32>) outs(%10 : tensor<2x1x7xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.sqrt %in : f32
      linalg.yield %13 : f32
    } -> tensor<2x1x7xf32>
    return %12 : tensor<2x1x7xf32>
  }
}
