// Rows map to GPU blocks x, parts of a row to blocks y, threads to x;
// offsets, scratch and write_value follow the operands.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-lower-to-ukernels)' %s | FileCheck %s

// The value buffer is an argument: observable, so written (write_value = 1).
// Rows split in 32 parts get 8 x (16 + 16 x 32) bytes of zeroed scratch.
// CHECK: memref.global "private" @__ukernel_scratch_0 : memref<4224xi8> = dense<0> {alignment = 16 : i64}
// CHECK-LABEL: func.func @value_used_split_rows
// CHECK-NOT: linalg.fill
// CHECK: memref.get_global @__ukernel_scratch_0 : memref<4224xi8>
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[SPLIT:.*]] = arith.constant 32 : index
// CHECK: scf.parallel (%[[ROW:.*]], %[[PART:.*]]) = ({{.*}}) to ({{.*}}, %[[SPLIT]])
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%[[THREADS]])
// CHECK: %[[P32:.*]] = arith.index_cast %[[PART]] : index to i32
// CHECK: %[[NSPLIT:.*]] = arith.constant 32 : i32
// CHECK: %[[ROWBYTES:.*]] = arith.constant 528 : index
// CHECK: arith.muli %[[ROW]], %[[ROWBYTES]]
// CHECK: %[[WRITE:.*]] = arith.constant 1 : i32
// No fused producer: the input_map fusion point gets a null pointer.
// CHECK: %[[NOMAP:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: func.call @uk_argmax_f32i64({{.*}}, %[[P32]], %[[NSPLIT]], {{.*}}, {{.*}}, %[[WRITE]], %[[NOMAP]])
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @value_used_split_rows(%in: memref<8x128256xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], params = {split = 32 : i64}, ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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

// A local value buffer used only by its fill and the argmax: not written.
// CHECK-LABEL: func.func @value_unused_not_written
// CHECK: %[[WRITE:.*]] = arith.constant 0 : i32
// CHECK: %[[NOMAP:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: func.call @uk_argmax_f32i64({{.*}}, %[[WRITE]], %[[NOMAP]])
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @value_unused_not_written(%in: memref<8x128256xf32>, %idx: memref<8xi64>) {
    %val = memref.alloc() : memref<8xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    memref.dealloc %val : memref<8xf32>
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

// Dynamic rows and length: rows and length come from the memref, one part per row.
// CHECK-LABEL: func.func @dynamic_shapes
// CHECK: memref.get_global @__ukernel_zeros_16xi8
// CHECK: %[[BASE:[a-z_0-9]+]], %[[OFF:[a-z_0-9]+]], %[[SIZES:[a-z_0-9]+]]:2, %[[STRIDES:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg0 : memref<?x?xf32>
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%[[SIZES]]#0, {{.*}})
// CHECK: %[[LEN:.*]] = arith.index_cast %[[SIZES]]#1 : index to i64
// CHECK: func.call @uk_argmax_f32i64(%[[BASE]], {{.*}}, %[[LEN]],
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @dynamic_shapes(%in: memref<?x?xf32>, %val: memref<?xf32>, %idx: memref<?xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<?xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<?xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<?x?xf32>) outs(%val, %idx : memref<?xf32>, memref<?xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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

// Batched rows: the row index is split into coordinates (innermost fastest)
// and each operand's offset follows its own strides.
// CHECK-LABEL: func.func @batched_rows
// CHECK: %[[ISZ:[a-z_0-9]+]]:3, %[[IST:[a-z_0-9]+]]:3 = memref.extract_strided_metadata %arg0
// CHECK: %[[INNER:.*]] = arith.remui %[[ROW:.*]], %[[ISZ]]#1 : index
// CHECK: %[[OUTER:.*]] = arith.divui %[[ROW]], %[[ISZ]]#1 : index
// CHECK: arith.muli %[[OUTER]], %[[IST]]#0 : index
// CHECK: arith.muli %[[INNER]], %[[IST]]#1 : index
// CHECK: func.call @uk_argmax_f32i64(
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @batched_rows(%in: memref<4x8x32000xf32>, %val: memref<4x8xf32>, %idx: memref<4x8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<4x8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<4x8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%in : memref<4x8x32000xf32>) outs(%val, %idx : memref<4x8xf32>, memref<4x8xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 1, 0], reduction = [0, 0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 2 : index
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
