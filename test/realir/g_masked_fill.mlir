#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @g_masked_fill(%arg0: tensor<4x64xf32>, %arg1: tensor<4x64xi1>) -> tensor<4x64xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense<0xFF800000> : tensor<f32>
    %0 = tensor.empty() : tensor<4x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %cst_1, %arg0 : tensor<4x64xi1>, tensor<f32>, tensor<4x64xf32>) outs(%0 : tensor<4x64xf32>) {
    ^bb0(%in: i1, %in_2: f32, %in_3: f32, %out: f32):
      %13 = arith.select %in, %in_2, %in_3 : f32
      linalg.yield %13 : f32
    } -> tensor<4x64xf32>
    %2 = tensor.empty() : tensor<4xi64>
    %3 = linalg.fill ins(%c0_i64 : i64) outs(%2 : tensor<4xi64>) -> tensor<4xi64>
    %4 = tensor.empty() : tensor<4xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<4xf32>) -> tensor<4xf32>
    %6:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x64xf32>) outs(%5, %3 : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %13 = linalg.index 1 : index
      %14 = arith.index_cast %13 : index to i64
      %15 = arith.maximumf %in, %out : f32
      %16 = arith.cmpf ogt, %in, %out : f32
      %17 = arith.select %16, %14, %out_2 : i64
      linalg.yield %15, %17 : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    %expanded = tensor.expand_shape %6#0 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %expanded : tensor<4x64xf32>, tensor<4x1xf32>) outs(%0 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.subf %in, %in_2 : f32
      linalg.yield %13 : f32
    } -> tensor<4x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x64xf32>) outs(%0 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.exp %in : f32
      linalg.yield %13 : f32
    } -> tensor<4x64xf32>
    %9 = tensor.empty() : tensor<4x1xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%8 : tensor<4x64xf32>) outs(%10 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    } -> tensor<4x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %11 : tensor<4x64xf32>, tensor<4x1xf32>) outs(%0 : tensor<4x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.divf %in, %in_2 : f32
      linalg.yield %13 : f32
    } -> tensor<4x64xf32>
    return %12 : tensor<4x64xf32>
  }
}
