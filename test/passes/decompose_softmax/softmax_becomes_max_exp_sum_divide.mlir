// ukernel-decompose-softmax on its own: linalg.softmax becomes upstream's
// definition of it, four generics: the max over the dim (maxnumf from the
// lowest finite value), exp(x - max) into the op's init, the sum of those
// (from 0), and their quotient into the init. A dynamic dim reads its size
// for the reduced inits; any dim may be the softmax's.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-decompose-softmax)' %s | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK-NOT: linalg.softmax
// CHECK: tensor.empty() : tensor<16xf32>
// CHECK: %[[LOW:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK: %[[MI:.*]] = linalg.fill ins(%[[LOW]] : f32) outs(%{{.*}} : tensor<16xf32>)
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<16x1000xf32>) outs(%[[MI]] : tensor<16xf32>)
// CHECK: arith.maxnumf
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[MAX]] : tensor<16x1000xf32>, tensor<16xf32>) outs(%arg1 : tensor<16x1000xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}ins(%[[EXP]] : tensor<16x1000xf32>)
// CHECK: arith.addf
// CHECK: %[[Y:.*]] = linalg.generic {{.*}}ins(%[[EXP]], %[[SUM]] : tensor<16x1000xf32>, tensor<16xf32>) outs(%arg1 : tensor<16x1000xf32>)
// CHECK: arith.divf
// CHECK: return %[[Y]]
func.func @rows(%x: tensor<16x1000xf32>, %o: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
  %r = linalg.softmax dimension(1) ins(%x : tensor<16x1000xf32>) outs(%o : tensor<16x1000xf32>) -> tensor<16x1000xf32>
  return %r : tensor<16x1000xf32>
}

// CHECK-LABEL: func.func @outer_dim_dynamic_bf16
// CHECK: tensor.empty(%{{.*}}) : tensor<?x4x64xbf16>
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x64xbf16>
// CHECK: tensor.empty(%[[D]]) : tensor<?x64xbf16>
// CHECK: arith.constant -3.389530e+38 : bf16
// CHECK: iterator_types = ["parallel", "reduction", "parallel"]
func.func @outer_dim_dynamic_bf16(%x: tensor<?x4x64xbf16>) -> tensor<?x4x64xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x64xbf16>
  %e = tensor.empty(%n) : tensor<?x4x64xbf16>
  %r = linalg.softmax dimension(1) ins(%x : tensor<?x4x64xbf16>) outs(%e : tensor<?x4x64xbf16>) -> tensor<?x4x64xbf16>
  return %r : tensor<?x4x64xbf16>
}
