#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  func.func @j_int_div_mod(%arg0: tensor<32xi32>) -> (tensor<32xi32>, tensor<32xi32>, tensor<32xi32>) {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant dense<3> : tensor<i64>
    %0 = tensor.empty() : tensor<32xi32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel"]} ins(%arg0, %cst : tensor<32xi32>, tensor<i64>) outs(%0 : tensor<32xi32>) {
    ^bb0(%in: i32, %in_0: i64, %out: i32):
      %4 = arith.trunci %in_0 : i64 to i32
      %5 = arith.sitofp %in : i32 to f64
      %6 = arith.sitofp %4 : i32 to f64
      %7 = arith.divf %5, %6 : f64
      %8 = math.floor %7 : f64
      %9 = arith.fptosi %8 : f64 to i32
      linalg.yield %9 : i32
    } -> tensor<32xi32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<32xi32>) outs(%0 : tensor<32xi32>) {
    ^bb0(%in: i32, %out: i32):
      %4 = arith.remsi %in, %c4_i32 : i32
      %5 = arith.cmpi ne, %4, %c0_i32 : i32
      %6 = arith.cmpi slt, %4, %c0_i32 : i32
      %7 = arith.andi %5, %6 : i1
      %8 = arith.addi %4, %c4_i32 : i32
      %9 = arith.select %7, %8, %4 : i32
      linalg.yield %9 : i32
    } -> tensor<32xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<32xi32>) outs(%0 : tensor<32xi32>) {
    ^bb0(%in: i32, %out: i32):
      %4 = math.absi %in : i32
      linalg.yield %4 : i32
    } -> tensor<32xi32>
    return %1, %2, %3 : tensor<32xi32>, tensor<32xi32>, tensor<32xi32>
  }
}
