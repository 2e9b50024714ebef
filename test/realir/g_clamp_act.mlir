#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @g_clamp_act(%arg0: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %cst = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = arith.constant 1.000000e-02 : f64
    %cst_1 = arith.constant -3.000000e+00 : f32
    %cst_2 = arith.constant 3.000000e+00 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %cst_4 = arith.constant 6.000000e+00 : f32
    %cst_5 = arith.constant 2.000000e+01 : f32
    %0 = tensor.empty() : tensor<64x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.cmpf ult, %in, %cst_1 : f32
      %19 = arith.select %18, %cst_1, %in : f32
      %20 = arith.cmpf ugt, %19, %cst_2 : f32
      %21 = arith.select %20, %cst_2, %19 : f32
      linalg.yield %21 : f32
    } -> tensor<64x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %in, %cst_2 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.cmpf ult, %in, %cst_3 : f32
      %19 = arith.select %18, %cst_3, %in : f32
      linalg.yield %19 : f32
    } -> tensor<64x64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.cmpf ugt, %in, %cst_4 : f32
      %19 = arith.select %18, %cst_4, %in : f32
      linalg.yield %19 : f32
    } -> tensor<64x64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %4 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.mulf %in, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.divf %in, %cst_4 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.exp %in : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.log1p %in : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %9 = tensor.empty() : tensor<64x64xi1>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x64xf32>) outs(%9 : tensor<64x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %18 = arith.cmpf ogt, %in, %cst_5 : f32
      linalg.yield %18 : i1
    } -> tensor<64x64xi1>
    %11 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%10, %arg0, %8 : tensor<64x64xi1>, tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_6: f32, %in_7: f32, %out: f32):
      %18 = arith.select %in, %in_6, %in_7 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %11 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.addf %in, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst, %arg0 : tensor<f32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.cmpf ogt, %in, %in_6 : f32
      %19 = arith.select %18, %in, %in_6 : f32
      linalg.yield %19 : f32
    } -> tensor<64x64xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst, %arg0 : tensor<f32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.cmpf olt, %in, %in_6 : f32
      %19 = arith.select %18, %in, %in_6 : f32
      linalg.yield %19 : f32
    } -> tensor<64x64xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.truncf %cst_0 : f64 to f32
      %19 = arith.mulf %in, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<64x64xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%13, %15 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.addf %in, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %16 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %18 = arith.addf %in, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<64x64xf32>
    return %17 : tensor<64x64xf32>
  }
}
