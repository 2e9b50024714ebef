// --verify-diagnostics fails, naming the place, when a diagnostic was not
// expected or an expected one did not come.
// RUN: not ukernel-opt --verify-diagnostics %s 2>&1 | FileCheck %s -DFILE=%s

// CHECK-DAG: [[FILE]]:[[@LINE+1]]:4: error: expected error "this never happens" was not produced
// expected-error@+1 {{this never happens}}
func.func @fine() {
  return
}

// CHECK-DAG: [[FILE]]:[[@LINE+2]]:3: error: unexpected error: 'func.return' op has 1 operands, but enclosing function (@bad) returns 0
func.func @bad(%a: i32) {
  return %a : i32
}
