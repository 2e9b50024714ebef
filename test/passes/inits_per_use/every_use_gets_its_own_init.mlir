// ukernel-inits-per-use on its own: a zero fill shared by two matmuls (as
// torch-mlir emits a block) becomes a fill per matmul, each of its own
// tensor.empty, so neither matmul's init is a copy of the other's; an
// empty used as the init of two ops becomes two empties. A fill with one
// use is left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-inits-per-use)' %s | FileCheck %s

// CHECK-LABEL: func.func @shared_fill
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<4x8xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[F1]] : tensor<4x8xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[F2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<4x8xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg2 : {{.*}}) outs(%[[F2]] : tensor<4x8xf32>)
func.func @shared_fill(%x: tensor<4x16xbf16>, %w1: tensor<16x8xbf16>, %w2: tensor<16x8xbf16>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.matmul ins(%x, %w1 : tensor<4x16xbf16>, tensor<16x8xbf16>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = linalg.matmul ins(%x, %w2 : tensor<4x16xbf16>, tensor<16x8xbf16>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @shared_empty
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E1]] : tensor<4xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E2]] : tensor<4xf32>)
func.func @shared_empty(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// CHECK-LABEL: func.func @one_use
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
// CHECK-NOT: tensor.empty
// CHECK: return
func.func @one_use(%x: tensor<4x16xbf16>, %w: tensor<16x8xbf16>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %a = linalg.matmul ins(%x, %w : tensor<4x16xbf16>, tensor<16x8xbf16>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
