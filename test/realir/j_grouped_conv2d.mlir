module {
  func.func @j_grouped_conv2d(%arg0: tensor<1x4x6x6xf32>, %arg1: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
    %0 = tensor.empty() : tensor<1x4x6x6xf32>
    %expanded = tensor.expand_shape %padded [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 8, 8] : tensor<1x4x8x8xf32> into tensor<1x2x2x8x8xf32>
    %expanded_0 = tensor.expand_shape %arg1 [[0, 1], [2], [3], [4]] output_shape [2, 2, 2, 3, 3] : tensor<4x2x3x3xf32> into tensor<2x2x2x3x3xf32>
    %expanded_1 = tensor.expand_shape %0 [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : tensor<1x4x6x6xf32> into tensor<1x2x2x6x6xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%expanded_1 : tensor<1x2x2x6x6xf32>) -> tensor<1x2x2x6x6xf32>
    %2 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %expanded_0 : tensor<1x2x2x8x8xf32>, tensor<2x2x2x3x3xf32>) outs(%1 : tensor<1x2x2x6x6xf32>) -> tensor<1x2x2x6x6xf32>
    %collapsed = tensor.collapse_shape %2 [[0], [1, 2], [3], [4]] : tensor<1x2x2x6x6xf32> into tensor<1x4x6x6xf32>
    return %collapsed : tensor<1x4x6x6xf32>
  }
}
