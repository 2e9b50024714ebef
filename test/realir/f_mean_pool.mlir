#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f_mean_pool(%arg0: tensor<8x512x768xbf16>) -> tensor<8x768xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.120000e+02 : f32
    %0 = tensor.empty() : tensor<8x512x768xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x512x768xbf16>) outs(%0 : tensor<8x512x768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<8x512x768xf32>
    %2 = tensor.empty() : tensor<8x768xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8x768xf32>) -> tensor<8x768xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%1 : tensor<8x512x768xf32>) outs(%3 : tensor<8x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %out : f32
      linalg.yield %6 : f32
    } -> tensor<8x768xf32>
    %5 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8x768xf32>) outs(%2 : tensor<8x768xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.divf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<8x768xf32>
    return %5 : tensor<8x768xf32>
  }
}
