// Increasing math functions, each as an elementwise dispatch over 2^28 f32
// elements, compiled like any dispatch (libdevice): bench/monotone_check.py
// runs them on every f32 to see whether the GPU's versions are monotone
// too (a fusion shortcut would have relied on it; BENCHMARKS.md).
func.func @tanh_f32(%x: tensor<268435456xf32>) -> tensor<268435456xf32> {
  %e = tensor.empty() : tensor<268435456xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<268435456xf32>) outs(%e : tensor<268435456xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.tanh %v : f32
    linalg.yield %t : f32
  } -> tensor<268435456xf32>
  return %y : tensor<268435456xf32>
}
func.func @exp_f32(%x: tensor<268435456xf32>) -> tensor<268435456xf32> {
  %e = tensor.empty() : tensor<268435456xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<268435456xf32>) outs(%e : tensor<268435456xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.exp %v : f32
    linalg.yield %t : f32
  } -> tensor<268435456xf32>
  return %y : tensor<268435456xf32>
}
func.func @exp2_f32(%x: tensor<268435456xf32>) -> tensor<268435456xf32> {
  %e = tensor.empty() : tensor<268435456xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<268435456xf32>) outs(%e : tensor<268435456xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = math.exp2 %v : f32
    linalg.yield %t : f32
  } -> tensor<268435456xf32>
  return %y : tensor<268435456xf32>
}
