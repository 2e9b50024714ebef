// A configuration that splits K (`k_splits = 5`, as KernelConfig chooses
// for 512 x 768 x 3072 where the registry offers parts: 24 tiles of 128 x
// 128, 48 K tiles each, walked as 5 units per tile by 120 workgroups): the
// call passes the part count last, and the call site's zeroed global holds
// the tensor maps (384 bytes) and then the split-K workspace: 24 counters
// padded to 256 bytes and 24 x 5 partials of 128 x 128 f32 (7864960 bytes
// in all).
// RUN: ukernel-opt --split-input-file --ukernel-explain --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' \
// RUN:   --mlir-elide-resource-strings-if-larger=1 %s | FileCheck %s

// CHECK: memref.global "private" @__ukernel_scratch_0 : memref<7864960xi8> = dense<0>
// CHECK-LABEL: func.func @gpt2_down_projection
// CHECK: %[[W:.*]] = arith.constant 120 : index
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = ({{.*}}) to (%{{.*}}, %[[W]])
// CHECK: %[[S:.*]] = arith.constant 5 : i32
// CHECK: func.call @uk_matmul_wgmma_narrow_bf16_nk({{.*}}, %[[S]]) {ukernel.cluster = array<i32: 1, 2, 1>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>, ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_wgmma_narrow_bf16_nk.sm_90a.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @gpt2_down_projection(%a: memref<512x3072xbf16>, %b: memref<768x3072xbf16>, %c: memref<512x768xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<512x768xf32>)
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<512x3072xbf16>, memref<768x3072xbf16>) outs(%c : memref<512x768xf32>) {lowering_config = #ukernel.lowering_config<{params = {k_splits = 5 : i64, persistent_workgroups = 120 : i64}, workgroup = [128, 128, 0], reduction = [0, 0, 0], workgroup_size = [384, 1, 1], ukernel = #ukernel.spec<"uk_matmul_wgmma_narrow_bf16_nk", {abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64", "desc: ptr", "desc_offset: i64", "k_splits: i32"], dynamic_shared_memory_bytes = 198656 : i64, facts = {cluster_m = 2 : i64, desc_bytes = 384 : i64, max_k_splits = 16 : i64, min_workgroups_per_sm = 1 : i64, persistent = 1 : i64, tile_k = 64 : i64, tile_m = 128 : i64, tile_n = 128 : i64, tile_throughput_permille = 865 : i64}, family = "matmul", operand_types = ["bf16", "bf16", "f32"], shared_memory_bytes = 0 : i64, tags = {b_layout = "nk", fusion = "store"}}>}>}
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      bc: "0x0400000000000000"
    }
  }
#-}

// -----

// KernelConfig keeps K whole for the same matmul while the registry offers
// one part (`max_k_splits = 1`, see WGMMA_MAX_K_SPLITS): 24 workgroups.
// CHECK-LABEL: func.func @registry_keeps_k_whole
// CHECK: %[[S:.*]] = arith.constant 1 : i32
// CHECK: func.call @uk_matmul_wgmma_narrow_bf16_nk({{.*}}, %[[S]]) {ukernel.cluster
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @registry_keeps_k_whole(%a: memref<512x3072xbf16>, %b: memref<768x3072xbf16>, %c: memref<512x768xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<512x768xf32>)
    // expected-remark@+1 {{128 x 128 tiles, workgroups of 384 threads, K whole, 24 workgroups walking 24 tiles (1 round) in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<512x3072xbf16>, memref<768x3072xbf16>) outs(%c : memref<512x768xf32>)
    return
  }
}

// -----

// Many tiles keep K whole: 4096^3 is 512 tiles of 128 x 256, four rounds;
// the global holds the tensor maps alone.
// CHECK: memref.global "private" @__ukernel_scratch_{{[0-9]+}} : memref<512xi8>
// CHECK-LABEL: func.func @many_tiles_keep_k_whole
// CHECK: %[[S:.*]] = arith.constant 1 : i32
// CHECK: func.call @uk_matmul_wgmma_bf16_kn({{.*}}, %[[S]]) {ukernel.cluster
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @many_tiles_keep_k_whole(%a: memref<4096x4096xbf16>, %b: memref<4096x4096xbf16>, %c: memref<4096x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<4096x4096xf32>)
    // expected-remark@+1 {{128 x 256 tiles, workgroups of 384 threads, K whole, 132 workgroups walking 512 tiles (4 rounds) in clusters of 2 along M sharing B;}}
    linalg.matmul ins(%a, %b : memref<4096x4096xbf16>, memref<4096x4096xbf16>) outs(%c : memref<4096x4096xf32>)
    return
  }
}

// -----

// A dynamic M leaves the tile count, and so the workspace, unknown: K whole.
// CHECK-LABEL: func.func @dynamic_m_keeps_k_whole
// CHECK: %[[S:.*]] = arith.constant 1 : i32
// CHECK: func.call @uk_matmul_wgmma_bf16_nk({{.*}}, %[[S]]) {ukernel.cluster
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @dynamic_m_keeps_k_whole(%a: memref<?x16384xbf16>, %b: memref<1024x16384xbf16>, %c: memref<?x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x1024xf32>)
    // expected-remark@+1 {{K whole, 132 workgroups walking the tiles in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<?x16384xbf16>, memref<1024x16384xbf16>) outs(%c : memref<?x1024xf32>)
    return
  }
}
