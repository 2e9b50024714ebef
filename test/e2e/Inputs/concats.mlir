// Concats for concat_as_a_gather_keeps_upstream_results.mlir.
func.func @three(%a: tensor<4x5x3xf32>, %b: tensor<4x5x7xf32>, %c: tensor<4x5x1xf32>) -> tensor<4x5x11xf32> {
  %r = tensor.concat dim(2) %a, %b, %c : (tensor<4x5x3xf32>, tensor<4x5x7xf32>, tensor<4x5x1xf32>) -> tensor<4x5x11xf32>
  return %r : tensor<4x5x11xf32>
}
func.func @rows_bf16(%a: tensor<2x64xbf16>, %b: tensor<6x64xbf16>) -> tensor<8x64xbf16> {
  %r = tensor.concat dim(0) %a, %b : (tensor<2x64xbf16>, tensor<6x64xbf16>) -> tensor<8x64xbf16>
  return %r : tensor<8x64xbf16>
}
func.func @five_left_alone(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<20xf32> {
  %r = tensor.concat dim(0) %a, %b, %c, %d, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<20xf32>
  return %r : tensor<20xf32>
}
func.func @then_scaled(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x64xf32> {
  %r = tensor.concat dim(1) %a, %b : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  %e = tensor.empty() : tensor<16x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<16x64xf32>
  return %s : tensor<16x64xf32>
}
