#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @f_conv2d(%arg0: tensor<2x16x32x32xbf16>, %arg1: tensor<32x16x3x3xbf16>, %arg2: tensor<32xbf16>) -> tensor<2x32x32x32xbf16> {
    %cst = arith.constant 0.000000e+00 : bf16
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg3: index, %arg4: index, %arg5: index, %arg6: index):
      tensor.yield %cst : bf16
    } : tensor<2x16x32x32xbf16> to tensor<2x16x34x34xbf16>
    %0 = tensor.empty() : tensor<2x32x32x32xf32>
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<32xbf16>) outs(%1 : tensor<32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %6 = arith.extf %in : bf16 to f32
      linalg.yield %6 : f32
    } -> tensor<32xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<32xf32>) outs(%0 : tensor<2x32x32x32xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<2x16x34x34xbf16>, tensor<32x16x3x3xbf16>) outs(%broadcasted : tensor<2x32x32x32xf32>) -> tensor<2x32x32x32xf32>
    %4 = tensor.empty() : tensor<2x32x32x32xbf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x32x32x32xf32>) outs(%4 : tensor<2x32x32x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<2x32x32x32xbf16>
    return %5 : tensor<2x32x32x32xbf16>
  }
}
