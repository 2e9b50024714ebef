// More forms from hand-written and exported IR on the default path:
// linalg.map (add, exp, tanh on f16, mul by a tensor.splat), a matmul by a
// constant weight (arith.constant dense, on the f32 ukernel), an argument
// returned as it is beside a computed result, a sum to a 0-d tensor, and a
// dispatch calling a private function: the call is inlined and the private
// function is no kernel of its own (compiled as a device call of another
// kernel's body, it returned zeros on an H100). `ukc-run run` checks each
// against upstream MLIR's CPU execution (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 7 function(s)
// CHECK-NOT: helper: ukernel
// CHECK: const_weights: ukernel uk_matmul_simt_f32_kn
// CHECK-NOT: helper: ukernel
// CHECK: calls_helper: ukernel none
// CHECK-NOT: helper: ukernel
module {
  func.func @map_add(%a: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<256xf32> {
    %e = tensor.empty() : tensor<256xf32>
    %r = linalg.map { arith.addf } ins(%a, %b : tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<256xf32>)
    return %r : tensor<256xf32>
  }
  func.func @const_weights(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [0.5, 0.25, 0.125, 1.0], [-1.0, -2.0, 3.5, 0.0]]> : tensor<4x4xf32>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %r = linalg.matmul ins(%a, %w : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    return %r : tensor<4x4xf32>
  }
  func.func @passthrough(%a: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %e = tensor.empty() : tensor<64xf32>
    %r = linalg.map { math.exp } ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>)
    return %a, %r : tensor<64xf32>, tensor<64xf32>
  }
  func.func @sum_to_0d(%a: tensor<1000xf32>) -> tensor<f32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %r = linalg.reduce ins(%a : tensor<1000xf32>) outs(%f : tensor<f32>) dimensions = [0]
      (%x: f32, %y: f32) {
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      }
    return %r : tensor<f32>
  }
  func.func @f16_math(%a: tensor<512xf16>) -> tensor<512xf16> {
    %e = tensor.empty() : tensor<512xf16>
    %r = linalg.map { math.tanh } ins(%a : tensor<512xf16>) outs(%e : tensor<512xf16>)
    return %r : tensor<512xf16>
  }
  func.func @splat_generate(%a: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %c = arith.constant 3.0 : f32
    %s = tensor.splat %c : tensor<16x16xf32>
    %e = tensor.empty() : tensor<16x16xf32>
    %r = linalg.map { arith.mulf } ins(%a, %s : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e : tensor<16x16xf32>)
    return %r : tensor<16x16xf32>
  }

  func.func private @helper(%a: tensor<64xf32>) -> tensor<64xf32> {
    %e = tensor.empty() : tensor<64xf32>
    %r = linalg.map { math.exp } ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>)
    return %r : tensor<64xf32>
  }
  func.func @calls_helper(%a: tensor<64xf32>) -> tensor<64xf32> {
    %r = func.call @helper(%a) : (tensor<64xf32>) -> tensor<64xf32>
    return %r : tensor<64xf32>
  }
}
