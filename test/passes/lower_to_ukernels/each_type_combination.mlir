// Each argmax type combination lowers to a call of its ukernel with the
// documented flattened ABI, declared once with llvm.bareptr.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ukernel-lower-to-ukernels)' %s | FileCheck %s

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_f32i32(memref<f32>, i64, memref<f32>, i64, memref<i32>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_f32i32
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_f32i32(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i32.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_f32i32(%in: memref<4x32000xf32>, %val: memref<4xf32>, %idx: memref<4xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i32) outs(%idx : memref<4xi32>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xf32>) outs(%val, %idx : memref<4xf32>, memref<4xi32>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i32", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i32"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i32
      linalg.yield %m, %s : f32, i32
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

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_f32i64(memref<f32>, i64, memref<f32>, i64, memref<i64>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_f32i64
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_f32i64(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f32i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_f32i64(%in: memref<4x32000xf32>, %val: memref<4xf32>, %idx: memref<4xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<4xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xf32>) outs(%val, %idx : memref<4xf32>, memref<4xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f32", "f32", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
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

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_f16i32(memref<f16>, i64, memref<f16>, i64, memref<i32>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_f16i32
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_f16i32(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f16i32.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_f16i32(%in: memref<4x32000xf16>, %val: memref<4xf16>, %idx: memref<4xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    linalg.fill ins(%zero : i32) outs(%idx : memref<4xi32>)
    linalg.fill ins(%ninf : f16) outs(%val : memref<4xf16>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xf16>) outs(%val, %idx : memref<4xf16>, memref<4xi32>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f16i32", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f16", "f16", "i32"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %xi, %c : i32
      linalg.yield %m, %s : f16, i32
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

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_f16i64(memref<f16>, i64, memref<f16>, i64, memref<i64>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_f16i64
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_f16i64(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_f16i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_f16i64(%in: memref<4x32000xf16>, %val: memref<4xf16>, %idx: memref<4xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    linalg.fill ins(%zero : i64) outs(%idx : memref<4xi64>)
    linalg.fill ins(%ninf : f16) outs(%val : memref<4xf16>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xf16>) outs(%val, %idx : memref<4xf16>, memref<4xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_f16i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["f16", "f16", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f16, i64
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

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_bf16i32(memref<bf16>, i64, memref<bf16>, i64, memref<i32>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_bf16i32
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_bf16i32(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_bf16i32.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_bf16i32(%in: memref<4x32000xbf16>, %val: memref<4xbf16>, %idx: memref<4xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    linalg.fill ins(%zero : i32) outs(%idx : memref<4xi32>)
    linalg.fill ins(%ninf : bf16) outs(%val : memref<4xbf16>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xbf16>) outs(%val, %idx : memref<4xbf16>, memref<4xi32>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_bf16i32", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["bf16", "bf16", "i32"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %xi, %c : i32
      linalg.yield %m, %s : bf16, i32
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

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8> = dense<0>
// CHECK-DAG: func.func private @uk_argmax_bf16i64(memref<bf16>, i64, memref<bf16>, i64, memref<i64>, i64, i64, i32, i32, memref<i8>, i64, i32, !llvm.ptr) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "after-inlining", ukernel.shared_memory_bytes = 388 : i64}
// CHECK-LABEL: func.func @argmax_bf16i64
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel
// CHECK: func.call @uk_argmax_bf16i64(
// CHECK-NOT: linalg.generic
module attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_bf16i64.bc", data = dense_resource<bc> : vector<4xi8>}>]} {
  func.func @argmax_bf16i64(%in: memref<4x32000xbf16>, %val: memref<4xbf16>, %idx: memref<4xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    linalg.fill ins(%zero : i64) outs(%idx : memref<4xi64>)
    linalg.fill ins(%ninf : bf16) outs(%val : memref<4xbf16>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4x32000xbf16>) outs(%val, %idx : memref<4xbf16>, memref<4xi64>) attrs = {lowering_config = #ukernel.lowering_config<{workgroup = [1, 0], reduction = [0, 0], workgroup_size = [256, 1, 1], ukernel = #ukernel.spec<"uk_argmax_bf16i64", {shared_memory_bytes = 388 : i64, family = "argmax", operand_types = ["bf16", "bf16", "i64"], tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "first-nan"}, abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"]}>}>} {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : bf16, i64
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
