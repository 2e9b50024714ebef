// Argmax-like folds no ukernel implements (a zero value init, a reduction
// over the outer dimension, an oge compare that keeps the last maximum) run
// on the default lowering, and their kernels still get a CPU reference: the
// argmax family's "fold", which replays the op in order from its inits. The
// NaN-ignoring maxnumf combiner has its own ukernel and reference
// (semantics "maxnum").
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=REF < %t.dump/1.configured.mlir
// CHECK: zero_init: ukernel none
// CHECK: outer_dim: ukernel none
// CHECK: maxnumf: ukernel uk_argmax_maxnum_f32i64
// CHECK: oge_last_max: ukernel none
// REF-LABEL: func.func @zero_init
// REF-SAME: ukernel.reference = {axis = 1 : i64, combiner = "maximumf", family = "argmax", index = 1 : i64, init_index = 0 : i64, init_value = "0.0", input = 0 : i64, predicate = "ogt", semantics = "fold", value = -1 : i64}
// REF-LABEL: func.func @outer_dim
// REF-SAME: ukernel.reference = {axis = 0 : i64, combiner = "maximumf", family = "argmax", index = 1 : i64, init_index = 0 : i64, init_value = "-inf", input = 0 : i64, predicate = "ogt", semantics = "fold", value = -1 : i64}
// REF-LABEL: func.func @maxnumf
// REF-SAME: semantics = "maxnum"
// REF-LABEL: func.func @oge_last_max
// REF-SAME: predicate = "oge"
module {
  func.func @zero_init(%x: tensor<4x100xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %fzero = arith.constant 0.0 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%fzero : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x100xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }

  func.func @outer_dim(%x: tensor<100x4xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<100x4xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 0 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }

  func.func @maxnumf(%x: tensor<4x100xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x100xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }

  func.func @oge_last_max(%x: tensor<4x100xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %fzero = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%fzero : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x100xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf oge, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }
}
