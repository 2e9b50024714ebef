module {
  func.func @j_maxpool1d(%arg0: tensor<2x4x17xf32>) -> tensor<2x4x9xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %expanded = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 4, 1, 17] : tensor<2x4x17xf32> into tensor<2x4x1x17xf32>
    %padded = tensor.pad %expanded low[0, 0, 0, 1] high[0, 0, 0, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x4x1x17xf32> to tensor<2x4x1x19xf32>
    %0 = tensor.empty() : tensor<2x4x1x9xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x4x1x9xf32>) -> tensor<2x4x1x9xf32>
    %2 = tensor.empty() : tensor<1x3xf32>
    %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<[1, 2]> : vector<2xi64>} ins(%padded, %2 : tensor<2x4x1x19xf32>, tensor<1x3xf32>) outs(%1 : tensor<2x4x1x9xf32>) -> tensor<2x4x1x9xf32>
    %collapsed = tensor.collapse_shape %3 [[0], [1, 2], [3]] : tensor<2x4x1x9xf32> into tensor<2x4x9xf32>
    return %collapsed : tensor<2x4x9xf32>
  }
}
