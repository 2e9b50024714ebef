#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0)>
#map4 = affine_map<(d0) -> (d0)>
module {
  func.func @j_pnorm(%arg0: tensor<4x8x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.333333343 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 3.000000e+00 : f32
    %cst_3 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0 : tensor<4x8x8xf32>) outs(%1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.absf %in : f32
      %9 = math.powf %8, %cst_2 : f32
      %10 = arith.addf %9, %out : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.powf %in, %cst_0 : f32
      linalg.yield %8 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<4xf32>) -> tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg0 : tensor<4x8x8xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.absf %in : f32
      %9 = math.powf %8, %cst_3 : f32
      %10 = arith.addf %9, %out : f32
      linalg.yield %10 : f32
    } -> tensor<4xf32>
    %7 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel"]} ins(%6 : tensor<4xf32>) outs(%4 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = math.powf %in, %cst_1 : f32
      linalg.yield %8 : f32
    } -> tensor<4xf32>
    return %3, %7 : tensor<4x8xf32>, tensor<4xf32>
  }
}
