// The tail of one LLM decode step (Llama 3 8B sizes): the LM head projects
// each token's hidden state (4096, bf16) onto the vocabulary (128256) with
// the N x K weight of F.linear, accumulating in f32; greedy sampling then
// picks the next token as the argmax over the logits, with torch's NaN rule
// (the NaN-aware combiner). One dispatch per op and batch size (1 and 8
// tokens).
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @lm_head_b1(%hidden: tensor<1x4096xbf16>, %weight: tensor<128256x4096xbf16>) -> tensor<1x128256xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x128256xf32>
    %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x128256xf32>) -> tensor<1x128256xf32>
    %logits = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%hidden, %weight : tensor<1x4096xbf16>, tensor<128256x4096xbf16>) outs(%c : tensor<1x128256xf32>) -> tensor<1x128256xf32>
    return %logits : tensor<1x128256xf32>
  }

  func.func @next_token_b1(%logits: tensor<1x128256xf32>) -> tensor<1xi64> {
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
      %gt = arith.cmpf ogt, %in, %out : f32
      %in_nan = arith.cmpf uno, %in, %in : f32
      %out_num = arith.cmpf ord, %out, %out : f32
      %first_nan = arith.andi %in_nan, %out_num : i1
      %p = arith.ori %gt, %first_nan : i1
      %s = arith.select %p, %ii, %out_i : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }

  func.func @lm_head_b8(%hidden: tensor<8x4096xbf16>, %weight: tensor<128256x4096xbf16>) -> tensor<8x128256xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x128256xf32>
    %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x128256xf32>) -> tensor<8x128256xf32>
    %logits = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%hidden, %weight : tensor<8x4096xbf16>, tensor<128256x4096xbf16>) outs(%c : tensor<8x128256xf32>) -> tensor<8x128256xf32>
    return %logits : tensor<8x128256xf32>
  }

  func.func @next_token_b8(%logits: tensor<8x128256xf32>) -> tensor<8xi32> {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi32>
    %idx = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xf32>
    %val = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%logits : tensor<8x128256xf32>) outs(%val, %idx : tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%in: f32, %out: f32, %out_i: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %in, %out : f32
      %gt = arith.cmpf ogt, %in, %out : f32
      %in_nan = arith.cmpf uno, %in, %in : f32
      %out_num = arith.cmpf ord, %out, %out : f32
      %first_nan = arith.andi %in_nan, %out_num : i1
      %p = arith.ori %gt, %first_nan : i1
      %s = arith.select %p, %ii, %out_i : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<8xf32>, tensor<8xi32>)
    return %r#1 : tensor<8xi32>
  }
}
