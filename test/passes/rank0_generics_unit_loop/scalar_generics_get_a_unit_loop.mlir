// ukernel-rank0-generics-unit-loop: a generic of no loops on 0-d tensors
// (a mean's divide after two sums, as torch-mlir writes F.cross_entropy's)
// gets one parallel loop of extent 1: its operands expanded to tensor<1xf32>,
// its result collapsed back, its body the same. A generic with loops stays.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-rank0-generics-unit-loop)' %s | FileCheck %s

// CHECK-LABEL: func.func @mean
// CHECK: %[[A:.*]] = tensor.expand_shape %arg0 [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[B:.*]] = tensor.expand_shape %arg1 [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[O:.*]] = tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<1xf32>, tensor<1xf32>) outs(%[[O]] : tensor<1xf32>)
// CHECK: arith.divf
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[R]] [] : tensor<1xf32> into tensor<f32>
// CHECK: return %[[C]]
func.func @mean(%s: tensor<f32>, %n: tensor<f32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%s, %n : tensor<f32>, tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.divf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @with_loops
// CHECK-NOT: expand_shape
func.func @with_loops(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
