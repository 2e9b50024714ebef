#map = affine_map<(d0, d1) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_index_select(%arg0: tensor<100x16xf32>, %arg1: tensor<8xi64>) -> tensor<8x16xf32> {
    %0 = tensor.empty() : tensor<8x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<8xi64>) outs(%0 : tensor<8x16xf32>) {
    ^bb0(%in: i64, %out: f32):
      %2 = arith.index_cast %in : i64 to index
      %3 = linalg.index 1 : index
      %extracted = tensor.extract %arg0[%2, %3] : tensor<100x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<8x16xf32>
    return %1 : tensor<8x16xf32>
  }
}
