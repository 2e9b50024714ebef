#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @i_linear_bias_bf16(%arg0: tensor<8x256xbf16>, %arg1: tensor<128x256xbf16>, %arg2: tensor<128xbf16>) -> tensor<8x128xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<256x128xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x256xbf16>) outs(%0 : tensor<256x128xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<128xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<128xbf16>) outs(%1 : tensor<128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %14 = arith.extf %in : bf16 to f32
      linalg.yield %14 : f32
    } -> tensor<128xf32>
    %3 = tensor.empty() : tensor<8x256xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x256xbf16>) outs(%3 : tensor<8x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %14 = arith.extf %in : bf16 to f32
      linalg.yield %14 : f32
    } -> tensor<8x256xf32>
    %5 = tensor.empty() : tensor<256x128xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<256x128xbf16>) outs(%5 : tensor<256x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %14 = arith.extf %in : bf16 to f32
      linalg.yield %14 : f32
    } -> tensor<256x128xf32>
    %7 = tensor.empty() : tensor<8x128xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<8x256xf32>, tensor<256x128xf32>) outs(%8 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<128xf32>) outs(%7 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%7 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %14 = arith.addf %in, %in_0 : f32
      linalg.yield %14 : f32
    } -> tensor<8x128xf32>
    %12 = tensor.empty() : tensor<8x128xbf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<8x128xf32>) outs(%12 : tensor<8x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %14 = arith.truncf %in : f32 to bf16
      linalg.yield %14 : bf16
    } -> tensor<8x128xbf16>
    return %13 : tensor<8x128xbf16>
  }
}
