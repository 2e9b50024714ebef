#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @j_bounded_acts(%arg0: tensor<64x32xf32>) -> tensor<64x32xf32> {
    %cst = arith.constant dense<-1.000000e+00> : tensor<f32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<f32>
    %cst_2 = arith.constant 1.000000e-01 : f64
    %cst_3 = arith.constant 1.0507009873554805 : f64
    %cst_4 = arith.constant 1.6732632423543772 : f64
    %cst_5 = arith.constant dense<-5.000000e-01> : tensor<f32>
    %cst_6 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %cst_5 : tensor<64x32xf32>, tensor<f32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.cmpf ogt, %in, %in_7 : f32
      %26 = arith.select %25, %in, %in_7 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_1, %1 : tensor<f32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.cmpf olt, %in, %in_7 : f32
      %26 = arith.select %25, %in, %in_7 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_0, %arg0 : tensor<f32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.cmpf ogt, %in, %in_7 : f32
      %26 = arith.select %25, %in, %in_7 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_3 : f64 to f32
      %26 = arith.mulf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_0, %arg0 : tensor<f32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.cmpf olt, %in, %in_7 : f32
      %26 = arith.select %25, %in, %in_7 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.exp %in : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.subf %in, %cst_6 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_3 : f64 to f32
      %26 = arith.mulf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.truncf %cst_4 : f64 to f32
      %26 = arith.mulf %in, %25 : f32
      linalg.yield %26 : f32
    } -> tensor<64x32xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %9 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.addf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %10 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.addf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.absf %in : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.negf %in : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.exp %in : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.log1p %in : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %15 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.subf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%11, %16 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.addf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %in, %cst_6 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %18 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.divf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%17, %19 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.addf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %21 = tensor.empty() : tensor<64x32xi1>
    %22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x32xf32>) outs(%21 : tensor<64x32xi1>) {
    ^bb0(%in: f32, %out: i1):
      %25 = arith.extf %in : f32 to f64
      %26 = arith.cmpf ole, %25, %cst_2 : f64
      linalg.yield %26 : i1
    } -> tensor<64x32xi1>
    %23 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%22, %cst, %arg0 : tensor<64x32xi1>, tensor<f32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: i1, %in_7: f32, %in_8: f32, %out: f32):
      %25 = arith.select %in, %in_7, %in_8 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%20, %23 : tensor<64x32xf32>, tensor<64x32xf32>) outs(%0 : tensor<64x32xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %25 = arith.addf %in, %in_7 : f32
      linalg.yield %25 : f32
    } -> tensor<64x32xf32>
    return %24 : tensor<64x32xf32>
  }
}
