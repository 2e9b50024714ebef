// ukernel-unread-inits-empty after upstream's convert-elementwise-to-linalg:
// an all-parallel generic whose body does not read an output gets a
// tensor.empty init for it where the init was another op's result (the
// matmul's, so that the matmul's store can absorb the consumer) or an
// argument the generic also reads; an argument that is only the init (a
// result written in place), an init the body reads, and a reduction's init
// stay.
// RUN: ukernel-opt --pass-pipeline='builtin.module(convert-elementwise-to-linalg,ukernel-unread-inits-empty)' %s | FileCheck %s

// CHECK-LABEL: func.func @bias_after_matmul
// CHECK: %[[C:.*]] = linalg.matmul
// CHECK: %[[E:.*]] = tensor.empty() : tensor<16x32xf32>
// CHECK: linalg.generic {{.*}} ins(%[[C]], %arg2 : tensor<16x32xf32>, tensor<16x32xf32>) outs(%[[E]] : tensor<16x32xf32>)
func.func @bias_after_matmul(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %bias: tensor<16x32xf32>, %init: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  %s = arith.addf %c, %bias : tensor<16x32xf32>
  return %s : tensor<16x32xf32>
}

// CHECK-LABEL: func.func @select_of_arguments
// CHECK: %[[E:.*]] = tensor.empty() : tensor<64xf32>
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1, %arg2 : tensor<64xi1>, tensor<64xf32>, tensor<64xf32>) outs(%[[E]] : tensor<64xf32>)
func.func @select_of_arguments(%c: tensor<64xi1>, %a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %s = arith.select %c, %a, %b : tensor<64xi1>, tensor<64xf32>
  return %s : tensor<64xf32>
}

// CHECK-LABEL: func.func @kept
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: arith.addf %in, %out
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%arg0 : tensor<8xf32>) outs(%{{.*}} : tensor<f32>)
func.func @kept(%x: tensor<8xf32>, %o: tensor<8xf32>, %z: tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<f32>) {
  %in_place = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %read = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%in_place : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<8xf32>) outs(%z : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<f32>
  return %in_place, %read, %sum : tensor<8xf32>, tensor<8xf32>, tensor<f32>
}
