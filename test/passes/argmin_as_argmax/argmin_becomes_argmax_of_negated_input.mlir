// ukernel-argmin-as-argmax: torch-mlir's argmin (minimumf, cmpf olt, a +inf
// value init) reads the negated input, folds with maximumf and ogt from a
// -inf init, and its value result is negated back for its readers; the +inf
// fill goes. An argmin whose values meet another op stays, and so does
// every argmin where the target does not allow the argmax ukernels (NONE).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90},ukernel-argmin-as-argmax)' %s | FileCheck %s
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90 ukernels=matmul},ukernel-argmin-as-argmax)' %s | FileCheck %s --check-prefix=NONE
// NONE-NOT: arith.maximumf

// CHECK-LABEL: func.func @argmin
// CHECK: linalg.fill ins(%c0_i64 : i64)
// CHECK-NOT: linalg.fill
// CHECK: %[[NEG:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<4x1000xf32>)
// CHECK: arith.negf
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[NEG]] : tensor<4x1000xf32>) outs(%[[INIT]], %{{.*}} : tensor<4xf32>, tensor<4xi64>)
// CHECK: arith.maximumf
// CHECK: arith.cmpf ogt
// CHECK: %[[BACK:.*]] = linalg.generic {{.*}} ins(%[[R]]#0 : tensor<4xf32>)
// CHECK: arith.negf
// CHECK: return %[[BACK]], %[[R]]#1
func.func @argmin(%x: tensor<4x1000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
  %c0_i64 = arith.constant 0 : i64
  %inf = arith.constant 0x7F800000 : f32
  %0 = tensor.empty() : tensor<4xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<4xi64>) -> tensor<4xi64>
  %2 = tensor.empty() : tensor<4xf32>
  %3 = linalg.fill ins(%inf : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
  %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1000xf32>) outs(%3, %1 : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %5 = linalg.index 1 : index
    %6 = arith.index_cast %5 : index to i64
    %7 = arith.minimumf %in, %out : f32
    %8 = arith.cmpf olt, %in, %out : f32
    %9 = arith.select %8, %6, %out_0 : i64
    linalg.yield %7, %9 : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %4#0, %4#1 : tensor<4xf32>, tensor<4xi64>
}

// CHECK-LABEL: func.func @scaled_compare
// CHECK: arith.minimumf
// CHECK-NOT: arith.maximumf
func.func @scaled_compare(%x: tensor<4x1000xf32>) -> tensor<4xi64> {
  %c0_i64 = arith.constant 0 : i64
  %inf = arith.constant 0x7F800000 : f32
  %two = arith.constant 2.0 : f32
  %0 = tensor.empty() : tensor<4xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<4xi64>) -> tensor<4xi64>
  %2 = tensor.empty() : tensor<4xf32>
  %3 = linalg.fill ins(%inf : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
  %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1000xf32>) outs(%3, %1 : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_0: i64):
    %5 = linalg.index 1 : index
    %6 = arith.index_cast %5 : index to i64
    %7 = arith.minimumf %in, %out : f32
    %s = arith.mulf %in, %two : f32
    %8 = arith.cmpf olt, %s, %out : f32
    %9 = arith.select %8, %6, %out_0 : i64
    linalg.yield %7, %9 : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %4#1 : tensor<4xi64>
}
