#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @h_dyn_linear(%arg0: tensor<?x512xbf16>, %arg1: tensor<256x512xbf16>) -> tensor<?x256xbf16> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<512x256xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<256x512xbf16>) outs(%0 : tensor<512x256xbf16>) permutation = [1, 0] 
    %dim = tensor.dim %arg0, %c0 : tensor<?x512xbf16>
    %1 = tensor.empty(%dim) : tensor<?x256xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x256xf32>) -> tensor<?x256xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<?x512xbf16>, tensor<512x256xbf16>) outs(%2 : tensor<?x256xf32>) -> tensor<?x256xf32>
    %4 = tensor.empty(%dim) : tensor<?x256xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<?x256xf32>) outs(%4 : tensor<?x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<?x256xbf16>
    return %5 : tensor<?x256xbf16>
  }
}
