#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_one_hot(%arg0: tensor<16xi64>) -> tensor<16x10xf32> {
    %0 = tensor.empty() : tensor<10xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<10xi64>) {
    ^bb0(%out: i64):
      %8 = linalg.index 0 : index
      %9 = arith.index_cast %8 : index to i64
      linalg.yield %9 : i64
    } -> tensor<10xi64>
    %expanded = tensor.expand_shape %arg0 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %2 = tensor.empty() : tensor<16x10xi1>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %1 : tensor<16x1xi64>, tensor<10xi64>) outs(%2 : tensor<16x10xi1>) {
    ^bb0(%in: i64, %in_0: i64, %out: i1):
      %8 = arith.cmpi eq, %in, %in_0 : i64
      linalg.yield %8 : i1
    } -> tensor<16x10xi1>
    %4 = tensor.empty() : tensor<16x10xi64>
    %5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x10xi1>) outs(%4 : tensor<16x10xi64>) {
    ^bb0(%in: i1, %out: i64):
      %8 = arith.extui %in : i1 to i64
      linalg.yield %8 : i64
    } -> tensor<16x10xi64>
    %6 = tensor.empty() : tensor<16x10xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x10xi64>) outs(%6 : tensor<16x10xf32>) {
    ^bb0(%in: i64, %out: f32):
      %8 = arith.sitofp %in : i64 to f32
      linalg.yield %8 : f32
    } -> tensor<16x10xf32>
    return %7 : tensor<16x10xf32>
  }
}
