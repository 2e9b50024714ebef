// ukernel-gpu-distribute on its own: a loop that writes its buffer through
// one subview with static strides (a part of a concat's or a pad's result)
// touches a distinct element per point, so the dispatch keeps a thread per
// point over the whole GPU. A loop that reaches the written buffer both
// through a subview and directly could read another thread's element:
// that dispatch runs on one workgroup, in order.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-gpu-distribute)' %s | FileCheck %s

// CHECK-LABEL: func.func @rows_into_the_bottom_of_a_concat
// CHECK-SAME: ukernel.grid = ["ceildiv(2*8, 256)", "1", "1"]
// CHECK-NOT: nvvm.barrier0
// CHECK: return
func.func @rows_into_the_bottom_of_a_concat(%arg0: memref<2x8xf32>, %arg1: memref<6x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %sub = memref.subview %arg1[4, 0] [2, 8] [1, 1] : memref<6x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 32>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c8) step (%c1, %c1) {
    %0 = memref.load %arg0[%i, %j] : memref<2x8xf32>
    memref.store %0, %sub[%i, %j] : memref<2x8xf32, strided<[8, 1], offset: 32>>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @shifted_copy_within_one_buffer
// CHECK-SAME: ukernel.grid = ["1", "1", "1"]
// CHECK: nvvm.barrier0
// CHECK: return
func.func @shifted_copy_within_one_buffer(%arg0: memref<6x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %sub = memref.subview %arg0[4, 0] [2, 8] [1, 1] : memref<6x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 32>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c8) step (%c1, %c1) {
    %0 = memref.load %arg0[%i, %j] : memref<6x8xf32>
    memref.store %0, %sub[%i, %j] : memref<2x8xf32, strided<[8, 1], offset: 32>>
    scf.reduce
  }
  return
}
