// ukernel-scalar-arguments-as-tensors on its own: a dispatch's f32 and i32
// arguments become tensor<f32> and tensor<i32>; each generic that reads
// one takes the 0-d tensor as one more input (map to ()) and reads its
// element; a fill of one becomes such a generic; a use outside any linalg
// op reads the value with tensor.extract at the entry. An index argument
// becomes tensor<i64>, read at the entry and cast back to index for every
// use (a slice's offset here); an i1 one becomes tensor<i1>.
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
// CHECK-LABEL: func.func @index_offset(%arg0: tensor<100xf32>, %arg1: tensor<i64>) -> tensor<10xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.extract %arg1[] : tensor<i64>
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK-NEXT: tensor.extract_slice %arg0[%[[I]]] [10] [1]
// CHECK-LABEL: func.func @flag(%arg0: tensor<16xf32>, %arg1: tensor<i1>) -> tensor<16xf32>
// CHECK-NEXT: %[[F:.*]] = tensor.extract %arg1[] : tensor<i1>
// CHECK-NEXT: scf.if %[[F]]
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
func.func @index_offset(%x: tensor<100xf32>, %off: index) -> tensor<10xf32> {
  %s = tensor.extract_slice %x[%off] [10] [1] : tensor<100xf32> to tensor<10xf32>
  return %s : tensor<10xf32>
}
func.func @flag(%x: tensor<16xf32>, %f: i1) -> tensor<16xf32> {
  %r = scf.if %f -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %n = linalg.negf ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %n : tensor<16xf32>
  } else {
    scf.yield %x : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
