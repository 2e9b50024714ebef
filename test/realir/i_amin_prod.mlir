#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @i_amin_prod(%arg0: tensor<16x8xf32>) -> (tensor<8xf32>, tensor<16xf32>) {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0x7F800000 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<8xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<8xi64>) -> tensor<8xi64>
    %2 = tensor.empty() : tensor<8xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8xf32>) -> tensor<8xf32>
    %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<16x8xf32>) outs(%3, %1 : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_1: i64):
      %8 = linalg.index 0 : index
      %9 = arith.index_cast %8 : index to i64
      %10 = arith.minimumf %in, %out : f32
      %11 = arith.cmpf olt, %in, %out : f32
      %12 = arith.select %11, %9, %out_1 : i64
      linalg.yield %10, %12 : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    %5 = tensor.empty() : tensor<16xf32>
    %6 = linalg.fill ins(%cst_0 : f32) outs(%5 : tensor<16xf32>) -> tensor<16xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x8xf32>) outs(%6 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.mulf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<16xf32>
    return %4#0, %7 : tensor<8xf32>, tensor<16xf32>
  }
}
