#map = affine_map<(d0) -> (d0)>
module {
  func.func @i_pow_rsqrt(%arg0: tensor<256xf32>) -> tensor<256xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 1.500000e+00 : f32
    %cst_1 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.absf %in : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %cst : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.powf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.rsqrt %in : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%3, %4 : tensor<256xf32>, tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.addf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.powf %cst_1, %in : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%5, %6 : tensor<256xf32>, tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.addf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.log1p %in : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%7, %8 : tensor<256xf32>, tensor<256xf32>) outs(%0 : tensor<256xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.subf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<256xf32>
    return %9 : tensor<256xf32>
  }
}
