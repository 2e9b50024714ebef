module {
  func.func @i_pixel_shuffle(%arg0: tensor<1x16x8x8xf32>) -> tensor<1x4x16x16xf32> {
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2, 3], [4], [5]] output_shape [1, 4, 2, 2, 8, 8] : tensor<1x16x8x8xf32> into tensor<1x4x2x2x8x8xf32>
    %0 = tensor.empty() : tensor<1x4x8x2x8x2xf32>
    %transposed = linalg.transpose ins(%expanded : tensor<1x4x2x2x8x8xf32>) outs(%0 : tensor<1x4x8x2x8x2xf32>) permutation = [0, 1, 4, 2, 5, 3] 
    %collapsed = tensor.collapse_shape %transposed [[0], [1], [2, 3], [4, 5]] : tensor<1x4x8x2x8x2xf32> into tensor<1x4x16x16xf32>
    return %collapsed : tensor<1x4x16x16xf32>
  }
}
