#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @j_linear_f16_bias(%arg0: tensor<16x128xf16>, %arg1: tensor<64x128xf16>, %arg2: tensor<64xf16>) -> tensor<16x64xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f16
    %cst_1 = arith.constant 2.000000e+00 : f16
    %cst_2 = arith.constant 5.000000e-01 : f16
    %0 = tensor.empty() : tensor<128x64xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x128xf16>) outs(%0 : tensor<128x64xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %15 = arith.extf %in : f16 to f32
      linalg.yield %15 : f32
    } -> tensor<64xf32>
    %3 = tensor.empty() : tensor<16x128xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x128xf16>) outs(%3 : tensor<16x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %15 = arith.extf %in : f16 to f32
      linalg.yield %15 : f32
    } -> tensor<16x128xf32>
    %5 = tensor.empty() : tensor<128x64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<128x64xf16>) outs(%5 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %15 = arith.extf %in : f16 to f32
      linalg.yield %15 : f32
    } -> tensor<128x64xf32>
    %7 = tensor.empty() : tensor<16x64xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<16x128xf32>, tensor<128x64xf32>) outs(%8 : tensor<16x64xf32>) -> tensor<16x64xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<64xf32>) outs(%7 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<16x64xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%7 : tensor<16x64xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %15 = arith.addf %in, %in_3 : f32
      linalg.yield %15 : f32
    } -> tensor<16x64xf32>
    %12 = tensor.empty() : tensor<16x64xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<16x64xf32>) outs(%12 : tensor<16x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %15 = arith.truncf %in : f32 to f16
      linalg.yield %15 : f16
    } -> tensor<16x64xf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x64xf16>) outs(%12 : tensor<16x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %15 = math.sqrt %cst_1 : f16
      %16 = arith.divf %in, %15 : f16
      %17 = math.erf %16 : f16
      %18 = arith.addf %17, %cst_0 : f16
      %19 = arith.mulf %18, %cst_2 : f16
      %20 = arith.mulf %in, %19 : f16
      linalg.yield %20 : f16
    } -> tensor<16x64xf16>
    return %14 : tensor<16x64xf16>
  }
}
