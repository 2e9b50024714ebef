// Argmax whose value is selected on the index's own predicate
// (`select(p, in, acc)` for both, the form written by hand and by some
// frontends) instead of maximumf/maxnumf: the value is then the element
// whose index is kept. With `cmpf ogt` it is never NaN (the maxnum
// ukernels, NaN skipped); with the NaN-aware predicate the first NaN wins
// (the first-nan ukernels). A value selected on another predicate than the
// index's is no argmax and takes the default path, saying why. `ukc-run run`
// checks each against upstream MLIR's CPU execution (`--reference`).
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// RUN: ukc explain %s --arch sm_90 2>&1 | FileCheck %s --check-prefix=WHY
// WHY: remark: ukernel: no ukernel: not an argmax: the value select and the index select test different predicates
// CHECK-DAG: reference outputs (MLIR on the CPU) of 5 function(s)
// CHECK-DAG: select_ogt_f32i64_1x128256: ukernel uk_argmax_maxnum_f32i64
// CHECK-DAG: select_nan_first_bf16i32_8x32000: ukernel uk_argmax_bf16i32
// CHECK-DAG: select_ogt_f16i64_4096x1000: ukernel uk_argmax_maxnum_f16i64
// CHECK-DAG: select_ogt_f32i32_dynx4000: ukernel uk_argmax_maxnum_f32i32
// CHECK-DAG: select_on_another_predicate_f32i64_4x5000{{.*}}: ukernel none
module {
  func.func @select_ogt_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %p = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %p, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %v, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi64>
  }
  func.func @select_nan_first_bf16i32_8x32000(%x: tensor<8x32000xbf16>) -> (tensor<8xbf16>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x32000xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %pg = arith.cmpf ogt, %a, %b : bf16
      %pu = arith.cmpf uno, %a, %a : bf16
      %po = arith.cmpf ord, %b, %b : bf16
      %pn = arith.andi %pu, %po : i1
      %p = arith.ori %pg, %pn : i1
      %v = arith.select %p, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %v, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi32>
  }
  func.func @select_ogt_f16i64_4096x1000(%x: tensor<4096x1000xf16>) -> (tensor<4096xf16>, tensor<4096xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4096xf16>) -> tensor<4096xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x1000xf16>) outs(%fv, %fi : tensor<4096xf16>, tensor<4096xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %p = arith.cmpf ogt, %a, %b : f16
      %v = arith.select %p, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %v, %s : f16, i64
    } -> (tensor<4096xf16>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xf16>, tensor<4096xi64>
  }
  func.func @select_ogt_f32i32_dynx4000(%x: tensor<?x4000xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
    %c0 = arith.constant 0 : index
    %r0 = tensor.dim %x, %c0 : tensor<?x4000xf32>
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%r0) : tensor<?xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
    %ev = tensor.empty(%r0) : tensor<?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x4000xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %p = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %p, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %v, %s : f32, i32
    } -> (tensor<?xf32>, tensor<?xi32>)
    return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
  }
  func.func @select_on_another_predicate_f32i64_4x5000(%x: tensor<4x5000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x5000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %p = arith.cmpf ogt, %a, %b : f32
      %q = arith.cmpf oge, %a, %b : f32
      %v = arith.select %q, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %v, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
