// Argmax dispatches over many rows (torch's semantics: the first NaN wins),
// for bench/decode_argmax_bench.py: grids of many workgroups, where the
// argmax plan asks for occupancy (4096 x 32000, 1024 x 128256), and one
// that stays under a wave (512 x 32000), in f32, bf16 and f16.
module {
  func.func @argmax_f32_4096x32000(%x: tensor<4096x32000xf32>) -> tensor<4096xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4096xf32>) -> tensor<4096xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf32>) outs(%fv, %fi : tensor<4096xf32>, tensor<4096xi64>) {
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
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
  func.func @argmax_f32_1024x128256(%x: tensor<1024x128256xf32>) -> tensor<1024xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1024xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1024xi64>) -> tensor<1024xi64>
    %ev = tensor.empty() : tensor<1024xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1024xf32>) -> tensor<1024xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1024x128256xf32>) outs(%fv, %fi : tensor<1024xf32>, tensor<1024xi64>) {
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
    } -> (tensor<1024xf32>, tensor<1024xi64>)
    return %r#1 : tensor<1024xi64>
  }
  func.func @argmax_f32_512x32000(%x: tensor<512x32000xf32>) -> tensor<512xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<512xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<512xi64>) -> tensor<512xi64>
    %ev = tensor.empty() : tensor<512xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<512xf32>) -> tensor<512xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<512x32000xf32>) outs(%fv, %fi : tensor<512xf32>, tensor<512xi64>) {
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
    } -> (tensor<512xf32>, tensor<512xi64>)
    return %r#1 : tensor<512xi64>
  }
  func.func @argmax_bf16_4096x32000(%x: tensor<4096x32000xbf16>) -> tensor<4096xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<4096xbf16>) -> tensor<4096xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xbf16>) outs(%fv, %fi : tensor<4096xbf16>, tensor<4096xi64>) {
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
    } -> (tensor<4096xbf16>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
  func.func @argmax_bf16_1024x128256(%x: tensor<1024x128256xbf16>) -> tensor<1024xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1024xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1024xi64>) -> tensor<1024xi64>
    %ev = tensor.empty() : tensor<1024xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1024xbf16>) -> tensor<1024xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1024x128256xbf16>) outs(%fv, %fi : tensor<1024xbf16>, tensor<1024xi64>) {
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
    } -> (tensor<1024xbf16>, tensor<1024xi64>)
    return %r#1 : tensor<1024xi64>
  }
  func.func @argmax_bf16_512x32000(%x: tensor<512x32000xbf16>) -> tensor<512xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<512xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<512xi64>) -> tensor<512xi64>
    %ev = tensor.empty() : tensor<512xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<512xbf16>) -> tensor<512xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<512x32000xbf16>) outs(%fv, %fi : tensor<512xbf16>, tensor<512xi64>) {
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
    } -> (tensor<512xbf16>, tensor<512xi64>)
    return %r#1 : tensor<512xi64>
  }
  func.func @argmax_f16_4096x32000(%x: tensor<4096x32000xf16>) -> tensor<4096xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4096xf16>) -> tensor<4096xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf16>) outs(%fv, %fi : tensor<4096xf16>, tensor<4096xi64>) {
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
    } -> (tensor<4096xf16>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
  func.func @argmax_f16_1024x128256(%x: tensor<1024x128256xf16>) -> tensor<1024xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1024xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1024xi64>) -> tensor<1024xi64>
    %ev = tensor.empty() : tensor<1024xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1024xf16>) -> tensor<1024xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1024x128256xf16>) outs(%fv, %fi : tensor<1024xf16>, tensor<1024xi64>) {
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
    } -> (tensor<1024xf16>, tensor<1024xi64>)
    return %r#1 : tensor<1024xi64>
  }
  func.func @argmax_f16_512x32000(%x: tensor<512x32000xf16>) -> tensor<512xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<512xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<512xi64>) -> tensor<512xi64>
    %ev = tensor.empty() : tensor<512xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<512xf16>) -> tensor<512xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<512x32000xf16>) outs(%fv, %fi : tensor<512xf16>, tensor<512xi64>) {
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
    } -> (tensor<512xf16>, tensor<512xi64>)
    return %r#1 : tensor<512xi64>
  }
}
