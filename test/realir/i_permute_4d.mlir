#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @i_permute_4d(%arg0: tensor<2x4x16x16xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x16x4x16xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x4x16x16xf32>) outs(%0 : tensor<2x16x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1], [2, 3]] : tensor<2x16x4x16xf32> into tensor<2x16x64xf32>
    %1 = tensor.empty() : tensor<2x16x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x16x64xf32>) outs(%1 : tensor<2x16x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst : f32
      linalg.yield %3 : f32
    } -> tensor<2x16x64xf32>
    return %2 : tensor<2x16x64xf32>
  }
}
