#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @j_sdpa_mask(%arg0: tensor<1x2x8x16xf32>, %arg1: tensor<1x2x8x16xf32>, %arg2: tensor<1x2x8x16xf32>, %arg3: tensor<8x8xi1>) -> tensor<1x2x8x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x2x8x8xf32>
    %cst_2 = arith.constant 0xFFF0000000000000 : f64
    %cst_3 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<8x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg3, %cst_4, %cst_3 : tensor<8x8xi1>, tensor<f32>, tensor<f32>) outs(%0 : tensor<8x8xf32>) {
    ^bb0(%in: i1, %in_11: f32, %in_12: f32, %out: f32):
      %31 = arith.select %in, %in_11, %in_12 : f32
      linalg.yield %31 : f32
    } -> tensor<8x8xf32>
    %2 = tensor.empty() : tensor<1x2x8x16xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x8x16xf32>) outs(%2 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.mulf %in, %cst_5 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x16xf32>
    %4 = tensor.empty() : tensor<1x2x16x8xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<1x2x8x16xf32>) outs(%4 : tensor<1x2x16x8xf32>) permutation = [0, 1, 3, 2] 
    %5 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed : tensor<1x2x16x8xf32>) outs(%4 : tensor<1x2x16x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.mulf %in, %cst_5 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x16x8xf32>
    %collapsed = tensor.collapse_shape %3 [[0, 1], [2], [3]] : tensor<1x2x8x16xf32> into tensor<2x8x16xf32>
    %collapsed_6 = tensor.collapse_shape %5 [[0, 1], [2], [3]] : tensor<1x2x16x8xf32> into tensor<2x16x8xf32>
    %6 = tensor.empty() : tensor<2x8x8xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %8 = linalg.batch_matmul ins(%collapsed, %collapsed_6 : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%7 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %expanded = tensor.expand_shape %8 [[0, 1], [2], [3]] output_shape [1, 2, 8, 8] : tensor<2x8x8xf32> into tensor<1x2x8x8xf32>
    %9 = tensor.empty() : tensor<1x2x8x8xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded, %1 : tensor<1x2x8x8xf32>, tensor<8x8xf32>) outs(%9 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.addf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x8xf32>
    %11 = tensor.empty() : tensor<1x2x8xi64>
    %12 = linalg.fill ins(%c0_i64 : i64) outs(%11 : tensor<1x2x8xi64>) -> tensor<1x2x8xi64>
    %13 = tensor.empty() : tensor<1x2x8xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%13 : tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
    %15:2 = linalg.generic {indexing_maps = [#map2, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%10 : tensor<1x2x8x8xf32>) outs(%14, %12 : tensor<1x2x8xf32>, tensor<1x2x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_11: i64):
      %31 = linalg.index 3 : index
      %32 = arith.index_cast %31 : index to i64
      %33 = arith.maximumf %in, %out : f32
      %34 = arith.cmpf ogt, %in, %out : f32
      %35 = arith.select %34, %32, %out_11 : i64
      linalg.yield %33, %35 : f32, i64
    } -> (tensor<1x2x8xf32>, tensor<1x2x8xi64>)
    %expanded_7 = tensor.expand_shape %15#0 [[0], [1], [2, 3]] output_shape [1, 2, 8, 1] : tensor<1x2x8xf32> into tensor<1x2x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %expanded_7 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%9 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.subf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x8xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x2x8x8xf32>) outs(%9 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = math.exp %in : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x8xf32>
    %18 = tensor.empty() : tensor<1x2x8x1xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<1x2x8x1xf32>) -> tensor<1x2x8x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%17 : tensor<1x2x8x8xf32>) outs(%19 : tensor<1x2x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %31 = arith.addf %in, %out : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x1xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %20 : tensor<1x2x8x8xf32>, tensor<1x2x8x1xf32>) outs(%9 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %31 = arith.divf %in, %in_11 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x8xf32>
    %22 = tensor.empty() : tensor<1x2x8x8xi1>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<1x2x8x8xf32>) outs(%22 : tensor<1x2x8x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %31 = arith.extf %in : f32 to f64
      %32 = arith.cmpf oeq, %31, %cst_2 : f64
      linalg.yield %32 : i1
    } -> tensor<1x2x8x8xi1>
    %24 = tensor.empty() : tensor<1x2x8x1xi1>
    %25 = linalg.fill ins(%true : i1) outs(%24 : tensor<1x2x8x1xi1>) -> tensor<1x2x8x1xi1>
    %26 = linalg.generic {indexing_maps = [#map2, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%23 : tensor<1x2x8x8xi1>) outs(%25 : tensor<1x2x8x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %31 = arith.andi %in, %out : i1
      linalg.yield %31 : i1
    } -> tensor<1x2x8x1xi1>
    %27 = linalg.generic {indexing_maps = [#map5, #map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %cst_1, %21 : tensor<1x2x8x1xi1>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) outs(%9 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: i1, %in_11: f32, %in_12: f32, %out: f32):
      %31 = arith.select %in, %in_11, %in_12 : f32
      linalg.yield %31 : f32
    } -> tensor<1x2x8x8xf32>
    %collapsed_8 = tensor.collapse_shape %27 [[0, 1], [2], [3]] : tensor<1x2x8x8xf32> into tensor<2x8x8xf32>
    %collapsed_9 = tensor.collapse_shape %arg2 [[0, 1], [2], [3]] : tensor<1x2x8x16xf32> into tensor<2x8x16xf32>
    %28 = tensor.empty() : tensor<2x8x16xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %30 = linalg.batch_matmul ins(%collapsed_8, %collapsed_9 : tensor<2x8x8xf32>, tensor<2x8x16xf32>) outs(%29 : tensor<2x8x16xf32>) -> tensor<2x8x16xf32>
    %expanded_10 = tensor.expand_shape %30 [[0, 1], [2], [3]] output_shape [1, 2, 8, 16] : tensor<2x8x16xf32> into tensor<1x2x8x16xf32>
    return %expanded_10 : tensor<1x2x8x16xf32>
  }
}
