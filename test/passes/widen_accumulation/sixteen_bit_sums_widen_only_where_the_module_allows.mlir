// With ukernel.matmul_accumulation = "f32" on the module, a named matmul
// of bf16 (f16) into bf16 (f16) becomes the contraction generic the matmul
// family takes (extf of both inputs, mulf, addf into f32) and one truncf:
// a zero fill becomes the f32 zero fill (so the ukernel computes C = A x B),
// another init is widened by an extf generic. Without the attribute nothing
// changes (the IR's 16-bit sums are kept); another value is an error.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-widen-accumulation)' %s | FileCheck %s

// CHECK-LABEL: func.func @projection_bf16_out
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<64x128xf32>)
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<64x256xbf16>, tensor<128x256xbf16>) outs(%[[F]] : tensor<64x128xf32>)
// CHECK: arith.extf
// CHECK: arith.extf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<64x128xf32>) outs(%{{.*}} : tensor<64x128xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @batch_accumulate_f16
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%arg2 : tensor<4x16x48xf16>) outs(%{{.*}} : tensor<4x16x48xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x16x32xf16>, tensor<4x32x48xf16>) outs(%[[C]] : tensor<4x16x48xf32>)
// CHECK-NOT: linalg.batch_matmul
module attributes {ukernel.matmul_accumulation = "f32"} {
  func.func @projection_bf16_out(%x: tensor<64x256xbf16>, %w: tensor<128x256xbf16>) -> tensor<64x128xbf16> {
    %zero = arith.constant 0.0 : bf16
    %e = tensor.empty() : tensor<64x128xbf16>
    %f = linalg.fill ins(%zero : bf16) outs(%e : tensor<64x128xbf16>) -> tensor<64x128xbf16>
    // expected-remark@+1 {{accumulates in f32 and rounds to bf16 once (ukernel.matmul_accumulation = "f32")}}
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<64x256xbf16>, tensor<128x256xbf16>) outs(%f : tensor<64x128xbf16>) -> tensor<64x128xbf16>
    return %y : tensor<64x128xbf16>
  }
  func.func @batch_accumulate_f16(%a: tensor<4x16x32xf16>, %b: tensor<4x32x48xf16>, %c: tensor<4x16x48xf16>) -> tensor<4x16x48xf16> {
    // expected-remark@+1 {{accumulates in f32 and rounds to f16 once}}
    %y = linalg.batch_matmul ins(%a, %b : tensor<4x16x32xf16>, tensor<4x32x48xf16>) outs(%c : tensor<4x16x48xf16>) -> tensor<4x16x48xf16>
    return %y : tensor<4x16x48xf16>
  }
}

// -----

// CHECK-LABEL: func.func @kept_without_the_attribute
// CHECK: linalg.matmul
module {
  func.func @kept_without_the_attribute(%x: tensor<64x256xbf16>, %w: tensor<256x128xbf16>, %c: tensor<64x128xbf16>) -> tensor<64x128xbf16> {
    %y = linalg.matmul ins(%x, %w : tensor<64x256xbf16>, tensor<256x128xbf16>) outs(%c : tensor<64x128xbf16>) -> tensor<64x128xbf16>
    return %y : tensor<64x128xbf16>
  }
}

// -----

// expected-error@+1 {{ukernel.matmul_accumulation is "bf16"; the one value is "f32"}}
module attributes {ukernel.matmul_accumulation = "bf16"} {
  func.func @bad_value(%x: tensor<4x4xbf16>) -> tensor<4x4xbf16> {
    return %x : tensor<4x4xbf16>
  }
}
