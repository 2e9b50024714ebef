#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f_gelu_tanh(%arg0: tensor<256x1024xbf16>, %arg1: tensor<4096x1024xbf16>, %arg2: tensor<4096xbf16>) -> tensor<256x4096xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_0 = arith.constant 4.467770e-02 : bf16
    %cst_1 = arith.constant 7.968750e-01 : bf16
    %cst_2 = arith.constant 1.000000e+00 : bf16
    %cst_3 = arith.constant 5.000000e-01 : bf16
    %0 = tensor.empty() : tensor<1024x4096xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<4096x1024xbf16>) outs(%0 : tensor<1024x4096xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4096xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<4096xbf16>) outs(%1 : tensor<4096xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %15 = arith.extf %in : bf16 to f32
      linalg.yield %15 : f32
    } -> tensor<4096xf32>
    %3 = tensor.empty() : tensor<256x1024xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<256x1024xbf16>) outs(%3 : tensor<256x1024xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %15 = arith.extf %in : bf16 to f32
      linalg.yield %15 : f32
    } -> tensor<256x1024xf32>
    %5 = tensor.empty() : tensor<1024x4096xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<1024x4096xbf16>) outs(%5 : tensor<1024x4096xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %15 = arith.extf %in : bf16 to f32
      linalg.yield %15 : f32
    } -> tensor<1024x4096xf32>
    %7 = tensor.empty() : tensor<256x4096xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<256x4096xf32>) -> tensor<256x4096xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<256x1024xf32>, tensor<1024x4096xf32>) outs(%8 : tensor<256x4096xf32>) -> tensor<256x4096xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4096xf32>) outs(%7 : tensor<256x4096xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x4096xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<256x4096xf32>, tensor<256x4096xf32>) outs(%7 : tensor<256x4096xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %15 = arith.addf %in, %in_4 : f32
      linalg.yield %15 : f32
    } -> tensor<256x4096xf32>
    %12 = tensor.empty() : tensor<256x4096xbf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<256x4096xf32>) outs(%12 : tensor<256x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %15 = arith.truncf %in : f32 to bf16
      linalg.yield %15 : bf16
    } -> tensor<256x4096xbf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<256x4096xbf16>) outs(%12 : tensor<256x4096xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %15 = math.fpowi %in, %c3_i64 : bf16, i64
      %16 = arith.mulf %15, %cst_0 : bf16
      %17 = arith.addf %in, %16 : bf16
      %18 = arith.mulf %17, %cst_1 : bf16
      %19 = math.tanh %18 : bf16
      %20 = arith.addf %19, %cst_2 : bf16
      %21 = arith.mulf %20, %cst_3 : bf16
      %22 = arith.mulf %in, %21 : bf16
      linalg.yield %22 : bf16
    } -> tensor<256x4096xbf16>
    return %14 : tensor<256x4096xbf16>
  }
}
