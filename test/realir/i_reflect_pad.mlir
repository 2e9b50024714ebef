#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
#map2 = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
#map3 = affine_map<(d0, d1, d2) -> (d1, 0)>
#map4 = affine_map<(d0, d1, d2) -> (d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @i_reflect_pad(%arg0: tensor<2x4x16xf32>) -> tensor<2x4x20xf32> {
    %c-2_i64 = arith.constant -2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c16_i64 = arith.constant 16 : i64
    %c4_i64 = arith.constant 4 : i64
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant dense<15> : tensor<i64>
    %0 = tensor.empty() : tensor<20xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<20xi64>) {
    ^bb0(%out: i64):
      %12 = linalg.index 0 : index
      %13 = arith.index_cast %12 : index to i64
      %14 = arith.addi %13, %c-2_i64 : i64
      linalg.yield %14 : i64
    } -> tensor<20xi64>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<20xi64>) outs(%0 : tensor<20xi64>) {
    ^bb0(%in: i64, %out: i64):
      %12 = math.absi %in : i64
      linalg.yield %12 : i64
    } -> tensor<20xi64>
    %3 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel"]} ins(%cst, %2 : tensor<i64>, tensor<20xi64>) outs(%0 : tensor<20xi64>) {
    ^bb0(%in: i64, %in_1: i64, %out: i64):
      %12 = arith.subi %in, %in_1 : i64
      linalg.yield %12 : i64
    } -> tensor<20xi64>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<20xi64>) outs(%0 : tensor<20xi64>) {
    ^bb0(%in: i64, %out: i64):
      %12 = math.absi %in : i64
      linalg.yield %12 : i64
    } -> tensor<20xi64>
    %5 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel"]} ins(%cst, %4 : tensor<i64>, tensor<20xi64>) outs(%0 : tensor<20xi64>) {
    ^bb0(%in: i64, %in_1: i64, %out: i64):
      %12 = arith.subi %in, %in_1 : i64
      linalg.yield %12 : i64
    } -> tensor<20xi64>
    %6 = tensor.empty() : tensor<4xi64>
    %7 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%6 : tensor<4xi64>) {
    ^bb0(%out: i64):
      %12 = linalg.index 0 : index
      %13 = arith.index_cast %12 : index to i64
      linalg.yield %13 : i64
    } -> tensor<4xi64>
    %expanded = tensor.expand_shape %7 [[0, 1]] output_shape [4, 1] : tensor<4xi64> into tensor<4x1xi64>
    %8 = tensor.empty() : tensor<2xi64>
    %9 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%8 : tensor<2xi64>) {
    ^bb0(%out: i64):
      %12 = linalg.index 0 : index
      %13 = arith.index_cast %12 : index to i64
      linalg.yield %13 : i64
    } -> tensor<2xi64>
    %expanded_0 = tensor.expand_shape %9 [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xi64> into tensor<2x1x1xi64>
    %10 = tensor.empty() : tensor<2x4x20xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_0, %expanded, %5 : tensor<2x1x1xi64>, tensor<4x1xi64>, tensor<20xi64>) outs(%10 : tensor<2x4x20xf32>) {
    ^bb0(%in: i64, %in_1: i64, %in_2: i64, %out: f32):
      %12 = arith.cmpi slt, %in, %c0_i64 : i64
      %13 = arith.addi %in, %c2_i64 : i64
      %14 = arith.select %12, %13, %in : i64
      %15 = arith.index_cast %14 : i64 to index
      %16 = arith.cmpi slt, %in_1, %c0_i64 : i64
      %17 = arith.addi %in_1, %c4_i64 : i64
      %18 = arith.select %16, %17, %in_1 : i64
      %19 = arith.index_cast %18 : i64 to index
      %20 = arith.cmpi slt, %in_2, %c0_i64 : i64
      %21 = arith.addi %in_2, %c16_i64 : i64
      %22 = arith.select %20, %21, %in_2 : i64
      %23 = arith.index_cast %22 : i64 to index
      %extracted = tensor.extract %arg0[%15, %19, %23] : tensor<2x4x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x4x20xf32>
    return %11 : tensor<2x4x20xf32>
  }
}
