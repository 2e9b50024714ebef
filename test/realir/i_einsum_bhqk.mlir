module {
  func.func @i_einsum_bhqk(%arg0: tensor<1x4x16x32xf32>, %arg1: tensor<1x4x24x32xf32>) -> tensor<1x4x16x24xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1], [2], [3, 4]] output_shape [1, 4, 16, 32, 1] : tensor<1x4x16x32xf32> into tensor<1x4x16x32x1xf32>
    %expanded_0 = tensor.expand_shape %arg1 [[0], [1], [2], [3, 4]] output_shape [1, 4, 24, 32, 1] : tensor<1x4x24x32xf32> into tensor<1x4x24x32x1xf32>
    %0 = tensor.empty() : tensor<4x16x32x1x1xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<1x4x16x32x1xf32>) outs(%0 : tensor<4x16x32x1x1xf32>) permutation = [1, 2, 3, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1], [2, 3, 4]] : tensor<4x16x32x1x1xf32> into tensor<4x16x32xf32>
    %1 = tensor.empty() : tensor<4x32x1x24x1xf32>
    %transposed_1 = linalg.transpose ins(%expanded_0 : tensor<1x4x24x32x1xf32>) outs(%1 : tensor<4x32x1x24x1xf32>) permutation = [1, 3, 0, 2, 4] 
    %collapsed_2 = tensor.collapse_shape %transposed_1 [[0], [1], [2, 3, 4]] : tensor<4x32x1x24x1xf32> into tensor<4x32x24xf32>
    %2 = tensor.empty() : tensor<4x16x24xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4x16x24xf32>) -> tensor<4x16x24xf32>
    %4 = linalg.batch_matmul ins(%collapsed, %collapsed_2 : tensor<4x16x32xf32>, tensor<4x32x24xf32>) outs(%3 : tensor<4x16x24xf32>) -> tensor<4x16x24xf32>
    %expanded_3 = tensor.expand_shape %4 [[0], [1], [2, 3, 4]] output_shape [4, 16, 1, 1, 24] : tensor<4x16x24xf32> into tensor<4x16x1x1x24xf32>
    %5 = tensor.empty() : tensor<1x4x16x24x1xf32>
    %transposed_4 = linalg.transpose ins(%expanded_3 : tensor<4x16x1x1x24xf32>) outs(%5 : tensor<1x4x16x24x1xf32>) permutation = [3, 0, 1, 4, 2] 
    %collapsed_5 = tensor.collapse_shape %transposed_4 [[0], [1], [2], [3, 4]] : tensor<1x4x16x24x1xf32> into tensor<1x4x16x24xf32>
    return %collapsed_5 : tensor<1x4x16x24xf32>
  }
}
