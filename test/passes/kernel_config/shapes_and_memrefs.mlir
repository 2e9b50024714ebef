// Tiles and split follow the shape: a decode row is split across
// workgroups, many rows are not (and a grid of 4 waves or more at 6
// workgroups per SM is built for that occupancy), dynamic dims are never
// split; batched rows and memrefs are matched too.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @decode_row_split_across_workgroups
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 63 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @decode_row_split_across_workgroups(%in: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{each row split across 63 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
// -----

// CHECK-LABEL: func.func @many_rows_one_workgroup_each
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 1 : i64, workgroups_per_sm = 6 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @many_rows_one_workgroup_each(%in: tensor<4096x32000xf32>) -> tensor<4096xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4096xf32>) -> tensor<4096xf32>
    // expected-remark@+1 {{each row split across 1 workgroup(s) of 256 threads, built for 6 per SM}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<4096x32000xf32>) outs(%fv, %fi : tensor<4096xf32>, tensor<4096xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
}
// -----

// CHECK-LABEL: func.func @dynamic_length_not_split
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 1 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @dynamic_length_not_split(%in: tensor<1x?xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{each row split across 1 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x?xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
// -----

// CHECK-LABEL: func.func @dynamic_rows_not_split
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 1 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @dynamic_rows_not_split(%in: tensor<?x32000xf32>) -> tensor<?xi64> {
    %c0 = arith.constant 0 : index
    %d0 = tensor.dim %in, %c0 : tensor<?x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%d0) : tensor<?xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<?xi64>) -> tensor<?xi64>
    %ev = tensor.empty(%d0) : tensor<?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
    // expected-remark@+1 {{each row split across 1 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<?x32000xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<?xf32>, tensor<?xi64>)
    return %r#1 : tensor<?xi64>
  }
}
// -----

// CHECK-LABEL: func.func @batched_rows
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 9 : i64}, reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @batched_rows(%in: tensor<4x8x32000xf32>) -> tensor<4x8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4x8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4x8xi64>) -> tensor<4x8xi64>
    %ev = tensor.empty() : tensor<4x8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4x8xf32>) -> tensor<4x8xf32>
    // expected-remark@+1 {{each row split across 9 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%in : tensor<4x8x32000xf32>) outs(%fv, %fi : tensor<4x8xf32>, tensor<4x8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 2 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4x8xf32>, tensor<4x8xi64>)
    return %r#1 : tensor<4x8xi64>
  }
}
// -----

// CHECK-LABEL: func.func @batched_dynamic_rows
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 1 : i64}, reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 1, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @batched_dynamic_rows(%in: tensor<2x?x128256xf32>) -> tensor<2x?xi64> {
    %c1 = arith.constant 1 : index
    %d1 = tensor.dim %in, %c1 : tensor<2x?x128256xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%d1) : tensor<2x?xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<2x?xi64>) -> tensor<2x?xi64>
    %ev = tensor.empty(%d1) : tensor<2x?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2x?xf32>) -> tensor<2x?xf32>
    // expected-remark@+1 {{each row split across 1 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%in : tensor<2x?x128256xf32>) outs(%fv, %fi : tensor<2x?xf32>, tensor<2x?xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 2 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<2x?xf32>, tensor<2x?xi64>)
    return %r#1 : tensor<2x?xi64>
  }
}
// -----

// On memrefs: the fills are the last writes before the op.
// CHECK-LABEL: func.func @memref_argmax_selected
// CHECK: linalg.generic
// CHECK-SAME: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i32"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @memref_argmax_selected(%in: memref<8x128256xf32>, %val: memref<8xf32>, %idx: memref<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i32) outs(%idx : memref<8xi32>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i32 (bitcode for sm_90): each row split across 33 workgroup(s)}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i32
      linalg.yield %m, %s : f32, i32
    }
    return
  }
}
// -----

// On memrefs, a write between the fill and the op breaks the -inf start.
// CHECK-LABEL: func.func @memref_overwritten_init_rejected
// CHECK-NOT: ukernel.spec
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @memref_overwritten_init_rejected(%in: memref<8x128256xf32>, %val: memref<8xf32>, %idx: memref<8xi32>, %other: memref<8xf32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i32) outs(%idx : memref<8xi32>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    memref.copy %other, %val : memref<8xf32> to memref<8xf32>
    // expected-remark@+1 {{the value init is not a linalg.fill (the ukernel starts from -inf)}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i32
      linalg.yield %m, %s : f32, i32
    }
    return
  }
}
