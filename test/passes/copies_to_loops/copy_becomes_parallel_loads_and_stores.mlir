// ukernel-copies-to-loops on its own: a memref.copy becomes an scf.parallel
// over the source's shape (dynamic dims through memref.dim) of a load and a
// store, also from a strided view, so that neither a host runtime call nor
// a copy that every GPU thread runs whole reaches the kernel. Rank 0 is one
// load and one store.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-copies-to-loops)' %s | FileCheck %s

// CHECK-LABEL: func.func @static_copy
// CHECK-NOT: memref.copy
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1)
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: memref.store %[[V]], %arg1[%[[I]], %[[J]]] : memref<4x8xf32>
func.func @static_copy(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  return
}

// CHECK-LABEL: func.func @dynamic_strided_copy
// CHECK-NOT: memref.copy
// CHECK: %[[N:.*]] = memref.dim %[[SRC:.*]], %c1
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%c2, %[[N]])
// CHECK-NEXT: memref.load %[[SRC]][%[[I]], %[[J]]] : memref<2x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT: memref.store
func.func @dynamic_strided_copy(%a: memref<8x?xbf16>, %b: memref<2x?xbf16>, %n: index) {
  %s = memref.subview %a[1, 0] [2, %n] [1, 1] : memref<8x?xbf16> to memref<2x?xbf16, strided<[?, 1], offset: ?>>
  memref.copy %s, %b : memref<2x?xbf16, strided<[?, 1], offset: ?>> to memref<2x?xbf16>
  return
}

// CHECK-LABEL: func.func @scalar_copy
// CHECK-NOT: memref.copy
// CHECK: %[[V:.*]] = memref.load %arg0[] : memref<i32>
// CHECK-NEXT: memref.store %[[V]], %arg1[] : memref<i32>
func.func @scalar_copy(%a: memref<i32>, %b: memref<i32>) {
  memref.copy %a, %b : memref<i32> to memref<i32>
  return
}
