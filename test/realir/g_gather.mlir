#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_gather(%arg0: tensor<8x100xf32>, %arg1: tensor<8x4xi64>) -> tensor<8x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c100 = arith.constant 100 : index
    %c0_i64 = arith.constant 0 : i64
    %0 = tensor.empty() : tensor<8x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<8x4xi64>) outs(%1 : tensor<8x4xf32>) {
    ^bb0(%in: i64, %out: f32):
      %3 = linalg.index 0 : index
      %4 = arith.index_cast %in : i64 to index
      %5 = arith.cmpi slt, %4, %c100 : index
      cf.assert %5, "index must be smaller than dim size"
      %6 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %6, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%3, %4] : tensor<8x100xf32>
      linalg.yield %extracted : f32
    } -> tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}
