#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @f_embedding(%arg0: tensor<2x16xi64>, %arg1: tensor<32000x512xbf16>) -> tensor<2x16x512xbf16> {
    %c32000 = arith.constant 32000 : index
    %c0_i64 = arith.constant 0 : i64
    %0 = tensor.empty() : tensor<2x16x512xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x16xi64>) outs(%0 : tensor<2x16x512xbf16>) {
    ^bb0(%in: i64, %out: bf16):
      %2 = arith.index_cast %in : i64 to index
      %3 = linalg.index 2 : index
      %4 = arith.cmpi slt, %2, %c32000 : index
      cf.assert %4, "index must be smaller than dim size"
      %5 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %5, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%2, %3] : tensor<32000x512xbf16>
      linalg.yield %extracted : bf16
    } -> tensor<2x16x512xbf16>
    return %1 : tensor<2x16x512xbf16>
  }
}
