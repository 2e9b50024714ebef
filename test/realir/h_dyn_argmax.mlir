#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @h_dyn_argmax(%arg0: tensor<?x512xbf16>, %arg1: tensor<1000x512xbf16>) -> tensor<?xi64> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<512x1000xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<1000x512xbf16>) outs(%0 : tensor<512x1000xbf16>) permutation = [1, 0] 
    %dim = tensor.dim %arg0, %c0 : tensor<?x512xbf16>
    %1 = tensor.empty(%dim) : tensor<?x1000xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<?x512xbf16>, tensor<512x1000xbf16>) outs(%2 : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    %4 = tensor.empty(%dim) : tensor<?x1000xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<?x1000xf32>) outs(%4 : tensor<?x1000xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %12 = arith.truncf %in : f32 to bf16
      linalg.yield %12 : bf16
    } -> tensor<?x1000xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<?x1000xbf16>) outs(%1 : tensor<?x1000xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %12 = arith.extf %in : bf16 to f32
      linalg.yield %12 : f32
    } -> tensor<?x1000xf32>
    %7 = tensor.empty(%dim) : tensor<?xi64>
    %8 = linalg.fill ins(%c0_i64 : i64) outs(%7 : tensor<?xi64>) -> tensor<?xi64>
    %9 = tensor.empty(%dim) : tensor<?xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<?xf32>) -> tensor<?xf32>
    %11:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<?x1000xf32>) outs(%10, %8 : tensor<?xf32>, tensor<?xi64>) {
    ^bb0(%in: f32, %out: f32, %out_1: i64):
      %12 = linalg.index 1 : index
      %13 = arith.index_cast %12 : index to i64
      %14 = arith.maximumf %in, %out : f32
      %15 = arith.cmpf ogt, %in, %out : f32
      %16 = arith.select %15, %13, %out_1 : i64
      linalg.yield %14, %16 : f32, i64
    } -> (tensor<?xf32>, tensor<?xi64>)
    return %11#1 : tensor<?xi64>
  }
}
