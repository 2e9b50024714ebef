// Argmax over dim 0 (torch.argmax(x, dim=0)), as the reduction loop first:
// bench/outer_argmax_bench.py runs each against torch in one process.
// Compile: ukc compile bench/outer_argmax.mlir --arch sm_90a -o outer_argmax.pkg
module {
  func.func @colargmax_f32_4096x128(%x: tensor<4096x128xf32>) -> tensor<128xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<128xf32>
    %i0 = tensor.empty() : tensor<128xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<128xf32>) -> tensor<128xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<128xi64>) -> tensor<128xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<4096x128xf32>) outs(%v, %i : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    return %r#1 : tensor<128xi64>
  }
  func.func @colargmax_f32_2048x4096(%x: tensor<2048x4096xf32>) -> tensor<4096xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<4096xf32>
    %i0 = tensor.empty() : tensor<4096xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<4096xf32>) -> tensor<4096xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<4096xi64>) -> tensor<4096xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<2048x4096xf32>) outs(%v, %i : tensor<4096xf32>, tensor<4096xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
  func.func @colargmax_bf16_32000x64(%x: tensor<32000x64xbf16>) -> tensor<64xi64> {
    %ninf = arith.constant 0xFF80 : bf16
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<64xbf16>
    %i0 = tensor.empty() : tensor<64xi64>
    %v = linalg.fill ins(%ninf : bf16) outs(%v0 : tensor<64xbf16>) -> tensor<64xbf16>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<64xi64>) -> tensor<64xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<32000x64xbf16>) outs(%v, %i : tensor<64xbf16>, tensor<64xi64>) {
    ^bb0(%in: bf16, %acc: bf16, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : bf16
      %gt = arith.cmpf ogt, %in, %acc : bf16
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : bf16, i64
    } -> (tensor<64xbf16>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }
  func.func @colargmax_bf16_512x131072(%x: tensor<512x131072xbf16>) -> tensor<131072xi64> {
    %ninf = arith.constant 0xFF80 : bf16
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<131072xbf16>
    %i0 = tensor.empty() : tensor<131072xi64>
    %v = linalg.fill ins(%ninf : bf16) outs(%v0 : tensor<131072xbf16>) -> tensor<131072xbf16>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<131072xi64>) -> tensor<131072xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<512x131072xbf16>) outs(%v, %i : tensor<131072xbf16>, tensor<131072xi64>) {
    ^bb0(%in: bf16, %acc: bf16, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : bf16
      %gt = arith.cmpf ogt, %in, %acc : bf16
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : bf16, i64
    } -> (tensor<131072xbf16>, tensor<131072xi64>)
    return %r#1 : tensor<131072xi64>
  }
  func.func @colargmax_f16_8192x1024(%x: tensor<8192x1024xf16>) -> tensor<1024xi64> {
    %ninf = arith.constant 0xFC00 : f16
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<1024xf16>
    %i0 = tensor.empty() : tensor<1024xi64>
    %v = linalg.fill ins(%ninf : f16) outs(%v0 : tensor<1024xf16>) -> tensor<1024xf16>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<1024xi64>) -> tensor<1024xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x1024xf16>) outs(%v, %i : tensor<1024xf16>, tensor<1024xi64>) {
    ^bb0(%in: f16, %acc: f16, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f16
      %gt = arith.cmpf ogt, %in, %acc : f16
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f16, i64
    } -> (tensor<1024xf16>, tensor<1024xi64>)
    return %r#1 : tensor<1024xi64>
  }
}
