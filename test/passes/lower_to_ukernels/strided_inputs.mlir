// Strided and offset inputs are lowered when the reduced dimension has
// unit stride, and rejected otherwise.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-lower-to-ukernels)' %s | FileCheck %s

// Rows with a padded stride and an offset: lowered, offsets from the strides.
// CHECK-LABEL: func.func @strided_rows_lowered
// CHECK: func.call @uk_argmax_f32i64(
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @strided_rows_lowered(%in: memref<8x128256xf32, strided<[131072, 1], offset: ?>>, %val: memref<8xf32, strided<[2]>>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32, strided<[2]>>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32, strided<[131072, 1], offset: ?>>) outs(%val, %idx : memref<8xf32, strided<[2]>>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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

// A reduced dimension with stride 8 cannot be read as a row.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @non_unit_innermost_stride_rejected(%in: memref<8x100xf32, strided<[1, 8]>>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{the input's innermost stride is 8; uk_argmax_f32i64 reads rows with unit stride}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32, strided<[1, 8]>>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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

// Nor one whose stride is unknown.
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @dynamic_innermost_stride_rejected(%in: memref<8x100xf32, strided<[?, ?]>>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{the input's innermost stride is dynamic}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x100xf32, strided<[?, ?]>>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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
