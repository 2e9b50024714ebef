module {
  func.func @g_conv1d_dw(%arg0: tensor<2x16x64xf32>, %arg1: tensor<16x1x3xf32>) -> tensor<2x16x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 16, 64, 1] : tensor<2x16x64xf32> into tensor<2x16x64x1xf32>
    %expanded_0 = tensor.expand_shape %arg1 [[0], [1], [2, 3]] output_shape [16, 1, 3, 1] : tensor<16x1x3xf32> into tensor<16x1x3x1xf32>
    %padded = tensor.pad %expanded low[0, 0, 1, 0] high[0, 0, 1, 0] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<2x16x64x1xf32> to tensor<2x16x66x1xf32>
    %0 = tensor.empty() : tensor<2x16x64x1xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x16x64x1xf32>) -> tensor<2x16x64x1xf32>
    %collapsed = tensor.collapse_shape %expanded_0 [[0, 1], [2], [3]] : tensor<16x1x3x1xf32> into tensor<16x3x1xf32>
    %2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<2x16x66x1xf32>, tensor<16x3x1xf32>) outs(%1 : tensor<2x16x64x1xf32>) -> tensor<2x16x64x1xf32>
    %collapsed_1 = tensor.collapse_shape %2 [[0], [1], [2, 3]] : tensor<2x16x64x1xf32> into tensor<2x16x64xf32>
    return %collapsed_1 : tensor<2x16x64xf32>
  }
}
