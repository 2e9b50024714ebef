// Lowering errors name the op: a spec without the descriptor KernelConfig
// writes (lowering reads the ukernel from the IR alone, never from the
// registry), a descriptor whose ABI names a type no ukernel takes, no
// provider object, wrong types, tensors, a tile-walking ukernel without its
// walker count; ops without a spec stay.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-lower-to-ukernels)' %s | FileCheck %s

module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @spec_without_descriptor(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{the spec of 'uk_argmax_f99i64' carries no descriptor (family and abi): ukernel-kernel-config writes one}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f99i64", {shared_memory_bytes = 388 : i64}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @abi_of_an_unknown_type(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{the abi of 'uk_argmax_f32i64' has parameter length of type f32; expected ptr, i64 or i32}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: f32", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

// The object is for another ukernel.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f16i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @missing_object(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{no executable object on the enclosing module provides uk_argmax_f32i64}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

// Objects still on the op (not hoisted) do not count.
module {
  func.func @object_not_hoisted(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{no executable object on the enclosing module provides uk_argmax_f32i64 (run ukernel-hoist-executable-objects}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>, ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

// The spec's types must be the op's.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_bf16i32.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @types_differ_from_spec(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{uk_argmax_bf16i32 takes bf16 input and i32 indices, the op has f32 and i64}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_bf16i32", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["bf16", "bf16", "i32"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

// Tensors: lowering runs after bufferization.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @tensor_operands(%in: tensor<8x100xf32>, %val: tensor<8xf32>, %idx: tensor<8xi64>) -> tensor<8xi64> {
    // expected-error@+1 {{is not a memref: lower to ukernels after bufferization}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<8x100xf32>) outs(%val, %idx : tensor<8xf32>, tensor<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
// -----

// Ops without a spec are left for codegen.
// CHECK-LABEL: func.func @no_spec_untouched
// CHECK: linalg.generic
// CHECK-NOT: func.call
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @no_spec_untouched(%in: memref<8x100xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}

// -----

// A ukernel that walks tiles needs its walker count in the lowering config.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_wgmma_bf16_nk.sm_90a.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @walker_count_missing(%a: memref<256x64xbf16>, %b: memref<256x64xbf16>, %c: memref<256x256xf32>) {
    // expected-error@+1 {{uk_matmul_wgmma_bf16_nk walks tiles: its lowering config needs params = {persistent_workgroups = N}, 0 < N <= 65535 workgroups in whole clusters of 2}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<256x64xbf16>, memref<256x64xbf16>) outs(%c : memref<256x256xf32>) {lowering_config = #ukernel.lowering_config<{workgroup = [128, 256, 0], reduction = [0, 0, 0], workgroup_size = [384, 1, 1], ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk", {dynamic_shared_memory_bytes = 198656 : i64, shared_memory_bytes = 0 : i64, family = "matmul", operand_types = ["bf16", "bf16", "f32"], facts = {cluster_m = 2 : i64, desc_bytes = 512 : i64, min_workgroups_per_sm = 1 : i64, persistent = 1 : i64, split_tail_permille = 865 : i64, tile_k = 64 : i64, tile_m = 128 : i64, tile_n = 256 : i64, tile_throughput_permille = 1000 : i64}, tags = {b_layout = "nk", fusion = "store"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64", "desc: ptr", "desc_offset: i64"]}>}>}
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}

// -----

module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_wgmma_bf16_nk.sm_90a.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @walker_count_not_whole_clusters(%a: memref<256x64xbf16>, %b: memref<256x64xbf16>, %c: memref<256x256xf32>) {
    // expected-error@+1 {{in whole clusters of 2, not 3}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<256x64xbf16>, memref<256x64xbf16>) outs(%c : memref<256x256xf32>) {lowering_config = #ukernel.lowering_config<{params = {persistent_workgroups = 3 : i64}, workgroup = [128, 256, 0], reduction = [0, 0, 0], workgroup_size = [384, 1, 1], ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk", {dynamic_shared_memory_bytes = 198656 : i64, shared_memory_bytes = 0 : i64, family = "matmul", operand_types = ["bf16", "bf16", "f32"], facts = {cluster_m = 2 : i64, desc_bytes = 512 : i64, min_workgroups_per_sm = 1 : i64, persistent = 1 : i64, split_tail_permille = 865 : i64, tile_k = 64 : i64, tile_m = 128 : i64, tile_n = 256 : i64, tile_throughput_permille = 1000 : i64}, tags = {b_layout = "nk", fusion = "store"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64", "desc: ptr", "desc_offset: i64"]}>}>}
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}

// -----

module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_wgmma_bf16_nk.sm_90a.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @walker_count_past_the_grid_limit(%a: memref<256x64xbf16>, %b: memref<256x64xbf16>, %c: memref<256x256xf32>) {
    // expected-error@+1 {{in whole clusters of 2, not 65536}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<256x64xbf16>, memref<256x64xbf16>) outs(%c : memref<256x256xf32>) {lowering_config = #ukernel.lowering_config<{params = {persistent_workgroups = 65536 : i64}, workgroup = [128, 256, 0], reduction = [0, 0, 0], workgroup_size = [384, 1, 1], ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk", {dynamic_shared_memory_bytes = 198656 : i64, shared_memory_bytes = 0 : i64, family = "matmul", operand_types = ["bf16", "bf16", "f32"], facts = {cluster_m = 2 : i64, desc_bytes = 512 : i64, min_workgroups_per_sm = 1 : i64, persistent = 1 : i64, split_tail_permille = 865 : i64, tile_k = 64 : i64, tile_m = 128 : i64, tile_n = 256 : i64, tile_throughput_permille = 1000 : i64}, tags = {b_layout = "nk", fusion = "store"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64", "desc: ptr", "desc_offset: i64"]}>}>}
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0100000042434344"
    }
  }
#-}
