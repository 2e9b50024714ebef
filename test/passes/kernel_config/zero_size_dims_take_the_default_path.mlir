// An op with an operand of a dimension of size 0 (K = 0, M = 0, an argmax
// over a row of no elements) leaves nothing to compute but the inits:
// ukernel-kernel-config picks no ukernel for it (their tiles, tensor maps
// and splits are not made for empty extents) and no default-path split; the
// default path's loops of no iterations leave C = 0 and the argmax's index
// at its init. Before, the wgmma, skinny and argmax ukernels were selected.
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s --check-prefix=REF
// CHECK-COUNT-3: remark: ukernel: no ukernel: operand 0 has a dimension of size 0; default configuration
// CHECK-NOT: split over
// REF: reference outputs (MLIR on the CPU) of 3 function(s)
// REF: k_zero: ukernel none
// REF: m_zero: ukernel none
// REF: argmax_len_zero: ukernel none
module {
  func.func @k_zero(%a: tensor<128x0xbf16>, %b: tensor<0x256xbf16>) -> tensor<128x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<128x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
    %r = linalg.matmul ins(%a, %b : tensor<128x0xbf16>, tensor<0x256xbf16>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
    return %r : tensor<128x256xf32>
  }
  func.func @m_zero(%a: tensor<0x64xbf16>, %b: tensor<64x256xbf16>) -> tensor<0x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<0x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<0x256xf32>) -> tensor<0x256xf32>
    %r = linalg.matmul ins(%a, %b : tensor<0x64xbf16>, tensor<64x256xbf16>) outs(%f : tensor<0x256xf32>) -> tensor<0x256xf32>
    return %r : tensor<0x256xf32>
  }
  func.func @argmax_len_zero(%x: tensor<4x0xf32>) -> tensor<4xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %c0 = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<4xf32>
    %i0 = tensor.empty() : tensor<4xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<4xf32>) -> tensor<4xf32>
    %i = linalg.fill ins(%c0 : i64) outs(%i0 : tensor<4xi64>) -> tensor<4xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x0xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }
}
