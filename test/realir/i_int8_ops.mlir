#map = affine_map<(d0) -> (d0)>
module {
  func.func @i_int8_ops(%arg0: tensor<64xi8>, %arg1: tensor<64xi8>) -> tensor<64xi8> {
    %c2_i32 = arith.constant 2 : i32
    %0 = tensor.empty() : tensor<64xi32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<64xi8>) outs(%0 : tensor<64xi32>) {
    ^bb0(%in: i8, %out: i32):
      %7 = arith.extsi %in : i8 to i32
      linalg.yield %7 : i32
    } -> tensor<64xi32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<64xi8>) outs(%0 : tensor<64xi32>) {
    ^bb0(%in: i8, %out: i32):
      %7 = arith.extsi %in : i8 to i32
      linalg.yield %7 : i32
    } -> tensor<64xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%1, %2 : tensor<64xi32>, tensor<64xi32>) outs(%0 : tensor<64xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %7 = arith.muli %in, %in_0 : i32
      linalg.yield %7 : i32
    } -> tensor<64xi32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<64xi32>) outs(%0 : tensor<64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %7 = arith.shrsi %in, %c2_i32 : i32
      linalg.yield %7 : i32
    } -> tensor<64xi32>
    %5 = tensor.empty() : tensor<64xi8>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<64xi32>) outs(%5 : tensor<64xi8>) {
    ^bb0(%in: i32, %out: i8):
      %7 = arith.trunci %in : i32 to i8
      linalg.yield %7 : i8
    } -> tensor<64xi8>
    return %6 : tensor<64xi8>
  }
}
