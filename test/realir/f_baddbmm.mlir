#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @f_baddbmm(%arg0: tensor<8x64x64xf32>, %arg1: tensor<8x64x32xf32>, %arg2: tensor<8x32x64xf32>) -> tensor<8x64x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<8x64x64xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x64x64xf32>) -> tensor<8x64x64xf32>
    %2 = linalg.batch_matmul ins(%arg1, %arg2 : tensor<8x64x32xf32>, tensor<8x32x64xf32>) outs(%1 : tensor<8x64x64xf32>) -> tensor<8x64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<8x64x64xf32>) outs(%0 : tensor<8x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<8x64x64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x64x64xf32>) outs(%0 : tensor<8x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_1 : f32
      linalg.yield %6 : f32
    } -> tensor<8x64x64xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4, %3 : tensor<8x64x64xf32>, tensor<8x64x64xf32>) outs(%0 : tensor<8x64x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.addf %in, %in_2 : f32
      linalg.yield %6 : f32
    } -> tensor<8x64x64xf32>
    return %5 : tensor<8x64x64xf32>
  }
}
