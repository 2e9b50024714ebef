module {
  func.func @g_pad(%arg0: tensor<2x8x8xf32>) -> tensor<2x15x11xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %padded = tensor.pad %arg0 low[0, 3, 1] high[0, 4, 2] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index):
      tensor.yield %cst : f32
    } : tensor<2x8x8xf32> to tensor<2x15x11xf32>
    return %padded : tensor<2x15x11xf32>
  }
}
