// The functions the stress tests launch (a `RUN` in the tests compiles
// them): a matmul on a ukernel with a fused bias, an argmax on a ukernel,
// and default-path code with a branch (a temporary) and a reduction.
module {
  func.func @linear_bias(%x: tensor<64x512xbf16>, %w: tensor<256x512xbf16>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<64x512xbf16>, tensor<256x512xbf16>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
    %o = tensor.empty() : tensor<64x256xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %b : tensor<64x256xf32>, tensor<256xf32>) outs(%o : tensor<64x256xf32>) {
    ^bb0(%v: f32, %bias: f32, %out: f32):
      %s = arith.addf %v, %bias : f32
      linalg.yield %s : f32
    } -> tensor<64x256xf32>
    return %r : tensor<64x256xf32>
  }
  func.func @argmax_rows(%x: tensor<8x32000xf32>) -> tensor<8xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %c0 = arith.constant 0 : i64
    %ve = tensor.empty() : tensor<8xf32>
    %ie = tensor.empty() : tensor<8xi64>
    %vf = linalg.fill ins(%ninf : f32) outs(%ve : tensor<8xf32>) -> tensor<8xf32>
    %if = linalg.fill ins(%c0 : i64) outs(%ie : tensor<8xi64>) -> tensor<8xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x32000xf32>) outs(%vf, %if : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%v: f32, %best: f32, %at: i64):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i64
      %nv = arith.maximumf %v, %best : f32
      %gt = arith.cmpf ogt, %v, %best : f32
      %ni = arith.select %gt, %ji, %at : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @negate_if(%x: tensor<512xf32>, %flag: i1) -> tensor<512xf32> {
    %r = scf.if %flag -> tensor<512xf32> {
      %e = tensor.empty() : tensor<512xf32>
      %n = linalg.negf ins(%x : tensor<512xf32>) outs(%e : tensor<512xf32>) -> tensor<512xf32>
      scf.yield %n : tensor<512xf32>
    } else {
      scf.yield %x : tensor<512xf32>
    }
    return %r : tensor<512xf32>
  }
}
