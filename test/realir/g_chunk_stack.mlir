#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @g_chunk_stack(%arg0: tensor<4x32xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [4, 8] [1, 1] : tensor<4x32xf32> to tensor<4x8xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 8] [4, 8] [1, 1] : tensor<4x32xf32> to tensor<4x8xf32>
    %extracted_slice_1 = tensor.extract_slice %arg0[0, 16] [4, 8] [1, 1] : tensor<4x32xf32> to tensor<4x8xf32>
    %extracted_slice_2 = tensor.extract_slice %arg0[0, 24] [4, 8] [1, 1] : tensor<4x32xf32> to tensor<4x8xf32>
    %concat = tensor.concat dim(0) %extracted_slice, %extracted_slice_0, %extracted_slice_1, %extracted_slice_2 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %expanded = tensor.expand_shape %concat [[0, 1], [2]] output_shape [4, 4, 8] : tensor<16x8xf32> into tensor<4x4x8xf32>
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "parallel"]} ins(%expanded : tensor<4x4x8xf32>) outs(%1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %out : f32
      linalg.yield %3 : f32
    } -> tensor<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}
