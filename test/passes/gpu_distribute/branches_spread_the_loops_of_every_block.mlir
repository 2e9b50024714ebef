// ukernel-gpu-distribute on its own: a dispatch whose body branches (cf,
// several blocks) runs on one workgroup in order, and the loops of every
// block are spread over its threads, each followed by a barrier. Before,
// the thread-per-point path computed the point in the first loop's block,
// which does not dominate the other branch's loop (a verifier error), and
// the in-order path walked the entry block only, so the branches' loops
// ran whole in every thread.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-gpu-distribute)' %s | FileCheck %s

// CHECK-LABEL: func.func @negate_or_copy
// CHECK-SAME: ukernel.block = [256, 1, 1]
// CHECK-SAME: ukernel.grid = ["1", "1", "1"]
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[L1:.*]] = arith.addi %c0, %{{.*}} : index
// CHECK: %[[S1:.*]] = arith.muli %c1, %c256 : index
// CHECK: scf.parallel (%{{.*}}) = (%[[L1]]) to (%c4096) step (%[[S1]])
// CHECK: arith.negf
// CHECK: nvvm.barrier0
// CHECK-NEXT: return
// CHECK: ^bb2:
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[L2:.*]] = arith.addi %c0, %{{.*}} : index
// CHECK: %[[S2:.*]] = arith.muli %c1, %c256{{.*}} : index
// CHECK: scf.parallel (%{{.*}}) = (%[[L2]]) to (%c4096) step (%[[S2]])
// CHECK: nvvm.barrier0
// CHECK-NEXT: return
module {
  func.func @negate_or_copy(%arg0: memref<4096xf32>, %arg1: memref<i1>, %arg2: memref<4096xf32>) attributes {ukernel.access = ["read", "read", "write"], ukernel.dim_classes = [[-1], [], [-1]]} {
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg1[] : memref<i1>
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:
    scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
      %1 = memref.load %arg0[%i] : memref<4096xf32>
      %2 = arith.negf %1 : f32
      memref.store %2, %arg2[%i] : memref<4096xf32>
      scf.reduce
    }
    return
  ^bb2:
    scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
      %1 = memref.load %arg0[%i] : memref<4096xf32>
      memref.store %1, %arg2[%i] : memref<4096xf32>
      scf.reduce
    }
    return
  }
}
