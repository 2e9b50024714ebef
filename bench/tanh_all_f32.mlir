// math.tanh on f32 over 2^24 elements per call, for
// bench/exhaustive_unary.py (every f32 bit pattern in 256 calls, two
// builds compared bit for bit): as an elementwise kernel (the default
// lowering), and as the producer of an argmax over rows of one element,
// whose values are the producer's results (the argmax ukernel's load
// function, inlined into its loop).
module {
  func.func @tanh_f32_16m(%a: tensor<16777216xf32>) -> tensor<16777216xf32> {
    %e = tensor.empty() : tensor<16777216xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<16777216xf32>) outs(%e : tensor<16777216xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = math.tanh %x : f32
      linalg.yield %y : f32
    } -> tensor<16777216xf32>
    return %r : tensor<16777216xf32>
  }
  func.func @tanh_argmax_rows_of_one_16m(%x: tensor<16777216x1xf32>) -> (tensor<16777216xf32>, tensor<16777216xi64>) {
    %pe = tensor.empty() : tensor<16777216x1xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<16777216x1xf32>) outs(%pe : tensor<16777216x1xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<16777216x1xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<16777216xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<16777216xi64>) -> tensor<16777216xi64>
    %ev = tensor.empty() : tensor<16777216xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<16777216xf32>) -> tensor<16777216xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<16777216x1xf32>) outs(%fv, %fi : tensor<16777216xf32>, tensor<16777216xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<16777216xf32>, tensor<16777216xi64>)
    return %r#0, %r#1 : tensor<16777216xf32>, tensor<16777216xi64>
  }
}
