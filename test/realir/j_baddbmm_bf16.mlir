#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @j_baddbmm_bf16(%arg0: tensor<2x16x24xbf16>, %arg1: tensor<2x16x32xbf16>, %arg2: tensor<2x32x24xbf16>) -> tensor<2x16x24xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<2x16x24xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16x24xbf16>) outs(%0 : tensor<2x16x24xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %12 = arith.extf %in : bf16 to f32
      linalg.yield %12 : f32
    } -> tensor<2x16x24xf32>
    %2 = tensor.empty() : tensor<2x16x32xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x16x32xbf16>) outs(%2 : tensor<2x16x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %12 = arith.extf %in : bf16 to f32
      linalg.yield %12 : f32
    } -> tensor<2x16x32xf32>
    %4 = tensor.empty() : tensor<2x32x24xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg2 : tensor<2x32x24xbf16>) outs(%4 : tensor<2x32x24xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %12 = arith.extf %in : bf16 to f32
      linalg.yield %12 : f32
    } -> tensor<2x32x24xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x16x24xf32>) -> tensor<2x16x24xf32>
    %7 = linalg.batch_matmul ins(%3, %5 : tensor<2x16x32xf32>, tensor<2x32x24xf32>) outs(%6 : tensor<2x16x24xf32>) -> tensor<2x16x24xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x16x24xf32>) outs(%0 : tensor<2x16x24xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.mulf %in, %cst_0 : f32
      linalg.yield %12 : f32
    } -> tensor<2x16x24xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %7 : tensor<2x16x24xf32>, tensor<2x16x24xf32>) outs(%0 : tensor<2x16x24xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %12 = arith.addf %in, %in_1 : f32
      linalg.yield %12 : f32
    } -> tensor<2x16x24xf32>
    %10 = tensor.empty() : tensor<2x16x24xbf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x16x24xf32>) outs(%10 : tensor<2x16x24xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %12 = arith.truncf %in : f32 to bf16
      linalg.yield %12 : bf16
    } -> tensor<2x16x24xbf16>
    return %11 : tensor<2x16x24xbf16>
  }
}
