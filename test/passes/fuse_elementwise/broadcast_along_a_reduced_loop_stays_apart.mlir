// ukernel-fuse-elementwise does not fuse a broadcast into a reduction over
// the broadcast dim (`x.expand(2, 4, 8).sum(0)` from torch-mlir): the fused
// op would read nothing along the reduced loop, whose extent would be lost
// ("invalid indexing maps are non-invertible"). The two ops stay.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fuse-elementwise)' %s | FileCheck %s

// CHECK-LABEL: func.func @sum_of_a_broadcast
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>) outs(%{{.*}} : tensor<2x4x8xf32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[B]] : tensor<2x4x8xf32>)
#bcast = affine_map<(d0, d1, d2) -> (d1, d2)>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @sum_of_a_broadcast(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4x8xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%e : tensor<2x4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e2 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #bcast], iterator_types = ["reduction", "parallel", "parallel"]} ins(%b : tensor<2x4x8xf32>) outs(%f : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
