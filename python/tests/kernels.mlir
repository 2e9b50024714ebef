// Four dispatches for the Python package's tests: an argmax row (outputs
// the call can allocate), a matmul with a dynamic M (sizes from the
// tensors), C += A x B (C is read and written, so the caller passes it),
// and an argmax of rows of no elements (an input tensor with none).
module {
  func.func @argmax_f32i32_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<1xf32>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi32>
  }
  func.func @mm_tile_bf16_nk_dynamic_m(%a: tensor<?x300xbf16>, %b: tensor<1000x300xbf16>) -> tensor<?x1000xf32> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x300xbf16>
    %e = tensor.empty(%m) : tensor<?x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<?x300xbf16>, tensor<1000x300xbf16>) outs(%init : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    return %r : tensor<?x1000xf32>
  }
  func.func @mm_tile_f16_kn_acc_127x129x1000(%a: tensor<127x1000xf16>, %b: tensor<1000x129xf16>, %c: tensor<127x129xf32>) -> tensor<127x129xf32> {
    %r = linalg.matmul
        ins(%a, %b : tensor<127x1000xf16>, tensor<1000x129xf16>) outs(%c : tensor<127x129xf32>) -> tensor<127x129xf32>
    return %r : tensor<127x129xf32>
  }
  func.func @argmax_empty_rows(%x: tensor<4x0xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
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
