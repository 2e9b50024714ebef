// ukernel-gather-concat: a static tensor.concat of two to four inputs
// becomes one parallel generic over a tensor.empty of its type: each input
// read with tensor.extract at the concatenated dim's index less its offset,
// clamped to its last index (so a read below its range stays inside), and
// a select per boundary keeps the input whose range holds the index. Five
// inputs are left to upstream's bufferization (a copy each).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-gather-concat)' %s | FileCheck %s

// CHECK-LABEL: func.func @three
// CHECK-NOT: tensor.concat
// CHECK-DAG: %[[O1:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[O2:.*]] = arith.constant 10 : index
// CHECK-DAG: %[[L0:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[L1:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[L2:.*]] = arith.constant 0 : index
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x5x11xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]} outs(%[[E]] : tensor<4x5x11xf32>)
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: %[[J:.*]] = linalg.index 1
// CHECK: %[[K:.*]] = linalg.index 2
// CHECK: %[[C0:.*]] = arith.minui %[[K]], %[[L0]]
// CHECK: %[[A:.*]] = tensor.extract %arg0[%[[I]], %[[J]], %[[C0]]]
// CHECK: %[[K1:.*]] = arith.subi %[[K]], %[[O1]]
// CHECK: %[[C1:.*]] = arith.minui %[[K1]], %[[L1]]
// CHECK: %[[B:.*]] = tensor.extract %arg1[%[[I]], %[[J]], %[[C1]]]
// CHECK: %[[K2:.*]] = arith.subi %[[K]], %[[O2]]
// CHECK: %[[C2:.*]] = arith.minui %[[K2]], %[[L2]]
// CHECK: %[[C:.*]] = tensor.extract %arg2[%[[I]], %[[J]], %[[C2]]]
// CHECK: %[[IN1:.*]] = arith.cmpi ult, %[[K]], %[[O2]]
// CHECK: %[[BC:.*]] = arith.select %[[IN1]], %[[B]], %[[C]]
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[K]], %[[O1]]
// CHECK: %[[ABC:.*]] = arith.select %[[IN0]], %[[A]], %[[BC]]
// CHECK: linalg.yield %[[ABC]]

// CHECK-LABEL: func.func @five_left_alone
// CHECK: tensor.concat
func.func @three(%a: tensor<4x5x3xf32>, %b: tensor<4x5x7xf32>, %c: tensor<4x5x1xf32>) -> tensor<4x5x11xf32> {
  %r = tensor.concat dim(2) %a, %b, %c : (tensor<4x5x3xf32>, tensor<4x5x7xf32>, tensor<4x5x1xf32>) -> tensor<4x5x11xf32>
  return %r : tensor<4x5x11xf32>
}
func.func @five_left_alone(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<20xf32> {
  %r = tensor.concat dim(0) %a, %b, %c, %d, %e : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<20xf32>
  return %r : tensor<20xf32>
}
