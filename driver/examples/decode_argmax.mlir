// LLM decoding: after the last layer, pick the next token of each sequence in
// the batch (greedy sampling) as the argmax over the vocabulary (128256 for
// Llama 3). One dispatch per batch shape and dtype.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @next_token_f32_b1(%logits: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %idx = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %val = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%logits : tensor<1x128256xf32>) outs(%val, %idx : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%in: f32, %out: f32, %out_i: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %in, %out : f32
      %p = arith.cmpf ogt, %in, %out : f32
      %s = arith.select %p, %ii, %out_i : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }

  func.func @next_token_bf16_b8(%logits: tensor<8x128256xbf16>) -> tensor<8xi32> {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi32>
    %idx = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xbf16>
    %val = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%logits : tensor<8x128256xbf16>) outs(%val, %idx : tensor<8xbf16>, tensor<8xi32>) {
    ^bb0(%in: bf16, %out: bf16, %out_i: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %in, %out : bf16
      %p = arith.cmpf ogt, %in, %out : bf16
      %s = arith.select %p, %ii, %out_i : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#1 : tensor<8xi32>
  }
}
