// Argmins for argmin_as_argmax_keeps_the_cpu_results.mlir: minimumf and minnumf,
// the plain and the NaN-aware olt, f32 and bf16, with and without the value.
module {
  func.func @argmin_f32(%x: tensor<8x3000xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %inf = arith.constant 0x7F800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%inf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x3000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.minimumf %a, %b : f32
      %p = arith.cmpf olt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
  }
  func.func @argmin_nan_first_bf16(%x: tensor<8x3000xbf16>) -> (tensor<8xbf16>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %inf = arith.constant 0x7F80 : bf16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%inf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x3000xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.minimumf %a, %b : bf16
      %pg = arith.cmpf olt, %a, %b : bf16
      %pu = arith.cmpf uno, %a, %a : bf16
      %po = arith.cmpf ord, %b, %b : bf16
      %pn = arith.andi %pu, %po : i1
      %p = arith.ori %pg, %pn : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<8xbf16>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi64>
  }
  func.func @argmin_minnum_f32(%x: tensor<8x3000xf32>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %inf = arith.constant 0x7F800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%inf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x3000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.minnumf %a, %b : f32
      %p = arith.cmpf olt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @argmin_bf16_index_only(%x: tensor<8x3000xbf16>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %inf = arith.constant 0x7F80 : bf16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%inf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x3000xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.minimumf %a, %b : bf16
      %p = arith.cmpf olt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<8xbf16>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
}
