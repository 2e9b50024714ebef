// ukc reports bad input with a location and exit code 1 (a bad flag value: 2), writing no package.
// RUN: bash -c 'ukc compile %s -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s -DFILE=%s
// RUN: not ls %t.pkg
// RUN: bash -c 'ukc compile %s.missing -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: bash -c 'ukc compile %s -o %t.pkg --arch gfx942; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: bash -c 'ukc-run run %s; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=NOTPKG
// RUN: bash -c 'ukc compile %S/Inputs/strided_kernel_argument.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: bash -c 'ukc compile %S/Inputs/not_utf8.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: bash -c 'ukernel-opt %S/Inputs/not_utf8.mlir; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=UTF8

// CHECK: [[FILE]]:[[@LINE+3]]:19: error: operation being parsed with an unregistered dialect
// CHECK: exit code 1
func.func @f() {
  %0 = "not_an_op"() : () -> i32
  return
}

// MISSING: errors_are_reported.mlir.missing: error: could not open input file: No such file or directory
// MISSING: exit code 1
// ARCH: ukc: error: --arch: 'gfx942' is not of the form sm_<major><minor>[a|f]
// ARCH: exit code 2
// NOTPKG: error: not a ukernel package (bad magic bytes)
// NOTPKG: exit code 1
// A later stage's error is at the dispatch, under the input's name.
// LAYOUT: strided_kernel_argument.mlir:1:1: error: kernel 'f': argument 0 has type memref<4x4xf32, strided<[1, 4]>>; kernel arguments must be memrefs with the identity layout
// LAYOUT: exit code 1
// UTF8: not_utf8.mlir:2:3: error: input is not UTF-8 text
// UTF8: exit code 1
