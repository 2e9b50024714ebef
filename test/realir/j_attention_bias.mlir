#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @j_attention_bias(%arg0: tensor<1x2x8x16xf32>, %arg1: tensor<1x2x8x16xf32>, %arg2: tensor<1x2x8x16xf32>, %arg3: tensor<1x1x8x8xf32>) -> tensor<1x2x8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.250000e-01 : f32
    %0 = tensor.empty() : tensor<1x2x16x8xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<1x2x8x16xf32>) outs(%0 : tensor<1x2x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<1x2x8x16xf32> into tensor<2x8x16xf32>
    %collapsed_2 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x2x16x8xf32> into tensor<2x16x8xf32>
    %1 = tensor.empty() : tensor<2x8x8xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %3 = linalg.batch_matmul ins(%collapsed, %collapsed_2 : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2], [3]] output_shape [1, 2, 8, 8] : tensor<2x8x8xf32> into tensor<1x2x8x8xf32>
    %4 = tensor.empty() : tensor<1x2x8x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x2x8x8xf32>) outs(%4 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.mulf %in, %cst_1 : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x8xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %arg3 : tensor<1x2x8x8xf32>, tensor<1x1x8x8xf32>) outs(%4 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %21 = arith.addf %in, %in_7 : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x8xf32>
    %7 = tensor.empty() : tensor<1x2x8xi64>
    %8 = linalg.fill ins(%c0_i64 : i64) outs(%7 : tensor<1x2x8xi64>) -> tensor<1x2x8xi64>
    %9 = tensor.empty() : tensor<1x2x8xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
    %11:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%6 : tensor<1x2x8x8xf32>) outs(%10, %8 : tensor<1x2x8xf32>, tensor<1x2x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_7: i64):
      %21 = linalg.index 3 : index
      %22 = arith.index_cast %21 : index to i64
      %23 = arith.maximumf %in, %out : f32
      %24 = arith.cmpf ogt, %in, %out : f32
      %25 = arith.select %24, %22, %out_7 : i64
      linalg.yield %23, %25 : f32, i64
    } -> (tensor<1x2x8xf32>, tensor<1x2x8xi64>)
    %expanded_3 = tensor.expand_shape %11#0 [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_3 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%4 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %21 = arith.subf %in, %in_7 : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<1x2x8x8xf32>) outs(%4 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.exp %in : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x8xf32>
    %14 = tensor.empty() : tensor<1x2x8x1xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<1x2x8x1xf32>) -> tensor<1x2x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%13 : tensor<1x2x8x8xf32>) outs(%15 : tensor<1x2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.addf %in, %out : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %16 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%4 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %21 = arith.divf %in, %in_7 : f32
      linalg.yield %21 : f32
    } -> tensor<1x2x8x8xf32>
    %collapsed_4 = tensor.collapse_shape %17 [[0, 1], [2], [3]] : tensor<1x2x8x8xf32> into tensor<2x8x8xf32>
    %collapsed_5 = tensor.collapse_shape %arg2 [[0, 1], [2], [3]] : tensor<1x2x8x16xf32> into tensor<2x8x16xf32>
    %18 = tensor.empty() : tensor<2x8x16xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %20 = linalg.batch_matmul ins(%collapsed_4, %collapsed_5 : tensor<2x8x8xf32>, tensor<2x8x16xf32>) outs(%19 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %expanded_6 = tensor.expand_shape %20 [[0, 1], [2], [3]] output_shape [1, 2, 8, 16] : tensor<2x8x16xf32> into tensor<1x2x8x16xf32>
    return %expanded_6 : tensor<1x2x8x16xf32>
  }
}
