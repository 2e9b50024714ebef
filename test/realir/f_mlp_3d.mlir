#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @f_mlp_3d(%arg0: tensor<2x16x1024xbf16>, %arg1: tensor<2816x1024xbf16>, %arg2: tensor<2816x1024xbf16>, %arg3: tensor<1024x2816xbf16>) -> tensor<2x16x1024xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<1024x2816xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<2816x1024xbf16>) outs(%0 : tensor<1024x2816xbf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x16x1024xbf16> into tensor<32x1024xbf16>
    %1 = tensor.empty() : tensor<32x2816xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<32x2816xf32>) -> tensor<32x2816xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<32x1024xbf16>, tensor<1024x2816xbf16>) outs(%2 : tensor<32x2816xf32>) -> tensor<32x2816xf32>
    %4 = tensor.empty() : tensor<32x2816xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<32x2816xf32>) outs(%4 : tensor<32x2816xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %21 = arith.truncf %in : f32 to bf16
      linalg.yield %21 : bf16
    } -> tensor<32x2816xbf16>
    %expanded = tensor.expand_shape %5 [[0, 1], [2]] output_shape [2, 16, 2816] : tensor<32x2816xbf16> into tensor<2x16x2816xbf16>
    %6 = tensor.empty() : tensor<2x16x2816xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x16x2816xbf16>) outs(%6 : tensor<2x16x2816xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %21 = arith.extf %in : bf16 to f32
      linalg.yield %21 : f32
    } -> tensor<2x16x2816xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<2x16x2816xf32>) outs(%6 : tensor<2x16x2816xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.negf %in : f32
      %22 = math.exp %21 : f32
      %23 = arith.addf %22, %cst_0 : f32
      %24 = arith.divf %cst_0, %23 : f32
      linalg.yield %24 : f32
    } -> tensor<2x16x2816xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %8 : tensor<2x16x2816xf32>, tensor<2x16x2816xf32>) outs(%6 : tensor<2x16x2816xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.mulf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<2x16x2816xf32>
    %10 = tensor.empty() : tensor<2x16x2816xbf16>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x16x2816xf32>) outs(%10 : tensor<2x16x2816xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %21 = arith.truncf %in : f32 to bf16
      linalg.yield %21 : bf16
    } -> tensor<2x16x2816xbf16>
    %transposed_1 = linalg.transpose ins(%arg2 : tensor<2816x1024xbf16>) outs(%0 : tensor<1024x2816xbf16>) permutation = [1, 0] 
    %12 = linalg.matmul ins(%collapsed, %transposed_1 : tensor<32x1024xbf16>, tensor<1024x2816xbf16>) outs(%2 : tensor<32x2816xf32>) -> tensor<32x2816xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<32x2816xf32>) outs(%4 : tensor<32x2816xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %21 = arith.truncf %in : f32 to bf16
      linalg.yield %21 : bf16
    } -> tensor<32x2816xbf16>
    %expanded_2 = tensor.expand_shape %13 [[0, 1], [2]] output_shape [2, 16, 2816] : tensor<32x2816xbf16> into tensor<2x16x2816xbf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %expanded_2 : tensor<2x16x2816xbf16>, tensor<2x16x2816xbf16>) outs(%10 : tensor<2x16x2816xbf16>) {
    ^bb0(%in: bf16, %in_6: bf16, %out: bf16):
      %21 = arith.mulf %in, %in_6 : bf16
      linalg.yield %21 : bf16
    } -> tensor<2x16x2816xbf16>
    %15 = tensor.empty() : tensor<2816x1024xbf16>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<1024x2816xbf16>) outs(%15 : tensor<2816x1024xbf16>) permutation = [1, 0] 
    %collapsed_4 = tensor.collapse_shape %14 [[0, 1], [2]] : tensor<2x16x2816xbf16> into tensor<32x2816xbf16>
    %16 = tensor.empty() : tensor<32x1024xf32>
    %17 = linalg.fill ins(%cst : f32) outs(%16 : tensor<32x1024xf32>) -> tensor<32x1024xf32>
    %18 = linalg.matmul ins(%collapsed_4, %transposed_3 : tensor<32x2816xbf16>, tensor<2816x1024xbf16>) outs(%17 : tensor<32x1024xf32>) -> tensor<32x1024xf32>
    %19 = tensor.empty() : tensor<32x1024xbf16>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<32x1024xf32>) outs(%19 : tensor<32x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %21 = arith.truncf %in : f32 to bf16
      linalg.yield %21 : bf16
    } -> tensor<32x1024xbf16>
    %expanded_5 = tensor.expand_shape %20 [[0, 1], [2]] output_shape [2, 16, 1024] : tensor<32x1024xbf16> into tensor<2x16x1024xbf16>
    return %expanded_5 : tensor<2x16x1024xbf16>
  }
}
