// Debian's mlir-opt with our plugin gives the same output as ukernel-opt
// (stdout, exit status, error lines) on every pass-test input, through the
// project's pass pipelines (plugin_agreement.py lists them).
// REQUIRES: mlir-opt-plugin
// RUN: python3 %S/Inputs/plugin_agreement.py %tools/ukernel-opt %plugin %mlir-opt %S/../passes | FileCheck %s

// CHECK-NOT: DIFFER
// CHECK: {{[1-9][0-9]*}} inputs x {{[0-9]+}} pipelines: {{[0-9]+}} runs, {{[1-9][0-9]*}} succeeded, {{[1-9][0-9]*}} failed with errors, 0 differ
module {}
