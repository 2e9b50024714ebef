#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @j_glu(%arg0: tensor<8x64xf32>) -> tensor<8x32xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [8, 32] [1, 1] : tensor<8x64xf32> to tensor<8x32xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 32] [8, 32] [1, 1] : tensor<8x64xf32> to tensor<8x32xf32>
    %0 = tensor.empty() : tensor<8x32xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_0 : tensor<8x32xf32>) outs(%0 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.negf %in : f32
      %4 = math.exp %3 : f32
      %5 = arith.addf %4, %cst : f32
      %6 = arith.divf %cst, %5 : f32
      linalg.yield %6 : f32
    } -> tensor<8x32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %1 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%0 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %3 = arith.mulf %in, %in_1 : f32
      linalg.yield %3 : f32
    } -> tensor<8x32xf32>
    return %2 : tensor<8x32xf32>
  }
}
