#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @f_manual_attn(%arg0: tensor<2x8x64x64xbf16>, %arg1: tensor<2x8x64x64xbf16>, %arg2: tensor<2x8x64x64xbf16>) -> tensor<2x8x64x64xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 8.000000e+00 : bf16
    %0 = tensor.empty() : tensor<2x8x64x64xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<2x8x64x64xbf16>) outs(%0 : tensor<2x8x64x64xbf16>) permutation = [0, 1, 3, 2] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x8x64x64xbf16> into tensor<16x64x64xbf16>
    %collapsed_2 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<2x8x64x64xbf16> into tensor<16x64x64xbf16>
    %1 = tensor.empty() : tensor<16x64x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %3 = linalg.batch_matmul ins(%collapsed, %collapsed_2 : tensor<16x64x64xbf16>, tensor<16x64x64xbf16>) outs(%2 : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %4 = tensor.empty() : tensor<16x64x64xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<16x64x64xf32>) outs(%4 : tensor<16x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %23 = arith.truncf %in : f32 to bf16
      linalg.yield %23 : bf16
    } -> tensor<16x64x64xbf16>
    %expanded = tensor.expand_shape %5 [[0, 1], [2], [3]] output_shape [2, 8, 64, 64] : tensor<16x64x64xbf16> into tensor<2x8x64x64xbf16>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x8x64x64xbf16>) outs(%0 : tensor<2x8x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %23 = arith.divf %in, %cst_1 : bf16
      linalg.yield %23 : bf16
    } -> tensor<2x8x64x64xbf16>
    %7 = tensor.empty() : tensor<2x8x64x64xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<2x8x64x64xbf16>) outs(%7 : tensor<2x8x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %23 = arith.extf %in : bf16 to f32
      linalg.yield %23 : f32
    } -> tensor<2x8x64x64xf32>
    %9 = tensor.empty() : tensor<2x8x64xi64>
    %10 = linalg.fill ins(%c0_i64 : i64) outs(%9 : tensor<2x8x64xi64>) -> tensor<2x8x64xi64>
    %11 = tensor.empty() : tensor<2x8x64xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<2x8x64xf32>) -> tensor<2x8x64xf32>
    %13:2 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%8 : tensor<2x8x64x64xf32>) outs(%12, %10 : tensor<2x8x64xf32>, tensor<2x8x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_7: i64):
      %23 = linalg.index 3 : index
      %24 = arith.index_cast %23 : index to i64
      %25 = arith.maximumf %in, %out : f32
      %26 = arith.cmpf ogt, %in, %out : f32
      %27 = arith.select %26, %24, %out_7 : i64
      linalg.yield %25, %27 : f32, i64
    } -> (tensor<2x8x64xf32>, tensor<2x8x64xi64>)
    %expanded_3 = tensor.expand_shape %13#0 [[0], [1], [2, 3]] output_shape [2, 8, 64, 1] : tensor<2x8x64xf32> into tensor<2x8x64x1xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_3 : tensor<2x8x64x64xf32>, tensor<2x8x64x1xf32>) outs(%7 : tensor<2x8x64x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %23 = arith.subf %in, %in_7 : f32
      linalg.yield %23 : f32
    } -> tensor<2x8x64x64xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<2x8x64x64xf32>) outs(%7 : tensor<2x8x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = math.exp %in : f32
      linalg.yield %23 : f32
    } -> tensor<2x8x64x64xf32>
    %16 = tensor.empty() : tensor<2x8x64x1xf32>
    %17 = linalg.fill ins(%cst : f32) outs(%16 : tensor<2x8x64x1xf32>) -> tensor<2x8x64x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%15 : tensor<2x8x64x64xf32>) outs(%17 : tensor<2x8x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %23 = arith.addf %in, %out : f32
      linalg.yield %23 : f32
    } -> tensor<2x8x64x1xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %18 : tensor<2x8x64x64xf32>, tensor<2x8x64x1xf32>) outs(%7 : tensor<2x8x64x64xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %23 = arith.divf %in, %in_7 : f32
      linalg.yield %23 : f32
    } -> tensor<2x8x64x64xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<2x8x64x64xf32>) outs(%0 : tensor<2x8x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %23 = arith.truncf %in : f32 to bf16
      linalg.yield %23 : bf16
    } -> tensor<2x8x64x64xbf16>
    %collapsed_4 = tensor.collapse_shape %20 [[0, 1], [2], [3]] : tensor<2x8x64x64xbf16> into tensor<16x64x64xbf16>
    %collapsed_5 = tensor.collapse_shape %arg2 [[0, 1], [2], [3]] : tensor<2x8x64x64xbf16> into tensor<16x64x64xbf16>
    %21 = linalg.batch_matmul ins(%collapsed_4, %collapsed_5 : tensor<16x64x64xbf16>, tensor<16x64x64xbf16>) outs(%2 : tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<16x64x64xf32>) outs(%4 : tensor<16x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %23 = arith.truncf %in : f32 to bf16
      linalg.yield %23 : bf16
    } -> tensor<16x64x64xbf16>
    %expanded_6 = tensor.expand_shape %22 [[0, 1], [2], [3]] output_shape [2, 8, 64, 64] : tensor<16x64x64xbf16> into tensor<2x8x64x64xbf16>
    return %expanded_6 : tensor<2x8x64x64xbf16>
  }
}
