#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @i_bf16_rmsnorm(%arg0: tensor<4x256xbf16>, %arg1: tensor<256xbf16>) -> tensor<4x256xbf16> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : bf16
    %cst_0 = arith.constant 9.9999999999999995E-7 : f64
    %cst_1 = arith.constant 2.560000e+02 : bf16
    %0 = tensor.empty() : tensor<4x256xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x256xbf16>) outs(%0 : tensor<4x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %10 = math.fpowi %in, %c2_i64 : bf16, i64
      linalg.yield %10 : bf16
    } -> tensor<4x256xbf16>
    %2 = tensor.empty() : tensor<4x1xbf16>
    %3 = linalg.fill ins(%cst : bf16) outs(%2 : tensor<4x1xbf16>) -> tensor<4x1xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x256xbf16>) outs(%3 : tensor<4x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %10 = arith.addf %in, %out : bf16
      linalg.yield %10 : bf16
    } -> tensor<4x1xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x1xbf16>) outs(%2 : tensor<4x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %10 = arith.divf %in, %cst_1 : bf16
      linalg.yield %10 : bf16
    } -> tensor<4x1xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x1xbf16>) outs(%2 : tensor<4x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %10 = arith.truncf %cst_0 : f64 to bf16
      %11 = arith.addf %in, %10 : bf16
      linalg.yield %11 : bf16
    } -> tensor<4x1xbf16>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4x1xbf16>) outs(%2 : tensor<4x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %10 = math.rsqrt %in : bf16
      linalg.yield %10 : bf16
    } -> tensor<4x1xbf16>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %7 : tensor<4x256xbf16>, tensor<4x1xbf16>) outs(%0 : tensor<4x256xbf16>) {
    ^bb0(%in: bf16, %in_2: bf16, %out: bf16):
      %10 = arith.mulf %in, %in_2 : bf16
      linalg.yield %10 : bf16
    } -> tensor<4x256xbf16>
    %9 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %arg1 : tensor<4x256xbf16>, tensor<256xbf16>) outs(%0 : tensor<4x256xbf16>) {
    ^bb0(%in: bf16, %in_2: bf16, %out: bf16):
      %10 = arith.mulf %in, %in_2 : bf16
      linalg.yield %10 : bf16
    } -> tensor<4x256xbf16>
    return %9 : tensor<4x256xbf16>
  }
}
