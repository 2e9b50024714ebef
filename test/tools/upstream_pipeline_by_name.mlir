// Upstream passes run by name in --pass-pipeline; an unknown name is a
// usage error named after the flag (exit 2, before any input is read), not
// an error at an unknown location.
// RUN: ukernel-opt --pass-pipeline='builtin.module(func.func(canonicalize),cse)' %s | FileCheck %s
// RUN: bash -c "ukernel-opt --pass-pipeline='builtin.module(no-such-pass)' %s; echo exit code \$?" 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK-LABEL: func.func @folds
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    return %[[C]]
func.func @folds() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}

// UNKNOWN-NOT: <unknown>
// UNKNOWN: ukernel-opt: error: --pass-pipeline: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN: exit code 2
