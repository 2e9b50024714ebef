// Each #ukernel attribute prints back as it was written.
// RUN: ukernel-opt --split-input-file %s | FileCheck %s
// And the printed form parses again to the same thing.
// RUN: ukernel-opt --split-input-file %s | ukernel-opt --split-input-file | FileCheck %s

// CHECK: module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", sm_count = 132 : i64, ukernels = "argmax"}>}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "argmax", sm_count = 132 : i64}>} {}

// -----

// CHECK-LABEL: func.func @spec
// CHECK-SAME: uk = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 64 : i64}>
func.func @spec() attributes {uk = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 64 : i64}>} {
  return
}

// -----

// CHECK-LABEL: func.func @config
// CHECK-SAME: lowering_config = #ukernel.lowering_config<{params = {split = 4 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_f32i32", {shared_memory_bytes = 0 : i64}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
func.func @config() attributes {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], params = {split = 4 : i64}, ukernel = #ukernel.spec<"uk_argmax_f32i32", {shared_memory_bytes = 0 : i64}>}>} {
  return
}

// -----

// CHECK-LABEL: func.func @object
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<blob1> : vector<4xi8>, path = "uk.sm_80.bc"}>]
// CHECK: dialect_resources
// CHECK: blob1: "0x01000000DEADBEEF"
func.func @object() attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk.sm_80.bc", data = dense_resource<blob1> : vector<4xi8>}>]} {
  return
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x01000000DEADBEEF"
    }
  }
#-}
