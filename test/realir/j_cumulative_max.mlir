#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0) -> ()>
module {
  func.func @j_cumulative_max(%arg0: tensor<5x9xf32>) -> tensor<9xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<9xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<9xi64>) -> tensor<9xi64>
    %2 = tensor.empty() : tensor<9xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<9xf32>) -> tensor<9xf32>
    %4:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<5x9xf32>) outs(%3, %1 : tensor<9xf32>, tensor<9xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %14 = linalg.index 0 : index
      %15 = arith.index_cast %14 : index to i64
      %16 = arith.maximumf %in, %out : f32
      %17 = arith.cmpf ogt, %in, %out : f32
      %18 = arith.select %17, %15, %out_2 : i64
      linalg.yield %16, %18 : f32, i64
    } -> (tensor<9xf32>, tensor<9xi64>)
    %5 = tensor.empty() : tensor<5xi64>
    %6 = linalg.fill ins(%c0_i64 : i64) outs(%5 : tensor<5xi64>) -> tensor<5xi64>
    %7 = tensor.empty() : tensor<5xf32>
    %8 = linalg.fill ins(%cst_0 : f32) outs(%7 : tensor<5xf32>) -> tensor<5xf32>
    %9:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<5x9xf32>) outs(%8, %6 : tensor<5xf32>, tensor<5xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %14 = linalg.index 1 : index
      %15 = arith.index_cast %14 : index to i64
      %16 = arith.minimumf %in, %out : f32
      %17 = arith.cmpf olt, %in, %out : f32
      %18 = arith.select %17, %15, %out_2 : i64
      linalg.yield %16, %18 : f32, i64
    } -> (tensor<5xf32>, tensor<5xi64>)
    %10 = tensor.empty() : tensor<f32>
    %11 = linalg.fill ins(%cst_1 : f32) outs(%10 : tensor<f32>) -> tensor<f32>
    %12 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["reduction"]} ins(%9#0 : tensor<5xf32>) outs(%11 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.addf %in, %out : f32
      linalg.yield %14 : f32
    } -> tensor<f32>
    %13 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel"]} ins(%4#0, %12 : tensor<9xf32>, tensor<f32>) outs(%2 : tensor<9xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %14 = arith.subf %in, %in_2 : f32
      linalg.yield %14 : f32
    } -> tensor<9xf32>
    return %13 : tensor<9xf32>
  }
}
