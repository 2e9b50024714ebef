#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @f_softcap_argmax(%arg0: tensor<4x2048xbf16>, %arg1: tensor<32000x2048xbf16>) -> tensor<4xi64> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 3.000000e+01 : f32
    %0 = tensor.empty() : tensor<2048x32000xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<32000x2048xbf16>) outs(%0 : tensor<2048x32000xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x32000xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x32000xf32>) -> tensor<4x32000xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x2048xbf16>, tensor<2048x32000xbf16>) outs(%2 : tensor<4x32000xf32>) -> tensor<4x32000xf32>
    %4 = tensor.empty() : tensor<4x32000xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x32000xf32>) outs(%4 : tensor<4x32000xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %15 = arith.truncf %in : f32 to bf16
      linalg.yield %15 : bf16
    } -> tensor<4x32000xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x32000xbf16>) outs(%1 : tensor<4x32000xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %15 = arith.extf %in : bf16 to f32
      linalg.yield %15 : f32
    } -> tensor<4x32000xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4x32000xf32>) outs(%1 : tensor<4x32000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.divf %in, %cst_1 : f32
      linalg.yield %15 : f32
    } -> tensor<4x32000xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x32000xf32>) outs(%1 : tensor<4x32000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.tanh %in : f32
      linalg.yield %15 : f32
    } -> tensor<4x32000xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x32000xf32>) outs(%1 : tensor<4x32000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.mulf %in, %cst_1 : f32
      linalg.yield %15 : f32
    } -> tensor<4x32000xf32>
    %10 = tensor.empty() : tensor<4xi64>
    %11 = linalg.fill ins(%c0_i64 : i64) outs(%10 : tensor<4xi64>) -> tensor<4xi64>
    %12 = tensor.empty() : tensor<4xf32>
    %13 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<4xf32>) -> tensor<4xf32>
    %14:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%9 : tensor<4x32000xf32>) outs(%13, %11 : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %15 = linalg.index 1 : index
      %16 = arith.index_cast %15 : index to i64
      %17 = arith.maximumf %in, %out : f32
      %18 = arith.cmpf ogt, %in, %out : f32
      %19 = arith.select %18, %16, %out_2 : i64
      linalg.yield %17, %19 : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %14#1 : tensor<4xi64>
  }
}
