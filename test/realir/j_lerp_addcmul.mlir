#map = affine_map<() -> ()>
#map1 = affine_map<(d0) -> ()>
#map2 = affine_map<(d0) -> (d0)>
module {
  func.func @j_lerp_addcmul(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %cst = arith.constant dense<-0.699999988> : tensor<f32>
    %cst_0 = arith.constant dense<3.000000e-01> : tensor<f32>
    %cst_1 = arith.constant 5.000000e-01 : f64
    %cst_2 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%cst_0 : tensor<f32>) outs(%0 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %16 = math.absf %in : f32
      linalg.yield %16 : f32
    } -> tensor<f32>
    %2 = tensor.empty() : tensor<i1>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%1 : tensor<f32>) outs(%2 : tensor<i1>) {
    ^bb0(%in: f32, %out: i1):
      %16 = arith.extf %in : f32 to f64
      %17 = arith.cmpf oge, %16, %cst_1 : f64
      linalg.yield %17 : i1
    } -> tensor<i1>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = []} ins(%3, %cst, %cst_0 : tensor<i1>, tensor<f32>, tensor<f32>) outs(%0 : tensor<f32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %16 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %16 : f32
    } -> tensor<f32>
    %5 = tensor.empty() : tensor<32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map2, #map2], iterator_types = ["parallel"]} ins(%3, %arg1, %arg0 : tensor<i1>, tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %16 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %7 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%arg1, %arg0 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.subf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel"]} ins(%4, %7 : tensor<f32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.mulf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%8, %6 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.addf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg1 : tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %16 = arith.mulf %in, %cst_2 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%10, %arg2 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.mulf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%arg0, %11 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.addf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %13 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%9, %12 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.addf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map2, #map2, #map2], iterator_types = ["parallel"]} ins(%arg0, %arg1, %arg2 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
      %16 = arith.cmpf ult, %in, %in_3 : f32
      %17 = arith.select %16, %in_3, %in : f32
      %18 = arith.cmpf ugt, %17, %in_4 : f32
      %19 = arith.select %18, %in_4, %17 : f32
      linalg.yield %19 : f32
    } -> tensor<32xf32>
    %15 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%13, %14 : tensor<32xf32>, tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %16 = arith.addf %in, %in_3 : f32
      linalg.yield %16 : f32
    } -> tensor<32xf32>
    return %15 : tensor<32xf32>
  }
}
