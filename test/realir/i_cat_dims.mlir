#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0) -> (0)>
module {
  func.func @i_cat_dims(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>) -> tensor<16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %0 = tensor.empty() : tensor<16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16xf32>) -> tensor<16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%concat : tensor<16x16xf32>) outs(%1 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.addf %in, %out : f32
      linalg.yield %7 : f32
    } -> tensor<16xf32>
    %concat_0 = tensor.concat dim(1) %arg0, %arg1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x32xf32>
    %3 = tensor.empty() : tensor<32xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<32xf32>) -> tensor<32xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "parallel"]} ins(%concat_0 : tensor<8x32xf32>) outs(%4 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.addf %in, %out : f32
      linalg.yield %7 : f32
    } -> tensor<32xf32>
    %extracted_slice = tensor.extract_slice %5[0] [1] [1] : tensor<32xf32> to tensor<1xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel"]} ins(%2, %extracted_slice : tensor<16xf32>, tensor<1xf32>) outs(%0 : tensor<16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %7 = arith.addf %in, %in_1 : f32
      linalg.yield %7 : f32
    } -> tensor<16xf32>
    return %6 : tensor<16xf32>
  }
}
