// Every argmax element type (f32, f16, bf16) and index type (i32, i64) gets
// its ukernel, spec and sm_90 bitcode object.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @argmax_f32i32_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i32", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i32.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i32.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_f32i32_selected(%in: tensor<1x32000xf32>) -> tensor<1xi32> {
    %zero = arith.constant 0 : i32
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i32 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<1xf32>, tensor<1xi32>)
    return %r#1 : tensor<1xi32>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_f32i64_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_f32i64_selected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
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

// CHECK-LABEL: func.func @argmax_f16i32_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f16i32", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f16i32.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f16i32.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_f16i32_selected(%in: tensor<1x32000xf16>) -> tensor<1xi32> {
    %zero = arith.constant 0 : i32
    %init = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%init : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    // expected-remark@+1 {{selected uk_argmax_ogt_f16i32 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %ii, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<1xf16>, tensor<1xi32>)
    return %r#1 : tensor<1xi32>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_f16i64_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f16i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f16i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f16i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_f16i64_selected(%in: tensor<1x32000xf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%init : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    // expected-remark@+1 {{selected uk_argmax_ogt_f16i64 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<1xf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_bf16i32_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_bf16i32", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_bf16i32.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_bf16i32.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_bf16i32_selected(%in: tensor<1x32000xbf16>) -> tensor<1xi32> {
    %zero = arith.constant 0 : i32
    %init = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%init : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    // expected-remark@+1 {{selected uk_argmax_ogt_bf16i32 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %ii, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<1xbf16>, tensor<1xi32>)
    return %r#1 : tensor<1xi32>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_bf16i64_selected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split = 16 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_bf16i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_bf16i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_bf16i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_bf16i64_selected(%in: tensor<1x32000xbf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%init : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    // expected-remark@+1 {{selected uk_argmax_ogt_bf16i64 (bitcode for sm_90): each row split across 16 workgroup(s)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
