// Objects move from ops and functions onto the module, each (path, bytes)
// once, the module's own first, then in walk order.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect \
// RUN:   --pass-pipeline='builtin.module(ukernel-hoist-executable-objects)' %s | FileCheck %s

// Three dispatches use two ukernels: two objects remain, on the module only.
// CHECK-LABEL: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<a> : vector<4xi8>, path = "uk_a.bc"}>, #ukernel.object<{data = dense_resource<b> : vector<4xi8>, path = "uk_b.bc"}>]}
// CHECK-NOT: ukernel.executable_objects
module {
  func.func @d0() {
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<a> : vector<4xi8>}>]} : () -> ()
    return
  }
  func.func @d1() attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_b.bc", data = dense_resource<b> : vector<4xi8>}>]} {
    return
  }
  func.func @d2() {
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<a_again> : vector<4xi8>}>]} : () -> ()
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      a: "0x01000000AAAAAAAA",
      b: "0x01000000BBBBBBBB",
      a_again: "0x01000000AAAAAAAA"
    }
  }
#-}

// -----

// Objects already on the module stay first, in their order.
// CHECK-LABEL: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<{{.*}}> : vector<4xi8>, path = "helpers.bc"}>, #ukernel.object<{data = dense_resource<{{.*}}> : vector<4xi8>, path = "zz.bc"}>, #ukernel.object<{data = dense_resource<{{.*}}> : vector<4xi8>, path = "uk_a.bc"}>]}
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "helpers.bc", data = dense_resource<h> : vector<4xi8>}>, #ukernel.object<{path = "zz.bc", data = dense_resource<h> : vector<4xi8>}>]} {
  func.func @d0() {
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "uk_a.bc", data = dense_resource<a> : vector<4xi8>}>]} : () -> ()
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      h: "0x0100000001020304",
      a: "0x01000000AAAAAAAA"
    }
  }
#-}

// -----

// A nested owner keeps what lies below it; the outer module gets the rest.
// CHECK-LABEL: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<{{.*}}> : vector<4xi8>, path = "outer.bc"}>]}
// CHECK: module @device attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<{{.*}}> : vector<4xi8>, path = "inner.bc"}>], ukernel.objects_owner}
module {
  module @device attributes {ukernel.objects_owner} {
    func.func @k() {
      "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "inner.bc", data = dense_resource<a> : vector<4xi8>}>]} : () -> ()
      return
    }
  }
  func.func @host() {
    "test.op"() {ukernel.executable_objects = [#ukernel.object<{path = "outer.bc", data = dense_resource<a> : vector<4xi8>}>]} : () -> ()
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      a: "0x01000000AAAAAAAA"
    }
  }
#-}
