// Upstream passes run by name in --pass-pipeline; an unknown name is an error.
// RUN: ukernel-opt --pass-pipeline='builtin.module(func.func(canonicalize),cse)' %s | FileCheck %s
// RUN: not ukernel-opt --pass-pipeline='builtin.module(no-such-pass)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK-LABEL: func.func @folds
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    return %[[C]]
func.func @folds() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}

// UNKNOWN: error: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
