module {
  func.func @i_matmul_4d(%arg0: tensor<2x4x16x32xf32>, %arg1: tensor<2x4x32x8xf32>) -> tensor<2x4x16x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x4x16x32xf32> into tensor<8x16x32xf32>
    %collapsed_0 = tensor.collapse_shape %arg1 [[0, 1], [2], [3]] : tensor<2x4x32x8xf32> into tensor<8x32x8xf32>
    %0 = tensor.empty() : tensor<8x16x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x16x8xf32>) -> tensor<8x16x8xf32>
    %2 = linalg.batch_matmul ins(%collapsed, %collapsed_0 : tensor<8x16x32xf32>, tensor<8x32x8xf32>) outs(%1 : tensor<8x16x8xf32>) -> tensor<8x16x8xf32>
    %expanded = tensor.expand_shape %2 [[0, 1], [2], [3]] output_shape [2, 4, 16, 8] : tensor<8x16x8xf32> into tensor<2x4x16x8xf32>
    return %expanded : tensor<2x4x16x8xf32>
  }
}
