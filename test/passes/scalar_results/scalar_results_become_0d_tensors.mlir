// ukernel-scalar-results-as-tensors on its own: a dispatch returning a
// scalar (a sum read back with tensor.extract, a flag, an index) returns a
// 0-d tensor built with tensor.from_elements before the return, an index
// cast to i64 first; tensor results and the function's other results keep
// their types. A kernel's outputs are buffers: without this the scalar had
// no output in the package.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-scalar-results-as-tensors)' %s | FileCheck %s

// CHECK-LABEL: func.func @sum(%arg0: tensor<64xf32>) -> (tensor<f32>, tensor<64xf32>)
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK-NEXT: %[[T:.*]] = tensor.from_elements %[[V]] : tensor<f32>
// CHECK-NEXT: return %[[T]], %arg0 : tensor<f32>, tensor<64xf32>
func.func @sum(%a: tensor<64xf32>) -> (f32, tensor<64xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%a : tensor<64xf32>) outs(%f : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %v = tensor.extract %r[] : tensor<f32>
  return %v, %a : f32, tensor<64xf32>
}

// CHECK-LABEL: func.func @size_and_flag(%arg0: tensor<?xf32>) -> (tensor<i64>, tensor<i1>)
// CHECK: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK: %[[C:.*]] = arith.cmpi
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT: %[[TN:.*]] = tensor.from_elements %[[I]] : tensor<i64>
// CHECK-NEXT: %[[TC:.*]] = tensor.from_elements %[[C]] : tensor<i1>
// CHECK-NEXT: return %[[TN]], %[[TC]] : tensor<i64>, tensor<i1>
func.func @size_and_flag(%a: tensor<?xf32>) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %big = arith.cmpi ugt, %n, %c8 : index
  return %n, %big : index, i1
}

// CHECK-LABEL: func.func @tensors_only(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %arg0 : tensor<4xf32>
func.func @tensors_only(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
