// ukernel-dynamic-expands-as-casts: a memref.expand_shape that splits one
// dim into two or more dynamic dims (a reshape to sizes known at run time)
// becomes a memref.reinterpret_cast of the contiguous source at offset 0,
// the output sizes with their row-major strides (products built where a
// size is dynamic). Upstream's expand-strided-metadata crashed on it (LLVM
// 22), so `ukc compile` of such IR died with SIGSEGV in the llvm stage.
// Expands with at most one dynamic dim per group stay.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-dynamic-expands-as-casts)' %s | FileCheck %s
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-dynamic-expands-as-casts,expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,reconcile-unrealized-casts)' %s | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @resplit
// CHECK-NOT: memref.expand_shape
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[S0:.*]] = arith.muli %[[C8]], %arg2 : index
// CHECK: memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1, %arg2, 8], strides: [%[[S0]], 8, 1] : memref<?x8xf32> to memref<?x?x8xf32>
// LLVM-LABEL: llvm.func @resplit
func.func @resplit(%x: memref<?x8xf32>, %a: index, %b: index) -> f32 {
  %c0 = arith.constant 0 : index
  %e = memref.expand_shape %x [[0, 1], [2]] output_shape [%a, %b, 8] : memref<?x8xf32> into memref<?x?x8xf32>
  %v = memref.load %e[%c0, %c0, %c0] : memref<?x?x8xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @one_dynamic_dim_per_group_stays
// CHECK: memref.expand_shape
func.func @one_dynamic_dim_per_group_stays(%x: memref<?xf32>, %b: index) -> f32 {
  %c0 = arith.constant 0 : index
  %e = memref.expand_shape %x [[0, 1]] output_shape [4, %b] : memref<?xf32> into memref<4x?xf32>
  %v = memref.load %e[%c0, %c0] : memref<4x?xf32>
  return %v : f32
}
