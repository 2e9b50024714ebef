#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @i_acts(%arg0: tensor<32x64xf32>) -> tensor<32x64xf32> {
    %c3_i64 = arith.constant 3 : i64
    %cst = arith.constant 4.471500e-02 : f32
    %cst_0 = arith.constant 7.977240e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %cst_3 = arith.constant dense<6.000000e+00> : tensor<f32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = arith.constant 2.000000e+01 : f32
    %0 = tensor.empty() : tensor<32x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.fpowi %in, %c3_i64 : f32, i64
      %22 = arith.mulf %21, %cst : f32
      %23 = arith.addf %in, %22 : f32
      %24 = arith.mulf %23, %cst_0 : f32
      %25 = math.tanh %24 : f32
      %26 = arith.addf %25, %cst_1 : f32
      %27 = arith.mulf %26, %cst_2 : f32
      %28 = arith.mulf %in, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<32x64xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_4, %arg0 : tensor<f32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.cmpf ogt, %in, %in_6 : f32
      %22 = arith.select %21, %in, %in_6 : f32
      linalg.yield %22 : f32
    } -> tensor<32x64xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_4, %arg0 : tensor<f32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.cmpf olt, %in, %in_6 : f32
      %22 = arith.select %21, %in, %in_6 : f32
      linalg.yield %22 : f32
    } -> tensor<32x64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.exp %in : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.subf %in, %cst_1 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %5 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.addf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %6 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.addf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.exp %in : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.log1p %in : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %10 = tensor.empty() : tensor<32x64xi1>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<32x64xf32>) outs(%10 : tensor<32x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %21 = arith.cmpf ogt, %in, %cst_5 : f32
      linalg.yield %21 : i1
    } -> tensor<32x64xi1>
    %12 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%11, %arg0, %9 : tensor<32x64xi1>, tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: i1, %in_6: f32, %in_7: f32, %out: f32):
      %21 = arith.select %in, %in_6, %in_7 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.tanh %in : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %13 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.mulf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %14 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.addf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.negf %in : f32
      %22 = math.exp %21 : f32
      %23 = arith.addf %22, %cst_1 : f32
      %24 = arith.divf %cst_1, %23 : f32
      linalg.yield %24 : f32
    } -> tensor<32x64xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %cst_4 : tensor<32x64xf32>, tensor<f32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.cmpf ogt, %in, %in_6 : f32
      %22 = arith.select %21, %in, %in_6 : f32
      linalg.yield %22 : f32
    } -> tensor<32x64xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_3, %17 : tensor<f32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.cmpf olt, %in, %in_6 : f32
      %22 = arith.select %21, %in, %in_6 : f32
      linalg.yield %22 : f32
    } -> tensor<32x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%16, %18 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.mulf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%15, %19 : tensor<32x64xf32>, tensor<32x64xf32>) outs(%0 : tensor<32x64xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.addf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<32x64xf32>
    return %20 : tensor<32x64xf32>
  }
}
