#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  func.func @g_int_ops(%arg0: tensor<64xi64>, %arg1: tensor<64xi64>) -> tensor<64xi64> {
    %c0_i64 = arith.constant 0 : i64
    %c5_i64 = arith.constant 5 : i64
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant dense<3> : tensor<i64>
    %0 = tensor.empty() : tensor<64xi64>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel"]} ins(%arg0, %cst : tensor<64xi64>, tensor<i64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %in_0: i64, %out: i64):
      %5 = arith.sitofp %in : i64 to f64
      %6 = arith.sitofp %in_0 : i64 to f64
      %7 = arith.divf %5, %6 : f64
      %8 = math.floor %7 : f64
      %9 = arith.fptosi %8 : f64 to i64
      linalg.yield %9 : i64
    } -> tensor<64xi64>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %5 = arith.remsi %in, %c5_i64 : i64
      %6 = arith.cmpi ne, %5, %c0_i64 : i64
      %7 = arith.cmpi slt, %5, %c0_i64 : i64
      %8 = arith.andi %6, %7 : i1
      %9 = arith.addi %5, %c5_i64 : i64
      %10 = arith.select %8, %9, %5 : i64
      linalg.yield %10 : i64
    } -> tensor<64xi64>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%1, %2 : tensor<64xi64>, tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %in_0: i64, %out: i64):
      %5 = arith.addi %in, %in_0 : i64
      linalg.yield %5 : i64
    } -> tensor<64xi64>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %5 = arith.muli %in, %c2_i64 : i64
      linalg.yield %5 : i64
    } -> tensor<64xi64>
    return %4 : tensor<64xi64>
  }
}
