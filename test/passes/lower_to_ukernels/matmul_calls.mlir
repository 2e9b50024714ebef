// Matmul ops become calls of their ukernel: grid x over N tiles, y over M
// tiles (a ceiling division of the runtime sizes when dynamic), every
// operand flattened to (base, offset, leading dimension), then M, N, K, the
// workgroup's tile and whether C is accumulated into. A zero fill of C is
// dropped (the ukernel writes C); any other init is kept and accumulated.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-lower-to-ukernels)' %s | FileCheck %s

// CHECK: func.func private @uk_matmul_tile_bf16_nk(memref<bf16>, i64, i64, memref<bf16>, i64, i64, memref<f32>, i64, i64, i64, i64, i64, i32, i32, i32, !llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64) attributes {llvm.bareptr, ukernel.dynamic_shared_memory_bytes = 147504 : i64, ukernel.linkage = "call", ukernel.pipeline = "o3", ukernel.shared_memory_bytes = 0 : i64}
// CHECK-LABEL: func.func @zero_init_dynamic_m
// CHECK-NOT: linalg.fill
// CHECK: %[[C:[a-z_0-9]+]], %[[COFF:[a-z_0-9]+]], %[[CSZ:[a-z_0-9]+]]:2, %[[CST:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg2
// CHECK: %[[A:[a-z_0-9]+]], %[[AOFF:[a-z_0-9]+]], %[[ASZ:[a-z_0-9]+]]:2, %[[AST:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg0
// CHECK: %[[C127:.*]] = arith.constant 127 : index
// CHECK: %[[NSUM:.*]] = arith.addi %[[CSZ]]#1, %[[C127]] : index
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[NT:.*]] = arith.divui %[[NSUM]], %[[C128]] : index
// CHECK: %[[MSUM:.*]] = arith.addi %[[CSZ]]#0, %{{.*}} : index
// CHECK: %[[MT:.*]] = arith.divui %[[MSUM]], %{{.*}} : index
// CHECK: scf.parallel (%[[BN:.*]], %[[BM:.*]]) = ({{.*}}) to (%[[NT]], %[[MT]])
// CHECK: %[[M:.*]] = arith.index_cast %[[CSZ]]#0 : index to i64
// CHECK: %[[TM:.*]] = arith.index_cast %[[BM]] : index to i32
// CHECK: %[[TN:.*]] = arith.index_cast %[[BN]] : index to i32
// CHECK: %[[ACC:.*]] = arith.constant 0 : i32
// CHECK: func.call @uk_matmul_tile_bf16_nk(%[[A]], {{.*}}, %[[C]], {{.*}}, %[[M]], {{.*}}, %[[TM]], %[[TN]], %[[ACC]], {{.*}})
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_tile_bf16_nk.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @zero_init_dynamic_m(%a: memref<?x4096xbf16>, %b: memref<1000x4096xbf16>, %c: memref<?x1000xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x1000xf32>)
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : memref<?x4096xbf16>, memref<1000x4096xbf16>) outs(%c : memref<?x1000xf32>)
        {lowering_config = #ukernel.lowering_config<{workgroup = [256, 128, 0], reduction = [0, 0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_matmul_tile_bf16_nk", {dynamic_shared_memory_bytes = 147504 : i64, family = "matmul", operand_types = ["bf16", "bf16", "f32"], facts = {min_workgroups_per_sm = 1 : i64, tile_k = 64 : i64, tile_m = 256 : i64, tile_n = 128 : i64}, tags = {b_layout = "nk", fusion = "store", linkage = "call"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64"]}>}>}
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

// A fill with something other than zero is kept; C is accumulated into.
// CHECK-LABEL: func.func @nonzero_init_kept
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg2 : memref<16x64xf32>)
// CHECK: %[[ACC:.*]] = arith.constant 1 : i32
// CHECK: func.call @uk_matmul_skinny_f16_nk({{.*}}, %[[ACC]], {{.*}})
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_skinny_f16_nk.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @nonzero_init_kept(%a: memref<16x64xf16>, %b: memref<64x64xf16>, %c: memref<16x64xf32>) {
    %one = arith.constant 1.0 : f32
    linalg.fill ins(%one : f32) outs(%c : memref<16x64xf32>)
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : memref<16x64xf16>, memref<64x64xf16>) outs(%c : memref<16x64xf32>)
        {lowering_config = #ukernel.lowering_config<{workgroup = [16, 16, 0], reduction = [0, 0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_matmul_skinny_f16_nk", {shared_memory_bytes = 8192 : i64, family = "matmul", operand_types = ["f16", "f16", "f32"], facts = {max_m = 16 : i64, min_workgroups_per_sm = 1 : i64, tile_k = 512 : i64, tile_m = 16 : i64, tile_n = 32 : i64}, tags = {b_layout = "nk", fusion = "store"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64"]}>}>}
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

// B read along columns (a transposed view) cannot be flattened to rows.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_matmul_tile_bf16_kn.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @strided_b_rejected(%a: memref<64x64xbf16>, %b: memref<64x64xbf16, strided<[1, 64]>>, %c: memref<64x64xf32>) {
    // expected-error@+1 {{the B's innermost stride is 64; uk_matmul_tile_bf16_kn reads rows with unit stride}}
    linalg.matmul ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16, strided<[1, 64]>>) outs(%c : memref<64x64xf32>)
        {lowering_config = #ukernel.lowering_config<{workgroup = [256, 128, 0], reduction = [0, 0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_matmul_tile_bf16_kn", {dynamic_shared_memory_bytes = 147504 : i64, family = "matmul", operand_types = ["bf16", "bf16", "f32"], facts = {min_workgroups_per_sm = 1 : i64, tile_k = 64 : i64, tile_m = 256 : i64, tile_n = 128 : i64}, tags = {b_layout = "kn", fusion = "store", linkage = "call"}, abi = ["a: ptr", "a_offset: i64", "lda: i64", "b: ptr", "b_offset: i64", "ldb: i64", "c: ptr", "c_offset: i64", "ldc: i64", "m: i64", "n: i64", "k: i64", "tile_m: i32", "tile_n: i32", "accumulate: i32", "store: ptr", "store_out: ptr", "store_out_offset: i64", "store_ld: i64", "store_operand: ptr", "store_operand_offset: i64"]}>}>}
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
