// Dispatches that no ukernel covers, for bench/default_path_bench.py:
// compiled with `ukc compile ... --ukernels none`, they show what the
// default lowering costs against torch doing the same op.
module {
  func.func @mm_bf16_256x512x128(%a: tensor<256x128xbf16>, %b: tensor<128x512xbf16>) -> tensor<256x512xf32> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x128xbf16>, tensor<128x512xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    return %r : tensor<256x512xf32>
  }

  func.func @mm_f16_300x1024x512(%a: tensor<300x512xf16>, %b: tensor<512x1024xf16>) -> tensor<300x1024xf32> {
    %e = tensor.empty() : tensor<300x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1024xf32>) -> tensor<300x1024xf32>
    %r = linalg.matmul ins(%a, %b : tensor<300x512xf16>, tensor<512x1024xf16>) outs(%init : tensor<300x1024xf32>) -> tensor<300x1024xf32>
    return %r : tensor<300x1024xf32>
  }

  func.func @mm_bf16_4096x4096x4096(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %e = tensor.empty() : tensor<4096x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }

  // The value init is 0, not -inf: rows whose maximum is not above 0 keep index 0.
  func.func @argmax_zero_init_64x128256(%x: tensor<64x128256xf32>) -> tensor<64xi64> {
    %zero = arith.constant 0 : i64
    %fzero = arith.constant 0.0 : f32
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf32>
    %fv = linalg.fill ins(%fzero : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }

  // Over the outer dimension: one index per column.
  func.func @argmax_outer_32000x64(%x: tensor<32000x64xf32>) -> tensor<64xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<32000x64xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 0 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }

  // The maxnumf combiner (NaN-ignoring), which no ukernel implements.
  func.func @argmax_maxnumf_4096x32000(%x: tensor<4096x32000xf32>) -> tensor<4096xi64> {
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
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
}
