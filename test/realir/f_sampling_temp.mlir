#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @f_sampling_temp(%arg0: tensor<1x2048xbf16>, %arg1: tensor<32000x2048xbf16>, %arg2: tensor<f32>) -> tensor<1xi64> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<2048x32000xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<32000x2048xbf16>) outs(%0 : tensor<2048x32000xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<1x32000xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<1x32000xf32>) -> tensor<1x32000xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<1x2048xbf16>, tensor<2048x32000xbf16>) outs(%2 : tensor<1x32000xf32>) -> tensor<1x32000xf32>
    %4 = tensor.empty() : tensor<1x32000xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<1x32000xf32>) outs(%4 : tensor<1x32000xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %13 = arith.truncf %in : f32 to bf16
      linalg.yield %13 : bf16
    } -> tensor<1x32000xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1x32000xbf16>) outs(%1 : tensor<1x32000xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %13 = arith.extf %in : bf16 to f32
      linalg.yield %13 : f32
    } -> tensor<1x32000xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %arg2 : tensor<1x32000xf32>, tensor<f32>) outs(%1 : tensor<1x32000xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %13 = arith.divf %in, %in_1 : f32
      linalg.yield %13 : f32
    } -> tensor<1x32000xf32>
    %8 = tensor.empty() : tensor<1xi64>
    %9 = linalg.fill ins(%c0_i64 : i64) outs(%8 : tensor<1xi64>) -> tensor<1xi64>
    %10 = tensor.empty() : tensor<1xf32>
    %11 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1xf32>) -> tensor<1xf32>
    %12:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<1x32000xf32>) outs(%11, %9 : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%in: f32, %out: f32, %out_1: i64):
      %13 = linalg.index 1 : index
      %14 = arith.index_cast %13 : index to i64
      %15 = arith.maximumf %in, %out : f32
      %16 = arith.cmpf ogt, %in, %out : f32
      %17 = arith.select %16, %14, %out_1 : i64
      linalg.yield %15, %17 : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %12#1 : tensor<1xi64>
  }
}
