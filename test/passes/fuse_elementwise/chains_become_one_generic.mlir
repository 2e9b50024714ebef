// ukernel-fuse-elementwise on its own: a chain of elementwise generics as
// torch-mlir emits SwiGLU (truncf, extf, sigmoid, product, truncf, product
// with the up projection's truncf) becomes one generic reading the two
// matmul results once each; a cheap producer two ops read is copied into
// each (a default-path reduction too); a costly one stays (broadcast reads:
// broadcast_reads_fuse_cheap_producers.mlir).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fuse-elementwise)' %s | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @swiglu_chain
// CHECK-COUNT-1: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xbf16>)
// CHECK: ^bb0(%[[G:.*]]: f32, %[[U:.*]]: f32, %{{.*}}: bf16):
// CHECK-DAG: arith.truncf %[[U]] : f32 to bf16
// CHECK-DAG: arith.truncf %[[G]] : f32 to bf16
// CHECK: math.exp
// CHECK: arith.mulf %{{.*}}, %{{.*}} : bf16
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
func.func @swiglu_chain(%gate: tensor<4x8xf32>, %up: tensor<4x8xf32>) -> tensor<4x8xbf16> {
  %one = arith.constant 1.0 : f32
  %eb = tensor.empty() : tensor<4x8xbf16>
  %ef = tensor.empty() : tensor<4x8xf32>
  %g16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%gate : tensor<4x8xf32>) outs(%eb : tensor<4x8xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  %g32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g16 : tensor<4x8xbf16>) outs(%ef : tensor<4x8xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %t = arith.extf %in : bf16 to f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %sig = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g32 : tensor<4x8xf32>) outs(%ef : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %silu = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%g32, %sig : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ef : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %s16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%silu : tensor<4x8xf32>) outs(%eb : tensor<4x8xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  %u16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%up : tensor<4x8xf32>) outs(%eb : tensor<4x8xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4x8xbf16>
  %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%s16, %u16 : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%eb : tensor<4x8xbf16>) {
  ^bb0(%a: bf16, %b: bf16, %out: bf16):
    %m = arith.mulf %a, %b : bf16
    linalg.yield %m : bf16
  } -> tensor<4x8xbf16>
  return %h : tensor<4x8xbf16>
}

// A cheap producer (one product) that two ops read is copied into each, a
// default-path reduction included: no op writes the squares.
// CHECK-LABEL: func.func @shared_producer_and_reduction
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<4x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.negf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @shared_producer_and_reduction(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %er = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %neg, %sum : tensor<4x8xf32>, tensor<4xf32>
}

// A producer with a `math` op that two ops read is computed once: it stays,
// and so do both of its users.
// CHECK-LABEL: func.func @shared_costly_producer
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
func.func @shared_costly_producer(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = math.exp %in : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%ex : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %er = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<4x8xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %neg, %sum : tensor<4x8xf32>, tensor<4xf32>
}
