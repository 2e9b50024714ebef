// Input from stdin and output to a file with -o; the help lists the options
// (in an order LLVM's option registry decides: any order here).
// RUN: ukernel-opt - -o %t.mlir < %s
// RUN: FileCheck %s < %t.mlir
// RUN: ukernel-opt --help | FileCheck %s --check-prefix=HELP
// RUN: ukernel-opt --pass-pipeline='builtin.module(canonicalize)' --mlir-print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER

// CHECK-LABEL: func.func @from_stdin
func.func @from_stdin() {
  return
}

// HELP-DAG: --ukernel-kernel-config
// HELP-DAG: --ukernel-set-target
// HELP-DAG: --ukernels=<string>
// HELP-DAG: --pass-pipeline=
// HELP-DAG: --split-input-file
// HELP-DAG: --verify-diagnostics
// HELP-DAG: ukernel-opt options:
// HELP-DAG: --ukernel-explain
// HELP-DAG: --ukernel-target=<arch>

// AFTER: IR Dump After Canonicalizer (canonicalize)
// AFTER: func.func @from_stdin
