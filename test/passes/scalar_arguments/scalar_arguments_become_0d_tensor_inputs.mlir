// ukernel-scalar-arguments-as-tensors on its own: a dispatch's f32 and i32
// arguments become tensor<f32> and tensor<i32>; each generic that reads
// one takes the 0-d tensor as one more input (map to ()) and reads its
// element; a fill of one becomes such a generic; a use outside any linalg
// op reads the value with tensor.extract at the entry. An index argument
// is left as it is.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-scalar-arguments-as-tensors)' %s | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @scale_and_fill(%arg0: tensor<1024xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> (tensor<1024xf32>, tensor<1024xi32>)
// CHECK: %[[E:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: arith.mulf %[[E]], %[[E]] : f32
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<1024xf32>, tensor<f32>)
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.mulf %[[V]], %[[S]] : f32
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg2 : tensor<i32>) outs(%{{.*}} : tensor<1024xi32>)
// CHECK-NEXT: ^bb0(%[[I:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: linalg.yield %[[I]] : i32
// CHECK-LABEL: func.func @index_left(%arg0: tensor<?xf32>, %arg1: index)
func.func @scale_and_fill(%x: tensor<1024xf32>, %s: f32, %n: i32) -> (tensor<1024xf32>, tensor<1024xi32>) {
  %sq = arith.mulf %s, %s : f32
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    %a = arith.addf %m, %sq : f32
    linalg.yield %a : f32
  } -> tensor<1024xf32>
  %ei = tensor.empty() : tensor<1024xi32>
  %f = linalg.fill ins(%n : i32) outs(%ei : tensor<1024xi32>) -> tensor<1024xi32>
  return %r, %f : tensor<1024xf32>, tensor<1024xi32>
}
func.func @index_left(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
