// Malformed #ukernel attributes are rejected with the location of the op that
// carries them: parameter kinds by IRDL, dictionary fields by ukernel-opt.
// RUN: ukernel-opt --split-input-file --verify-diagnostics %s

// expected-error@+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
func.func @spec_name_not_a_string() attributes {s = #ukernel.spec<42 : i64, {}>} {
  return
}

// -----

// expected-error@+1 {{#ukernel.target: missing field `arch`}}
module attributes {ukernel.target = #ukernel.target<{ukernels = "all"}>} {}

// -----

// expected-error@+1 {{'gfx942' is not of the form sm_<major><minor>}}
module attributes {ukernel.target = #ukernel.target<{arch = "gfx942"}>} {}

// -----

// expected-error@+1 {{#ukernel.target: field `ukernels` must be a string, found 1 : i64}}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = 1 : i64}>} {}

// -----

// expected-error@+1 {{workgroup_size must have 3 entries, found 2}}
func.func @short_workgroup_size() attributes {lowering_config = #ukernel.lowering_config<{workgroup = [1], workgroup_size = [64, 1]}>} {
  return
}

// -----

// A spec nested inside a lowering config is checked too.
// expected-error@+1 {{#ukernel.spec: field `shared_memory_bytes` must be an integer}}
func.func @nested_spec() attributes {lowering_config = #ukernel.lowering_config<{workgroup = [1], workgroup_size = [64, 1, 1], ukernel = #ukernel.spec<"uk", {shared_memory_bytes = "lots"}>}>} {
  return
}

// -----

// expected-error@+1 {{#ukernel.object: field `data` must be a dense_resource blob}}
func.func @object_data_inline() attributes {ukernel.executable_objects = [#ukernel.object<{path = "a.bc", data = dense<1> : vector<4xi8>}>]} {
  return
}

// -----

// expected-error@+1 {{#ukernel.object: missing field `path`}}
func.func @object_without_path() attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<b> : vector<1xi8>}>]} {
  return
}
{-#
  dialect_resources: {
    builtin: {
      b: "0x0100000001"
    }
  }
#-}
