// A read through (k, m) (torch's x.t() @ w) against the same matmul with A
// stored M x K, 4096^3 bf16: the first is a transposed copy of A (default
// path) and the wgmma ukernel, the second the ukernel alone.
#km = affine_map<(m, n, k) -> (k, m)>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
module {
  func.func @a_transposed_4096(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul indexing_maps = [#km, #kn, #mn] ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }
  func.func @a_rows_4096(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul indexing_maps = [#mk, #kn, #mn] ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }
}
