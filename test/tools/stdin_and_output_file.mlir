// Input from stdin and output to a file with -o; the help lists the options.
// RUN: ukernel-opt - -o %t.mlir < %s
// RUN: FileCheck %s < %t.mlir
// RUN: ukernel-opt --help | FileCheck %s --check-prefix=HELP
// RUN: ukernel-opt --pass-pipeline='builtin.module(canonicalize)' --mlir-print-ir-after-all %s 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER

// CHECK-LABEL: func.func @from_stdin
func.func @from_stdin() {
  return
}

// HELP: --ukernel-kernel-config
// HELP: --ukernel-set-target
// HELP: --ukernels=<string>
// HELP: --pass-pipeline=
// HELP: --split-input-file
// HELP: --verify-diagnostics
// HELP: ukernel-opt options:
// HELP: --ukernel-explain
// HELP: --ukernel-target=<arch>

// AFTER: IR Dump After Canonicalizer (canonicalize)
// AFTER: func.func @from_stdin
