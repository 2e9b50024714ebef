module {
  func.func @f_linear_f32(%arg0: tensor<128x512xf32>, %arg1: tensor<256x512xf32>) -> tensor<128x256xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<512x256xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<256x512xf32>) outs(%0 : tensor<512x256xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<128x256xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<128x512xf32>, tensor<512x256xf32>) outs(%2 : tensor<128x256xf32>) -> tensor<128x256xf32>
    return %3 : tensor<128x256xf32>
  }
}
