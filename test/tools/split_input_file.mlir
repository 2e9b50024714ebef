// Each chunk between split markers is parsed and transformed on its own; outputs are
// joined with the same marker, and diagnostics keep the file's line numbers.
// RUN: not ukernel-opt --split-input-file --pass-pipeline='builtin.module(canonicalize)' %s | FileCheck %s
// RUN: not ukernel-opt --split-input-file %s --pass-pipeline='builtin.module(canonicalize)' -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR -DFILE=%s
// RUN: not ls %t.out

// CHECK-LABEL: func.func @first
func.func @first() {
  return
}

// -----

// CHECK: // -----
// CHECK-LABEL: func.func @second
func.func @second() {
  return
}

// -----

// A parse error in the last chunk, reported at its line in this file.
func.func @third() {
  // ERR: [[FILE]]:[[@LINE+1]]:10: error: use of undeclared SSA value name
  return %undefined : i32
}
