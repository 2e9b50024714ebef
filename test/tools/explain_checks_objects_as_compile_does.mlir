// An object that is not LLVM bitcode is an input error in `ukc explain` as
// in `ukc compile`, in the same words (exit 1), though explain links none.
// RUN: printf 'BCxx' > %t.bad.bc
// RUN: bash -c 'ukc explain %s --object %t.bad.bc; echo "exit code $?"' 2>&1 | FileCheck %s
// RUN: bash -c 'ukc compile %s --object %t.bad.bc -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s
// CHECK: explain_checks_objects_as_compile_does.mlir: error: object '{{.*}}bad.bc' is not valid LLVM bitcode
// CHECK-NEXT: exit code 1
module {}
