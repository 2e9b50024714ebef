// Argmax over an outer dimension (torch.argmax(x, dim=0) and friends):
// ukernel-argmax-reduction-innermost copies the input transposed with the
// reduced dim innermost, and the argmax ukernels take the copy (reduced
// extents from 8192 on, and dynamic ones). Each form:
// the reduction loop first (f32, i64), an input read through a permutation
// (bf16, NaN-first, i32), the middle dim of three (f16), dynamic rows, a
// maxnumf combiner, and an extf'd bf16 input (folded to the bf16 argmax
// first). `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`); the generated inputs (k/128 for k in -128..127) repeat
// values, so ties decide indices.
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 6 function(s)
// CHECK-DAG: col_argmax_f32i64_8192x128__k1: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: col_argmax_bf16i32_permuted_8192x64__k1: ukernel uk_argmax_bf16i32
// CHECK-DAG: mid_argmax_f16i64_4x9000x16__k1: ukernel uk_argmax_ogt_f16i64
// CHECK-DAG: col_argmax_f32i64_dynx32__k1: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: col_argmax_maxnum_f32i32_10000x30__k1: ukernel uk_argmax_maxnum_f32i32
// CHECK-DAG: col_argmax_of_extf_bf16_8192x64__k1: ukernel uk_argmax_ogt_bf16i64
module {
  func.func @col_argmax_f32i64_8192x128(%x0: tensor<8192x128xf32>) -> (tensor<128xf32>, tensor<128xi64>) {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %x = tensor.cast %x0 : tensor<8192x128xf32> to tensor<8192x128xf32>
    %v0 = tensor.empty() : tensor<128xf32>
    %i0 = tensor.empty() : tensor<128xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<128xf32>) -> tensor<128xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<128xi64>) -> tensor<128xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x128xf32>) outs(%v, %i : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    return %r#0, %r#1 : tensor<128xf32>, tensor<128xi64>
  }

  func.func @col_argmax_bf16i32_permuted_8192x64(%x0: tensor<8192x64xbf16>) -> tensor<64xi32> {
    %ninf = arith.constant 0xFF80 : bf16
    %z = arith.constant 0 : i32
    %x = tensor.cast %x0 : tensor<8192x64xbf16> to tensor<8192x64xbf16>
    %v0 = tensor.empty() : tensor<64xbf16>
    %i0 = tensor.empty() : tensor<64xi32>
    %v = linalg.fill ins(%ninf : bf16) outs(%v0 : tensor<64xbf16>) -> tensor<64xbf16>
    %i = linalg.fill ins(%z : i32) outs(%i0 : tensor<64xi32>) -> tensor<64xi32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8192x64xbf16>) outs(%v, %i : tensor<64xbf16>, tensor<64xi32>) {
    ^bb0(%in: bf16, %acc: bf16, %idx: i32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %m = arith.maximumf %in, %acc : bf16
      %gt = arith.cmpf ogt, %in, %acc : bf16
      %nan = arith.cmpf uno, %in, %in : bf16
      %ord = arith.cmpf ord, %acc, %acc : bf16
      %first = arith.andi %nan, %ord : i1
      %take = arith.ori %gt, %first : i1
      %ni = arith.select %take, %ki, %idx : i32
      linalg.yield %m, %ni : bf16, i32
    } -> (tensor<64xbf16>, tensor<64xi32>)
    return %r#1 : tensor<64xi32>
  }

  func.func @mid_argmax_f16i64_4x9000x16(%x0: tensor<4x9000x16xf16>) -> tensor<4x16xi64> {
    %ninf = arith.constant 0xFC00 : f16
    %z = arith.constant 0 : i64
    %x = tensor.cast %x0 : tensor<4x9000x16xf16> to tensor<4x9000x16xf16>
    %v0 = tensor.empty() : tensor<4x16xf16>
    %i0 = tensor.empty() : tensor<4x16xi64>
    %v = linalg.fill ins(%ninf : f16) outs(%v0 : tensor<4x16xf16>) -> tensor<4x16xf16>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<4x16xi64>) -> tensor<4x16xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<4x9000x16xf16>) outs(%v, %i : tensor<4x16xf16>, tensor<4x16xi64>) {
    ^bb0(%in: f16, %acc: f16, %idx: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f16
      %gt = arith.cmpf ogt, %in, %acc : f16
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f16, i64
    } -> (tensor<4x16xf16>, tensor<4x16xi64>)
    return %r#1 : tensor<4x16xi64>
  }

  func.func @col_argmax_f32i64_dynx32(%x0: tensor<?x32xf32>) -> tensor<32xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %x = tensor.cast %x0 : tensor<?x32xf32> to tensor<?x32xf32>
    %v0 = tensor.empty() : tensor<32xf32>
    %i0 = tensor.empty() : tensor<32xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<32xf32>) -> tensor<32xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<32xi64>) -> tensor<32xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<?x32xf32>) outs(%v, %i : tensor<32xf32>, tensor<32xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<32xf32>, tensor<32xi64>)
    return %r#1 : tensor<32xi64>
  }

  func.func @col_argmax_maxnum_f32i32_10000x30(%x0: tensor<10000x30xf32>) -> tensor<30xi32> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i32
    %x = tensor.cast %x0 : tensor<10000x30xf32> to tensor<10000x30xf32>
    %v0 = tensor.empty() : tensor<30xf32>
    %i0 = tensor.empty() : tensor<30xi32>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<30xf32>) -> tensor<30xf32>
    %i = linalg.fill ins(%z : i32) outs(%i0 : tensor<30xi32>) -> tensor<30xi32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<10000x30xf32>) outs(%v, %i : tensor<30xf32>, tensor<30xi32>) {
    ^bb0(%in: f32, %acc: f32, %idx: i32):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i32
      %m = arith.maxnumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i32
      linalg.yield %m, %ni : f32, i32
    } -> (tensor<30xf32>, tensor<30xi32>)
    return %r#1 : tensor<30xi32>
  }

  func.func @col_argmax_of_extf_bf16_8192x64(%x0: tensor<8192x64xbf16>) -> (tensor<64xf32>, tensor<64xi64>) {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %e = tensor.empty() : tensor<8192x64xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x0 : tensor<8192x64xbf16>) outs(%e : tensor<8192x64xf32>) {
    ^bb0(%a: bf16, %o: f32):
      %w = arith.extf %a : bf16 to f32
      linalg.yield %w : f32
    } -> tensor<8192x64xf32>
    %v0 = tensor.empty() : tensor<64xf32>
    %i0 = tensor.empty() : tensor<64xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<64xf32>) -> tensor<64xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<64xi64>) -> tensor<64xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x64xf32>) outs(%v, %i : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#0, %r#1 : tensor<64xf32>, tensor<64xi64>
  }
}
