#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
module {
  func.func @f_rotary(%arg0: tensor<1x32x16x128xbf16>, %arg1: tensor<1x1x16x128xbf16>, %arg2: tensor<1x1x16x128xbf16>) -> tensor<1x32x16x128xbf16> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 32, 16, 64] [1, 1, 1, 1] : tensor<1x32x16x128xbf16> to tensor<1x32x16x64xbf16>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 0, 0, 64] [1, 32, 16, 64] [1, 1, 1, 1] : tensor<1x32x16x128xbf16> to tensor<1x32x16x64xbf16>
    %0 = tensor.empty() : tensor<1x32x16x64xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_0 : tensor<1x32x16x64xbf16>) outs(%0 : tensor<1x32x16x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %6 = arith.negf %in : bf16
      linalg.yield %6 : bf16
    } -> tensor<1x32x16x64xbf16>
    %concat = tensor.concat dim(3) %1, %extracted_slice : (tensor<1x32x16x64xbf16>, tensor<1x32x16x64xbf16>) -> tensor<1x32x16x128xbf16>
    %2 = tensor.empty() : tensor<1x32x16x128xbf16>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : tensor<1x32x16x128xbf16>, tensor<1x1x16x128xbf16>) outs(%2 : tensor<1x32x16x128xbf16>) {
    ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
      %6 = arith.mulf %in, %in_1 : bf16
      linalg.yield %6 : bf16
    } -> tensor<1x32x16x128xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %arg2 : tensor<1x32x16x128xbf16>, tensor<1x1x16x128xbf16>) outs(%2 : tensor<1x32x16x128xbf16>) {
    ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
      %6 = arith.mulf %in, %in_1 : bf16
      linalg.yield %6 : bf16
    } -> tensor<1x32x16x128xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %4 : tensor<1x32x16x128xbf16>, tensor<1x32x16x128xbf16>) outs(%2 : tensor<1x32x16x128xbf16>) {
    ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
      %6 = arith.addf %in, %in_1 : bf16
      linalg.yield %6 : bf16
    } -> tensor<1x32x16x128xbf16>
    return %5 : tensor<1x32x16x128xbf16>
  }
}
