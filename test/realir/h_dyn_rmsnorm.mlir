#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @h_dyn_rmsnorm(%arg0: tensor<?x512xbf16>, %arg1: tensor<512xbf16>) -> tensor<?x512xbf16> {
    %c2_i64 = arith.constant 2 : i64
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e-05 : f64
    %cst_1 = arith.constant 5.120000e+02 : f32
    %dim = tensor.dim %arg0, %c0 : tensor<?x512xbf16>
    %0 = tensor.empty(%dim) : tensor<?x512xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x512xbf16>) outs(%0 : tensor<?x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %13 = arith.extf %in : bf16 to f32
      linalg.yield %13 : f32
    } -> tensor<?x512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<?x512xf32>) outs(%0 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %13 : f32
    } -> tensor<?x512xf32>
    %3 = tensor.empty(%dim) : tensor<?x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<?x1xf32>) -> tensor<?x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<?x512xf32>) outs(%4 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    } -> tensor<?x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    } -> tensor<?x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.truncf %cst_0 : f64 to f32
      %14 = arith.addf %in, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<?x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<?x1xf32>) outs(%3 : tensor<?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.rsqrt %in : f32
      linalg.yield %13 : f32
    } -> tensor<?x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %8 : tensor<?x512xf32>, tensor<?x1xf32>) outs(%0 : tensor<?x512xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.mulf %in, %in_2 : f32
      linalg.yield %13 : f32
    } -> tensor<?x512xf32>
    %10 = tensor.empty(%dim) : tensor<?x512xbf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<?x512xf32>) outs(%10 : tensor<?x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %13 = arith.truncf %in : f32 to bf16
      linalg.yield %13 : bf16
    } -> tensor<?x512xbf16>
    %12 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %11 : tensor<512xbf16>, tensor<?x512xbf16>) outs(%10 : tensor<?x512xbf16>) {
    ^bb0(%in: bf16, %in_2: bf16, %out: bf16):
      %13 = arith.mulf %in, %in_2 : bf16
      linalg.yield %13 : bf16
    } -> tensor<?x512xbf16>
    return %12 : tensor<?x512xbf16>
  }
}
