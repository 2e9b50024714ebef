// ukernel-gpu-distribute on its own: a load outside the loops (a 0-d
// tensor's or a scalar argument's value, read once for the whole op) runs
// in every thread, which is safe where nothing in the dispatch writes that
// buffer: the dispatch keeps a thread per point over the whole GPU. A load
// outside the loops of a buffer the loop writes would race with other
// threads' stores: that dispatch runs on one workgroup, in order. Loads of
// a global (a bufferized constant) read what no thread writes either.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-gpu-distribute)' %s | FileCheck %s

// CHECK-LABEL: func.func @scale_by_a_zero_d_value
// CHECK-SAME: ukernel.grid = ["ceildiv(4096*4096, 256)", "1", "1"]
// CHECK: memref.load %arg1[] : memref<f32>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK-NOT: nvvm.barrier0
// CHECK: return
func.func @scale_by_a_zero_d_value(%arg0: memref<4096x4096xf32>, %arg1: memref<f32>, %arg2: memref<4096x4096xf32>) {
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg1[] : memref<f32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c4096) step (%c1, %c1) {
    %1 = memref.load %arg0[%i, %j] : memref<4096x4096xf32>
    %2 = arith.mulf %1, %0 : f32
    memref.store %2, %arg2[%i, %j] : memref<4096x4096xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @scale_by_an_element_the_loop_writes
// CHECK-SAME: ukernel.grid = ["1", "1", "1"]
// CHECK: nvvm.barrier0
// CHECK: return
func.func @scale_by_an_element_the_loop_writes(%arg0: memref<4096xf32>) {
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg0[%c0] : memref<4096xf32>
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    %1 = memref.load %arg0[%i] : memref<4096xf32>
    %2 = arith.mulf %1, %0 : f32
    memref.store %2, %arg0[%i] : memref<4096xf32>
    scf.reduce
  }
  return
}

// CHECK-LABEL: func.func @copy_of_a_constant
// CHECK-SAME: ukernel.grid = ["ceildiv(4, 256)", "1", "1"]
// CHECK-NOT: nvvm.barrier0
// CHECK: return
memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @copy_of_a_constant(%arg0: memref<4xf32>) {
  %0 = memref.get_global @__constant_4xf32 : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %1 = memref.load %0[%i] : memref<4xf32>
    memref.store %1, %arg0[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
