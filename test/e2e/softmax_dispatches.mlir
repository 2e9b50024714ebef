// linalg.softmax (ukernel-decompose-softmax: max, exp(x - max), sum,
// divide, as upstream defines it) on the GPU: rows of f32, a vocabulary-long
// f16 row, and bf16 over the middle dim with a dynamic leading dim. `ukc-run
// run` checks each against upstream MLIR's CPU execution (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 3 function(s)
module {
  func.func @softmax_rows_f32_16x1000(%x: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
    %e = tensor.empty() : tensor<16x1000xf32>
    %r = linalg.softmax dimension(1) ins(%x : tensor<16x1000xf32>) outs(%e : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    return %r : tensor<16x1000xf32>
  }
  func.func @softmax_vocab_f16_1x32000(%x: tensor<1x32000xf16>) -> tensor<1x32000xf16> {
    %e = tensor.empty() : tensor<1x32000xf16>
    %r = linalg.softmax dimension(1) ins(%x : tensor<1x32000xf16>) outs(%e : tensor<1x32000xf16>) -> tensor<1x32000xf16>
    return %r : tensor<1x32000xf16>
  }
  func.func @softmax_middle_bf16_dyn(%x: tensor<?x12x64xbf16>) -> tensor<?x12x64xbf16> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %x, %c0 : tensor<?x12x64xbf16>
    %e = tensor.empty(%n) : tensor<?x12x64xbf16>
    %r = linalg.softmax dimension(1) ins(%x : tensor<?x12x64xbf16>) outs(%e : tensor<?x12x64xbf16>) -> tensor<?x12x64xbf16>
    return %r : tensor<?x12x64xbf16>
  }
}
