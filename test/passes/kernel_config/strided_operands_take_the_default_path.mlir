// A matmul or argmax operand that is a view with a step along its innermost dim (a
// tensor.extract_slice with stride 2, torch's x[:, ::2]; a memref of a
// strided layout) is not taken by any ukernel, which reads and writes
// unit-stride rows: the default path computes it, and the remark says why.
// Before, KernelConfig chose a ukernel on tensors and the lowering failed
// on the strided view ("the A's innermost stride is 2").
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' %s | FileCheck %s

// CHECK-LABEL: func.func @every_other_column
// CHECK: linalg.matmul
// CHECK-SAME: lowering_config = #ukernel.lowering_config<{
// CHECK-NOT: ukernel =
// CHECK-SAME: }>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all", sm_count = 132 : i64}>} {
  func.func @every_other_column(%a: tensor<64x64xbf16>, %b: tensor<32x16xbf16>) -> tensor<32x16xf32> {
    %s = tensor.extract_slice %a[0, 0] [32, 32] [2, 2] : tensor<64x64xbf16> to tensor<32x32xbf16>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x16xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
    // expected-remark @below {{no ukernel: operand 0 is a view with innermost stride 2; the ukernels read and write rows of unit stride}}
    %r = linalg.matmul ins(%s, %b : tensor<32x32xbf16>, tensor<32x16xbf16>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
    return %r : tensor<32x16xf32>
  }
}

// -----

// CHECK-LABEL: func.func @strided_b
// CHECK: linalg.matmul
// CHECK-NOT: ukernel =
module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "all", sm_count = 108 : i64}>} {
  func.func @strided_b(%a: memref<32x64xbf16>, %b: memref<64x16xbf16, strided<[32, 2]>>, %c: memref<32x16xf32>) {
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%c : memref<32x16xf32>)
    // expected-remark @below {{no ukernel: operand 1 is a view with innermost stride 2}}
    linalg.matmul ins(%a, %b : memref<32x64xbf16>, memref<64x16xbf16, strided<[32, 2]>>) outs(%c : memref<32x16xf32>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @argmax_every_other
// CHECK: linalg.generic
// CHECK-NOT: ukernel =
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all", sm_count = 132 : i64}>} {
  func.func @argmax_every_other(%x: tensor<8x2000xf32>) -> tensor<8xi64> {
    %s = tensor.extract_slice %x[0, 0] [8, 1000] [1, 2] : tensor<8x2000xf32> to tensor<8x1000xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %ev = tensor.empty() : tensor<8xf32>
    %ei = tensor.empty() : tensor<8xi64>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    // expected-remark @below {{no ukernel: operand 0 is a view with innermost stride 2}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<8x1000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%in: f32, %v: f32, %i: i64):
      %idx = linalg.index 1 : index
      %ii = arith.index_cast %idx : index to i64
      %m = arith.maximumf %in, %v : f32
      %gt = arith.cmpf ogt, %in, %v : f32
      %sel = arith.select %gt, %ii, %i : i64
      linalg.yield %m, %sel : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
}
