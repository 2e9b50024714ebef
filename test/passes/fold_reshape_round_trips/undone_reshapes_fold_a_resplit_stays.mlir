// ukernel-fold-reshape-round-trips on its own: an expand that undoes a
// collapse of the same groups (its dynamic size the source's own dim), and a
// collapse that undoes an expand, are the source; an expand that splits the
// collapsed dim another way (sizes of other buffers) is a different view and
// stays.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-reshape-round-trips)' %s | FileCheck %s

// CHECK-LABEL: func.func @expand_of_collapse
// CHECK-NOT: memref.collapse_shape
// CHECK-NOT: memref.expand_shape
// CHECK: return %arg0 : memref<4x?x8xf32>
func.func @expand_of_collapse(%x: memref<4x?x8xf32>) -> memref<4x?x8xf32> {
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c1 : memref<4x?x8xf32>
  %c = memref.collapse_shape %x [[0, 1], [2]] : memref<4x?x8xf32> into memref<?x8xf32>
  %e = memref.expand_shape %c [[0, 1], [2]] output_shape [4, %d, 8] : memref<?x8xf32> into memref<4x?x8xf32>
  return %e : memref<4x?x8xf32>
}

// CHECK-LABEL: func.func @collapse_of_expand
// CHECK: return %arg0 : memref<4096xf32>
func.func @collapse_of_expand(%x: memref<4096xf32>) -> memref<4096xf32> {
  %e = memref.expand_shape %x [[0, 1]] output_shape [1, 4096] : memref<4096xf32> into memref<1x4096xf32>
  %c = memref.collapse_shape %e [[0, 1]] : memref<1x4096xf32> into memref<4096xf32>
  return %c : memref<4096xf32>
}

// CHECK-LABEL: func.func @resplit_stays
// CHECK: %[[C:.*]] = memref.collapse_shape %arg0
// CHECK: %[[E:.*]] = memref.expand_shape %[[C]]
// CHECK: return %[[E]]
func.func @resplit_stays(%x: memref<?x?xf32>, %a: index, %b: index) -> memref<?x?xf32> {
  %c = memref.collapse_shape %x [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [%a, %b] : memref<?xf32> into memref<?x?xf32>
  return %e : memref<?x?xf32>
}
