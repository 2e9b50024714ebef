// ukernel-expand-class-tests on its own: math.isinf, math.isfinite and
// math.isnormal become ordered compares of |x| (false for NaN, as the ops
// define), which NVPTX and the CPU reference run both lower; upstream's
// LLVM conversion took isfinite but not isinf or isnormal. isnan is left
// alone (the LLVM conversion takes it). A class test on a vector is an
// error at the op.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-expand-class-tests)' %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @tests
// CHECK-NOT: math.isinf
// CHECK: %[[A:.*]] = math.absf %arg0 : f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: %[[I:.*]] = arith.cmpf oeq, %[[A]], %[[INF]] : f32
// CHECK: %[[B:.*]] = math.absf %arg1 : f16
// CHECK: %[[INF16:.*]] = arith.constant 0x7C00 : f16
// CHECK: %[[F:.*]] = arith.cmpf olt, %[[B]], %[[INF16]] : f16
// CHECK: %[[C:.*]] = math.absf %arg2 : bf16
// CHECK: %[[INFB:.*]] = arith.constant 0x7F80 : bf16
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[C]], %[[INFB]] : bf16
// CHECK: %[[MIN:.*]] = arith.constant 1.175490e-38 : bf16
// CHECK: %[[NORMAL:.*]] = arith.cmpf oge, %[[C]], %[[MIN]] : bf16
// CHECK: %[[N:.*]] = arith.andi %[[BELOW]], %[[NORMAL]] : i1
// CHECK: %[[NAN:.*]] = math.isnan %arg0 : f32
// CHECK: return %[[I]], %[[F]], %[[N]], %[[NAN]]
func.func @tests(%x: f32, %y: f16, %z: bf16) -> (i1, i1, i1, i1) {
  %i = math.isinf %x : f32
  %f = math.isfinite %y : f16
  %n = math.isnormal %z : bf16
  %nan = math.isnan %x : f32
  return %i, %f, %n, %nan : i1, i1, i1, i1
}

// -----

func.func @vector(%x: vector<4xf32>) -> vector<4xi1> {
  // expected-error @+1 {{'math.isinf' on vector<4xf32> is not supported (scalar f16, bf16, f32 and f64 are)}}
  %i = math.isinf %x : vector<4xf32>
  return %i : vector<4xi1>
}
