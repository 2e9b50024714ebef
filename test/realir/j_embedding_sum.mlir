#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
module {
  func.func @j_embedding_sum(%arg0: tensor<4x6xi64>, %arg1: tensor<50x16xf32>) -> tensor<4x16xf32> {
    %c50 = arith.constant 50 : index
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x6x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x6xi64>) outs(%0 : tensor<4x6x16xf32>) {
    ^bb0(%in: i64, %out: f32):
      %5 = arith.index_cast %in : i64 to index
      %6 = linalg.index 2 : index
      %7 = arith.cmpi slt, %5, %c50 : index
      cf.assert %7, "index must be smaller than dim size"
      %8 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %8, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%5, %6] : tensor<50x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x6x16xf32>
    %2 = tensor.empty() : tensor<4x16xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction", "parallel"]} ins(%1 : tensor<4x6x16xf32>) outs(%3 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %out : f32
      linalg.yield %5 : f32
    } -> tensor<4x16xf32>
    return %4 : tensor<4x16xf32>
  }
}
