// Two different blobs under one path are an error naming both places.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect \
// RUN:   --pass-pipeline='builtin.module(ukernel-hoist-executable-objects)' %s

module {
  func.func @d0() {
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<a> : vector<4xi8>}>]} : () -> ()
    return
  }
  func.func @d1() {
    // expected-error-re@+1 {{object 'uk_a.bc' (4 bytes) differs from the object with the same path at loc("{{.*}}conflicting_blobs.mlir":7:5) (4 bytes)}}
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<b> : vector<4xi8>}>]} : () -> ()
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      a: "0x01000000AAAAAAAA",
      b: "0x01000000BBBBBBBB"
    }
  }
#-}

// -----

// Also against an object already on the module.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<a> : vector<4xi8>}>]} {
  func.func @d0() {
    // expected-error@+1 {{object 'uk_a.bc' (4 bytes) differs from the object with the same path at}}
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<b> : vector<4xi8>}>]} : () -> ()
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      a: "0x01000000AAAAAAAA",
      b: "0x01000000CCCCCCCC"
    }
  }
#-}
