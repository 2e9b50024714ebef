#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @g_f16_bmm(%arg0: tensor<8x64x32xf16>, %arg1: tensor<8x32x48xf16>) -> tensor<8x64x48xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x64x48xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x64x48xf32>) -> tensor<8x64x48xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<8x64x32xf16>, tensor<8x32x48xf16>) outs(%1 : tensor<8x64x48xf32>) -> tensor<8x64x48xf32>
    %3 = tensor.empty() : tensor<8x64x48xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<8x64x48xf32>) outs(%3 : tensor<8x64x48xf16>) {
    ^bb0(%in: f32, %out: f16):
      %5 = arith.truncf %in : f32 to f16
      linalg.yield %5 : f16
    } -> tensor<8x64x48xf16>
    return %4 : tensor<8x64x48xf16>
  }
}
