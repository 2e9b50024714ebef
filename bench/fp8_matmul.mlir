// FP8 (f8E4M3FN) matmuls with per-tensor scales rounded to bf16, the form
// of torch._scaled_mm(a, b.t(), scale_a, scale_b, out_dtype=bfloat16) with
// weights b as N x K: decode (M = 16), prefill and square shapes, for
// bench/fp8_matmul_bench.py.
module {
  func.func @fp8_16x4096x4096(%a: tensor<16x4096xf8E4M3FN>, %b: tensor<4096x4096xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<16x4096xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x4096xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<16x4096xf8E4M3FN>, tensor<4096x4096xf8E4M3FN>) outs(%f : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %o = tensor.empty() : tensor<16x4096xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<16x4096xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<16x4096xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<16x4096xbf16>
    return %s : tensor<16x4096xbf16>
  }
  func.func @fp8_16x14336x4096(%a: tensor<16x4096xf8E4M3FN>, %b: tensor<14336x4096xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<16x14336xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x14336xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x14336xf32>) -> tensor<16x14336xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<16x4096xf8E4M3FN>, tensor<14336x4096xf8E4M3FN>) outs(%f : tensor<16x14336xf32>) -> tensor<16x14336xf32>
    %o = tensor.empty() : tensor<16x14336xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<16x14336xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<16x14336xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<16x14336xbf16>
    return %s : tensor<16x14336xbf16>
  }
  func.func @fp8_2048x4096x4096(%a: tensor<2048x4096xf8E4M3FN>, %b: tensor<4096x4096xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<2048x4096xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2048x4096xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xf8E4M3FN>, tensor<4096x4096xf8E4M3FN>) outs(%f : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %o = tensor.empty() : tensor<2048x4096xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<2048x4096xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<2048x4096xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<2048x4096xbf16>
    return %s : tensor<2048x4096xbf16>
  }
  func.func @fp8_4096x4096x4096(%a: tensor<4096x4096xf8E4M3FN>, %b: tensor<4096x4096xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<4096x4096xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4096x4096xf8E4M3FN>, tensor<4096x4096xf8E4M3FN>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %o = tensor.empty() : tensor<4096x4096xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<4096x4096xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<4096x4096xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<4096x4096xbf16>
    return %s : tensor<4096x4096xbf16>
  }
  func.func @fp8_8192x8192x8192(%a: tensor<8192x8192xf8E4M3FN>, %b: tensor<8192x8192xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<8192x8192xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8192x8192xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8192x8192xf8E4M3FN>, tensor<8192x8192xf8E4M3FN>) outs(%f : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
    %o = tensor.empty() : tensor<8192x8192xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<8192x8192xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<8192x8192xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<8192x8192xbf16>
    return %s : tensor<8192x8192xbf16>
  }
}
