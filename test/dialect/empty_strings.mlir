// Empty strings in #ukernel attributes are read safely: an empty ukernels
// list means none; an empty ukernel name is an error at the op.
// RUN: ukernel-opt --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK: ukernels = ""
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = ""}>} {}

// -----

// expected-error@+1 {{#ukernel.spec: the ukernel name is empty}}
func.func @empty_name() attributes {s = #ukernel.spec<"", {}>} {
  return
}
