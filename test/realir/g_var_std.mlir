#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0) -> (d0)>
module {
  func.func @g_var_std(%arg0: tensor<8x256xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %cst = arith.constant 0.000000e+00 : f64
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.550000e+02 : f64
    %cst_2 = arith.constant 2.560000e+02 : f64
    %0 = tensor.empty() : tensor<8x256xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x256xf32>) outs(%0 : tensor<8x256xf64>) {
    ^bb0(%in: f32, %out: f64):
      %19 = arith.extf %in : f32 to f64
      linalg.yield %19 : f64
    } -> tensor<8x256xf64>
    %2 = tensor.empty() : tensor<8x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<8x1xf64>) -> tensor<8x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<8x256xf64>) outs(%3 : tensor<8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %19 = arith.addf %in, %out : f64
      linalg.yield %19 : f64
    } -> tensor<8x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8x1xf64>) outs(%2 : tensor<8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %19 = arith.divf %in, %cst_2 : f64
      linalg.yield %19 : f64
    } -> tensor<8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<8x256xf64>, tensor<8x1xf64>) outs(%0 : tensor<8x256xf64>) {
    ^bb0(%in: f64, %in_3: f64, %out: f64):
      %19 = arith.subf %in, %in_3 : f64
      linalg.yield %19 : f64
    } -> tensor<8x256xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<8x256xf64>, tensor<8x256xf64>) outs(%0 : tensor<8x256xf64>) {
    ^bb0(%in: f64, %in_3: f64, %out: f64):
      %19 = arith.mulf %in, %in_3 : f64
      linalg.yield %19 : f64
    } -> tensor<8x256xf64>
    %8 = tensor.empty() : tensor<8xf64>
    %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<8xf64>) -> tensor<8xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<8x256xf64>) outs(%9 : tensor<8xf64>) {
    ^bb0(%in: f64, %out: f64):
      %19 = arith.addf %in, %out : f64
      linalg.yield %19 : f64
    } -> tensor<8xf64>
    %11 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%10 : tensor<8xf64>) outs(%8 : tensor<8xf64>) {
    ^bb0(%in: f64, %out: f64):
      %19 = arith.divf %in, %cst_1 : f64
      linalg.yield %19 : f64
    } -> tensor<8xf64>
    %12 = tensor.empty() : tensor<8xf32>
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%11 : tensor<8xf64>) outs(%12 : tensor<8xf32>) {
    ^bb0(%in: f64, %out: f32):
      %19 = arith.truncf %in : f64 to f32
      linalg.yield %19 : f32
    } -> tensor<8xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%13 : tensor<8xf32>) outs(%12 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = math.sqrt %in : f32
      linalg.yield %19 : f32
    } -> tensor<8xf32>
    %15 = tensor.empty() : tensor<8xi64>
    %16 = linalg.fill ins(%c0_i64 : i64) outs(%15 : tensor<8xi64>) -> tensor<8xi64>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<8xf32>) -> tensor<8xf32>
    %18:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x256xf32>) outs(%17, %16 : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_3: i64):
      %19 = linalg.index 1 : index
      %20 = arith.index_cast %19 : index to i64
      %21 = arith.maximumf %in, %out : f32
      %22 = arith.cmpf ogt, %in, %out : f32
      %23 = arith.select %22, %20, %out_3 : i64
      linalg.yield %21, %23 : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %13, %14, %18#0 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
}
