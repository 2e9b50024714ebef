// ukernel-expand-fp8-extf on its own: an arith.extf from f8E4M3FN or
// f8E5M2 becomes integer code on the byte (bitcast to i8, the fields moved
// into an f32's, the subnormal as mantissa x 2^(1 - bias - 3 or 2), NaN and,
// for f8E5M2, infinity by compare and select), rounded to bf16 or f16
// after (exact) where the extf asked for it. Rounding into an 8-bit float
// is an error at the op. The values of all 256 patterns of each type are
// pinned by the pass's unit tests; test/e2e/fp8_dispatches.mlir runs the
// code on the GPU.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-expand-fp8-extf)' %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @e4m3_to_f32
// CHECK-NOT: arith.extf
// CHECK: %[[B:.*]] = arith.bitcast %arg0 : f8E4M3FN to i8
// CHECK: %[[W:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK: arith.constant 0.001953125 : f32
// CHECK: arith.uitofp
// CHECK: arith.constant 2143289344 : i32
// CHECK: %[[BITS:.*]] = arith.ori
// CHECK: %[[F:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK: return %[[F]] : f32
func.func @e4m3_to_f32(%x: f8E4M3FN) -> f32 {
  %y = arith.extf %x : f8E4M3FN to f32
  return %y : f32
}

// -----

// CHECK-LABEL: func.func @e5m2_to_bf16
// CHECK: arith.bitcast %arg0 : f8E5M2 to i8
// CHECK: arith.constant 2139095040 : i32
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[H:.*]] = arith.truncf %[[F]] : f32 to bf16
// CHECK: return %[[H]] : bf16
func.func @e5m2_to_bf16(%x: f8E5M2) -> bf16 {
  %y = arith.extf %x : f8E5M2 to bf16
  return %y : bf16
}

// -----

func.func @round_into_fp8(%x: f32) -> f8E4M3FN {
  // expected-error @+1 {{arith.truncf to f8E4M3FN is not supported: rounding into 8-bit floats is not implemented}}
  %y = arith.truncf %x : f32 to f8E4M3FN
  return %y : f8E4M3FN
}
