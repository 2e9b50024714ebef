// Forms around the families on the default path: a constant result, a
// result returned twice, integer matmuls (i8 x i8 -> i32, signed and with
// cast_unsigned), an f64 matmul, a bf16 matmul accumulating in bf16 (the
// IR's semantics, so no f32 ukernel), the (batch, seq, heads, dim) ->
// (batch, heads, seq, dim) permute, and an argmax whose index is unused.
// `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`).
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 8 function(s)
module {
  func.func @const_result() -> tensor<4xf32> {
    %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    return %c : tensor<4xf32>
  }
  func.func @same_twice(%a: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
    %e = tensor.empty() : tensor<32xf32>
    %r = linalg.map { math.absf } ins(%a : tensor<32xf32>) outs(%e : tensor<32xf32>)
    return %r, %r : tensor<32xf32>, tensor<32xf32>
  }
  func.func @i8_matmul(%a: tensor<32x64xi8>, %b: tensor<64x16xi8>) -> tensor<32x16xi32> {
    %z = arith.constant 0 : i32
    %e = tensor.empty() : tensor<32x16xi32>
    %f = linalg.fill ins(%z : i32) outs(%e : tensor<32x16xi32>) -> tensor<32x16xi32>
    %r = linalg.matmul ins(%a, %b : tensor<32x64xi8>, tensor<64x16xi8>) outs(%f : tensor<32x16xi32>) -> tensor<32x16xi32>
    return %r : tensor<32x16xi32>
  }
  func.func @u8_matmul(%a: tensor<32x64xi8>, %b: tensor<64x16xi8>) -> tensor<32x16xi32> {
    %z = arith.constant 0 : i32
    %e = tensor.empty() : tensor<32x16xi32>
    %f = linalg.fill ins(%z : i32) outs(%e : tensor<32x16xi32>) -> tensor<32x16xi32>
    %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<32x64xi8>, tensor<64x16xi8>) outs(%f : tensor<32x16xi32>) -> tensor<32x16xi32>
    return %r : tensor<32x16xi32>
  }
  func.func @f64_matmul(%a: tensor<16x32xf64>, %b: tensor<32x8xf64>) -> tensor<16x8xf64> {
    %z = arith.constant 0.0 : f64
    %e = tensor.empty() : tensor<16x8xf64>
    %f = linalg.fill ins(%z : f64) outs(%e : tensor<16x8xf64>) -> tensor<16x8xf64>
    %r = linalg.matmul ins(%a, %b : tensor<16x32xf64>, tensor<32x8xf64>) outs(%f : tensor<16x8xf64>) -> tensor<16x8xf64>
    return %r : tensor<16x8xf64>
  }
  func.func @bf16_matmul_bf16_acc(%a: tensor<64x128xbf16>, %b: tensor<128x64xbf16>) -> tensor<64x64xbf16> {
    %z = arith.constant 0.0 : bf16
    %e = tensor.empty() : tensor<64x64xbf16>
    %f = linalg.fill ins(%z : bf16) outs(%e : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %r = linalg.matmul ins(%a, %b : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%f : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    return %r : tensor<64x64xbf16>
  }
  func.func @permute_heads(%x: tensor<2x16x4x32xf16>) -> tensor<2x4x16x32xf16> {
    %e = tensor.empty() : tensor<2x4x16x32xf16>
    %t = linalg.transpose ins(%x : tensor<2x16x4x32xf16>) outs(%e : tensor<2x4x16x32xf16>) permutation = [0, 2, 1, 3]
    return %t : tensor<2x4x16x32xf16>
  }
  func.func @argmax_value_only(%x: tensor<4x1000xf32>) -> tensor<4xf32> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<4xf32>
    %i0 = tensor.empty() : tensor<4xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<4xf32>) -> tensor<4xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<4xi64>) -> tensor<4xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x1000xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0 : tensor<4xf32>
  }
}
