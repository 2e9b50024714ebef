// An object already present with the ukernel's path (user-supplied) wins
// over the embedded bitcode.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// A user object with the ukernel's path on the op wins: nothing is added.
// CHECK-LABEL: func.func @user_object_on_op_wins
// CHECK: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<mine{{.*}}> : vector<4xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>]}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @user_object_on_op_wins(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (the object 'uk_argmax_ogt_f32i64.sm_90.bc' already present)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) attrs = {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_ogt_f32i64.sm_90.bc", data = dense_resource<mine> : vector<4xi8>}>]} {
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
{-#
  dialect_resources: {
    builtin: {
      mine: "0x0100000042434344"
    }
  }
#-}
// -----

// On the function, too.
// CHECK-LABEL: func.func @user_object_on_function_wins
// CHECK-NOT: dense_resource<uk_argmax_ogt_f32i64
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @user_object_on_function_wins(%in: tensor<1x32000xf32>) -> tensor<1xi64> attributes {ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_ogt_f32i64.sm_90.bc", data = dense_resource<mine> : vector<4xi8>}>]} {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{already present}}
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
{-#
  dialect_resources: {
    builtin: {
      mine: "0x0100000042434344"
    }
  }
#-}
// -----

// And on the module.
// CHECK-LABEL: func.func @user_object_on_module_wins
// CHECK-NOT: dense_resource<uk_argmax_ogt_f32i64
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>, ukernel.executable_objects = [#ukernel.object<{path = "uk_argmax_ogt_f32i64.sm_90.bc", data = dense_resource<mine> : vector<4xi8>}>]} {
  func.func @user_object_on_module_wins(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{already present}}
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
{-#
  dialect_resources: {
    builtin: {
      mine: "0x0100000042434344"
    }
  }
#-}
// -----

// An object under another path does not stand in for the ukernel: ours is
// appended after it.
// CHECK-LABEL: func.func @other_object_kept_and_ukernel_added
// CHECK: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<mine{{.*}}> : vector<4xi8>, path = "helpers.bc"}>, #ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @other_object_kept_and_ukernel_added(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{(bitcode for sm_90)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) attrs = {ukernel.executable_objects = [#ukernel.object<{path = "helpers.bc", data = dense_resource<mine> : vector<4xi8>}>]} {
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
{-#
  dialect_resources: {
    builtin: {
      mine: "0x0100000042434344"
    }
  }
#-}
