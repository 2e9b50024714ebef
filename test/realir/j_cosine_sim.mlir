#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @j_cosine_sim(%arg0: tensor<16x64xf32>, %arg1: tensor<16x64xf32>) -> tensor<16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<9.99999993E-9> : tensor<f32>
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<16x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x1xf32>) -> tensor<16x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x64xf32>) outs(%1 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.absf %in : f32
      %16 = math.powf %15, %cst_2 : f32
      %17 = arith.addf %16, %out : f32
      linalg.yield %17 : f32
    } -> tensor<16x1xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<16x1xf32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.powf %in, %cst_1 : f32
      linalg.yield %15 : f32
    } -> tensor<16x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg1 : tensor<16x64xf32>) outs(%1 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.absf %in : f32
      %16 = math.powf %15, %cst_2 : f32
      %17 = arith.addf %16, %out : f32
      linalg.yield %17 : f32
    } -> tensor<16x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<16x1xf32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.powf %in, %cst_1 : f32
      linalg.yield %15 : f32
    } -> tensor<16x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<16x1xf32>, tensor<f32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.cmpf ult, %in, %in_3 : f32
      %16 = arith.select %15, %in_3, %in : f32
      linalg.yield %16 : f32
    } -> tensor<16x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %cst_0 : tensor<16x1xf32>, tensor<f32>) outs(%0 : tensor<16x1xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.cmpf ult, %in, %in_3 : f32
      %16 = arith.select %15, %in_3, %in : f32
      linalg.yield %16 : f32
    } -> tensor<16x1xf32>
    %8 = tensor.empty() : tensor<16x64xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %7 : tensor<16x64xf32>, tensor<16x1xf32>) outs(%8 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.divf %in, %in_3 : f32
      linalg.yield %15 : f32
    } -> tensor<16x64xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %6 : tensor<16x64xf32>, tensor<16x1xf32>) outs(%8 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.divf %in, %in_3 : f32
      linalg.yield %15 : f32
    } -> tensor<16x64xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%10, %9 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%8 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.mulf %in, %in_3 : f32
      linalg.yield %15 : f32
    } -> tensor<16x64xf32>
    %12 = tensor.empty() : tensor<16xf32>
    %13 = linalg.fill ins(%cst : f32) outs(%12 : tensor<16xf32>) -> tensor<16xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<16x64xf32>) outs(%13 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.addf %in, %out : f32
      linalg.yield %15 : f32
    } -> tensor<16xf32>
    return %14 : tensor<16xf32>
  }
}
