// f32 matmuls for bench/f32_matmul_bench.py: the CUDA-core ukernel against
// torch's f32 matmul (TF32 off). Written by hand; B as K x N (kn) or N x K (nk).
module {
  func.func @mm_f32_4096x4096x4096_kn(%a: tensor<4096x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }

  func.func @mm_f32_2048x4096x4096_nk(%a: tensor<2048x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<2048x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2048x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<2048x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    return %r : tensor<2048x4096xf32>
  }

  func.func @mm_f32_512x1024x1024_kn(%a: tensor<512x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<512x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<512x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<512x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    return %r : tensor<512x1024xf32>
  }

  func.func @mm_f32_1x4096x4096_kn(%a: tensor<1x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<1x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<1x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }

}
