#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @g_flip_roll(%arg0: tensor<4x32xf32>) -> tensor<4x32xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c31 = arith.constant 31 : index
    %0 = tensor.empty() : tensor<4x32xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x32xf32>) -> tensor<4x32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x32xf32>) outs(%1 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = linalg.index 0 : index
      %5 = linalg.index 1 : index
      %6 = arith.subi %c31, %5 : index
      %extracted = tensor.extract %arg0[%4, %6] : tensor<4x32xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x32xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 29] [4, 3] [1, 1] : tensor<4x32xf32> to tensor<4x3xf32>
    %cast = tensor.cast %extracted_slice : tensor<4x3xf32> to tensor<4x?xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 0] [4, 29] [1, 1] : tensor<4x32xf32> to tensor<4x29xf32>
    %cast_1 = tensor.cast %extracted_slice_0 : tensor<4x29xf32> to tensor<4x?xf32>
    %concat = tensor.concat dim(1) %cast, %cast_1 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x32xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %concat : tensor<4x32xf32>, tensor<4x32xf32>) outs(%0 : tensor<4x32xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %4 = arith.addf %in, %in_2 : f32
      linalg.yield %4 : f32
    } -> tensor<4x32xf32>
    return %3 : tensor<4x32xf32>
  }
}
