#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @i_f16_math(%arg0: tensor<4x64xf16>) -> tensor<4xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %0 = tensor.empty() : tensor<4x64xf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x64xf16>) outs(%0 : tensor<4x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %8 = math.tanh %in : f16
      linalg.yield %8 : f16
    } -> tensor<4x64xf16>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg0 : tensor<4x64xf16>, tensor<4x64xf16>) outs(%0 : tensor<4x64xf16>) {
    ^bb0(%in: f16, %in_0: f16, %out: f16):
      %8 = arith.mulf %in, %in_0 : f16
      linalg.yield %8 : f16
    } -> tensor<4x64xf16>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x64xf16>) outs(%0 : tensor<4x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %8 = math.exp %in : f16
      linalg.yield %8 : f16
    } -> tensor<4x64xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %3 : tensor<4x64xf16>, tensor<4x64xf16>) outs(%0 : tensor<4x64xf16>) {
    ^bb0(%in: f16, %in_0: f16, %out: f16):
      %8 = arith.addf %in, %in_0 : f16
      linalg.yield %8 : f16
    } -> tensor<4x64xf16>
    %5 = tensor.empty() : tensor<4xf16>
    %6 = linalg.fill ins(%cst : f16) outs(%5 : tensor<4xf16>) -> tensor<4xf16>
    %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<4x64xf16>) outs(%6 : tensor<4xf16>) {
    ^bb0(%in: f16, %out: f16):
      %8 = arith.addf %in, %out : f16
      linalg.yield %8 : f16
    } -> tensor<4xf16>
    return %7 : tensor<4xf16>
  }
}
