#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @i_compare_bool(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x16xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%0 : tensor<8x16xi1>) {
    ^bb0(%in: f32, %in_1: f32, %out: i1):
      %10 = arith.cmpf ogt, %in, %in_1 : f32
      linalg.yield %10 : i1
    } -> tensor<8x16xi1>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf32>) outs(%0 : tensor<8x16xi1>) {
    ^bb0(%in: f32, %out: i1):
      %10 = arith.cmpf une, %in, %cst : f32
      linalg.yield %10 : i1
    } -> tensor<8x16xi1>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %2 : tensor<8x16xi1>, tensor<8x16xi1>) outs(%0 : tensor<8x16xi1>) {
    ^bb0(%in: i1, %in_1: i1, %out: i1):
      %10 = arith.andi %in, %in_1 : i1
      linalg.yield %10 : i1
    } -> tensor<8x16xi1>
    %4 = tensor.empty() : tensor<8x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<8x16xi1>) outs(%4 : tensor<8x16xf32>) {
    ^bb0(%in: i1, %out: f32):
      %10 = arith.uitofp %in : i1 to f32
      linalg.yield %10 : f32
    } -> tensor<8x16xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%0 : tensor<8x16xi1>) {
    ^bb0(%in: f32, %in_1: f32, %out: i1):
      %10 = arith.cmpf ole, %in, %in_1 : f32
      linalg.yield %10 : i1
    } -> tensor<8x16xi1>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<8x16xi1>) outs(%4 : tensor<8x16xf32>) {
    ^bb0(%in: i1, %out: f32):
      %10 = arith.uitofp %in : i1 to f32
      linalg.yield %10 : f32
    } -> tensor<8x16xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<8x16xf32>) outs(%4 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.mulf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<8x16xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %8 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%4 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.addf %in, %in_1 : f32
      linalg.yield %10 : f32
    } -> tensor<8x16xf32>
    return %9 : tensor<8x16xf32>
  }
}
