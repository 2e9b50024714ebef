// A NUL byte in the input and an empty --object are located errors with exit
// code 1, never a panic.
// RUN: printf 'module {\n  func.func @f() {\n    return\000\n  }\n}\n' > %t.mlir
// RUN: bash -c 'ukernel-opt %t.mlir; echo "exit code $?"' 2>&1 | FileCheck %s -DFILE=%t.mlir
// RUN: bash -c 'ukc compile %t.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s -DFILE=%t.mlir
// RUN: printf "" > %t.empty.bc
// RUN: bash -c 'ukc compile %s --object %t.empty.bc -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=EMPTY

// CHECK: [[FILE]]:3:11: error: the input contains a NUL byte, which an MLIR file cannot hold
// CHECK: exit code 1
// EMPTY: empty.bc: error: the object is empty; expected LLVM bitcode
// EMPTY: exit code 1
module {}
