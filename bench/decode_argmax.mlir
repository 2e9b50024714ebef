// Decode-step argmax dispatches (torch's semantics: the first NaN wins), for
// bench/decode_argmax_bench.py: 1, 8 and 64 rows of a 128256-token
// vocabulary in f32, bf16 and f16.
module {
  func.func @argmax_f32_1x128256(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
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
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @argmax_f32_8x128256(%x: tensor<8x128256xf32>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @argmax_f32_64x128256(%x: tensor<64x128256xf32>) -> tensor<64xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }
  func.func @argmax_bf16_1x128256(%x: tensor<1x128256xbf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %an = arith.cmpf uno, %a, %a : bf16
      %bo = arith.cmpf ord, %b, %b : bf16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @argmax_bf16_8x128256(%x: tensor<8x128256xbf16>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %an = arith.cmpf uno, %a, %a : bf16
      %bo = arith.cmpf ord, %b, %b : bf16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<8xbf16>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @argmax_bf16_64x128256(%x: tensor<64x128256xbf16>) -> tensor<64xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<64xbf16>) -> tensor<64xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xbf16>) outs(%fv, %fi : tensor<64xbf16>, tensor<64xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %an = arith.cmpf uno, %a, %a : bf16
      %bo = arith.cmpf ord, %b, %b : bf16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<64xbf16>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }
  func.func @argmax_f16_1x128256(%x: tensor<1x128256xf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %an = arith.cmpf uno, %a, %a : f16
      %bo = arith.cmpf ord, %b, %b : f16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<1xf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @argmax_f16_8x128256(%x: tensor<8x128256xf16>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<8xf16>) -> tensor<8xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf16>) outs(%fv, %fi : tensor<8xf16>, tensor<8xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %an = arith.cmpf uno, %a, %a : f16
      %bo = arith.cmpf ord, %b, %b : f16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<8xf16>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @argmax_f16_64x128256(%x: tensor<64x128256xf16>) -> tensor<64xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<64xf16>) -> tensor<64xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf16>) outs(%fv, %fi : tensor<64xf16>, tensor<64xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %an = arith.cmpf uno, %a, %a : f16
      %bo = arith.cmpf ord, %b, %b : f16
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<64xf16>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }
}
