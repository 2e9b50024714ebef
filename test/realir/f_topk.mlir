#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f_topk(%arg0: tensor<4x1000xf32>) -> tensor<4x4xi64> {
    %0 = tensor.empty() : tensor<4x1000xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x1000xi64>) {
    ^bb0(%out: i64):
      %3 = linalg.index 1 : index
      %4 = arith.index_cast %3 : index to i64
      linalg.yield %4 : i64
    } -> tensor<4x1000xi64>
    %2:2 = tm_tensor.sort dimension(1) outs(%arg0, %1 : tensor<4x1000xf32>, tensor<4x1000xi64>) {
    ^bb0(%arg1: f32, %arg2: f32, %arg3: i64, %arg4: i64):
      %3 = arith.cmpf oge, %arg1, %arg2 : f32
      tm_tensor.yield %3 : i1
    } -> tensor<4x1000xf32>, tensor<4x1000xi64>
    %extracted_slice = tensor.extract_slice %2#1[0, 0] [4, 4] [1, 1] : tensor<4x1000xi64> to tensor<4x4xi64>
    return %extracted_slice : tensor<4x4xi64>
  }
}
