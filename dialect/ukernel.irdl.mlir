// The `ukernel` dialect, loaded at run time into every context the project
// creates. It has attributes only: ops are lowered after bufferization
// straight to calls of the ukernels (see passes/src/lower_to_ukernels.rs). Attributes carry one dictionary parameter (or a name and a
// dictionary) so that their syntax stays readable and extensible; the Rust
// views in src/attrs.rs check the keys.
irdl.dialect @ukernel {
  // #ukernel.target<{arch = "sm_90", ukernels = "all", sm_count = 132 : i64}>
  // On the module: which GPU the dispatches target and which ukernels may be used.
  irdl.attribute @target {
    %config = irdl.base "#builtin.dictionary"
    irdl.parameters(config: %config)
  }

  // #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 0 : i64}>
  // A ukernel by symbol name; its dictionary holds shared_memory_bytes,
  // dynamic_shared_memory_bytes, semantics and the attributes its
  // declaration carries.
  irdl.attribute @spec {
    %name = irdl.base "#builtin.string"
    %def_attrs = irdl.base "#builtin.dictionary"
    irdl.parameters(name: %name, def_attrs: %def_attrs)
  }

  // #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0],
  //                           workgroup_size = [256, 1, 1], params = {split = 8 : i64},
  //                           ukernel = #ukernel.spec<...>}>
  irdl.attribute @lowering_config {
    %config = irdl.base "#builtin.dictionary"
    irdl.parameters(config: %config)
  }

  // #ukernel.object<{path = "uk_argmax_f32i64.sm_80.bc", data = dense_resource<...> : vector<Nxi8>}>
  irdl.attribute @object {
    %config = irdl.base "#builtin.dictionary"
    irdl.parameters(config: %config)
  }
}
