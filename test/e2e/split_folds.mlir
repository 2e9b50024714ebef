// Default-path folds whose reduction ukernel-split-reductions splits over a
// workgroup, at the edges of its form: the middle axis of a rank-3 f16
// input with maxnumf and 'oge' (the last index of equal maxima), a dynamic
// reduction length with a non-default init (-5.0), and empty rows (every
// result is the init). Run on a GPU, each kernel is checked against the
// argmax family's `fold` reference.
// RUN: ukc compile %s --arch sm_90 --ukernels none -o %t.pkg | FileCheck %s
// CHECK: wrote {{.*}}: 3 kernel(s), PTX for sm_90
// CHECK: middle_axis_last_index_f16: ukernel none
// CHECK: dynamic_length: ukernel none
// CHECK: empty_rows: ukernel none
module {
  func.func @middle_axis_last_index_f16(%x: tensor<4x300x6xf16>) -> tensor<4x6xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<4x6xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4x6xi64>) -> tensor<4x6xi64>
    %ev = tensor.empty() : tensor<4x6xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4x6xf16>) -> tensor<4x6xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<4x300x6xf16>) outs(%fv, %fi : tensor<4x6xf16>, tensor<4x6xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maxnumf %a, %b : f16
      %p = arith.cmpf oge, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<4x6xf16>, tensor<4x6xi64>)
    return %r#1 : tensor<4x6xi64>
  }
  func.func @dynamic_length(%x: tensor<4x?xf32>) -> tensor<4xi32> {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant -5.0 : f32
    %ei = tensor.empty() : tensor<4xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x?xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<4xf32>, tensor<4xi32>)
    return %r#1 : tensor<4xi32>
  }
  func.func @empty_rows(%x: tensor<4x0xf32>) -> tensor<4xi64> {
    %zero = arith.constant 3 : i64
    %ninf = arith.constant 1.0 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x0xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
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
}
