// Argmax with the NaN-ignoring combiner (arith.maxnumf, cmpf ogt): the
// uk_argmax_maxnum_* ukernels, which skip NaN as maxnumf does, at decode
// rows split across workgroups, many short rows, a fused soft-cap producer
// (tanh) and a dynamic row count. `ukc-run run` checks each against
// upstream MLIR's CPU execution (`--reference`); rows of NaN are the
// harness's (`ukc-run check-ukernels`, the MostlyNan and TwoNans rows).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 5 function(s)
// CHECK-DAG: maxnum_f32i64_1x128256: ukernel uk_argmax_maxnum_f32i64
// CHECK-DAG: maxnum_bf16i32_8x32000: ukernel uk_argmax_maxnum_bf16i32
// CHECK-DAG: maxnum_f16i64_4096x1000: ukernel uk_argmax_maxnum_f16i64
// CHECK-DAG: maxnum_bf16i64_4x50257_softcap: ukernel uk_argmax_maxnum_bf16i64
// CHECK-DAG: maxnum_f32i32_dynx4000: ukernel uk_argmax_maxnum_f32i32
module {
  func.func @maxnum_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
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
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi64>
  }

  func.func @maxnum_bf16i32_8x32000(%x: tensor<8x32000xbf16>) -> (tensor<8xbf16>, tensor<8xi32>) {
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
      %m = arith.maxnumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi32>
  }

  func.func @maxnum_f16i64_4096x1000(%x: tensor<4096x1000xf16>) -> (tensor<4096xf16>, tensor<4096xi64>) {
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
      %m = arith.maxnumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<4096xf16>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xf16>, tensor<4096xi64>
  }

  func.func @maxnum_bf16i64_4x50257_softcap(%x: tensor<4x50257xbf16>) -> (tensor<4xbf16>, tensor<4xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<4xbf16>) -> tensor<4xbf16>
    %ep = tensor.empty() : tensor<4x50257xbf16>
    %capped = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x50257xbf16>) outs(%ep : tensor<4x50257xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %w = arith.extf %a : bf16 to f32
      %c30 = arith.constant 30.0 : f32
      %q = arith.divf %w, %c30 : f32
      %th = math.tanh %q : f32
      %y = arith.mulf %th, %c30 : f32
      %yt = arith.truncf %y : f32 to bf16
      linalg.yield %yt : bf16
    } -> tensor<4x50257xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%capped : tensor<4x50257xbf16>) outs(%fv, %fi : tensor<4xbf16>, tensor<4xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maxnumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<4xbf16>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xbf16>, tensor<4xi64>
  }

  func.func @maxnum_f32i32_dynx4000(%x: tensor<?x4000xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %x, %c0 : tensor<?x4000xf32>
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%d) : tensor<?xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
    %ev = tensor.empty(%d) : tensor<?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x4000xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<?xf32>, tensor<?xi32>)
    return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
  }
}
