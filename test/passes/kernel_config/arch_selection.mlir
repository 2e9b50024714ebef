// The bitcode of the greatest arch <= the target is selected, and the
// bitcode of newer arches rides along (the target links each arch's own
// from what the IR carries when a package serves several); a target older
// than every bitcode is rejected with a remark.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @sm80_gets_sm80_bitcode
// CHECK: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_80.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_80.bc"}>, #ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "all"}>} {
  func.func @sm80_gets_sm80_bitcode(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_80)}}
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

// CHECK-LABEL: func.func @sm86_gets_sm80_bitcode
// CHECK: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_80.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_80.bc"}>, #ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_86", ukernels = "all"}>} {
  func.func @sm86_gets_sm80_bitcode(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_80)}}
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

// CHECK-LABEL: func.func @sm90_gets_sm90_bitcode
// CHECK: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @sm90_gets_sm90_bitcode(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_90)}}
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

// CHECK-LABEL: func.func @newer_target_gets_sm90_bitcode
// CHECK: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_100", ukernels = "all"}>} {
  func.func @newer_target_gets_sm90_bitcode(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_90)}}
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

// CHECK-LABEL: func.func @sm120_gets_sm90_bitcode
// CHECK: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"
// CHECK-SAME: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_120", ukernels = "all"}>} {
  func.func @sm120_gets_sm90_bitcode(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_90)}}
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

// Older than any bitcode: rejected, saying which arches exist.
// CHECK-LABEL: func.func @older_target_rejected
// CHECK-NOT: ukernel.spec
module attributes {ukernel.target = #ukernel.target<{arch = "sm_75", ukernels = "all"}>} {
  func.func @older_target_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{argmax matched (f32 rows, i64 indices, ogt NaN rule), but uk_argmax_ogt_f32i64 has bitcode for sm_80, sm_90, none at or below the target sm_75}}
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
