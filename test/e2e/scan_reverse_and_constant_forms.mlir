// Forms that compile through the default path and had no GPU check: a
// prefix sum written as a reduction with a mask (torch.cumsum's form), a
// reversing read (`99 - d`), a non-splat dense constant operand,
// tensor.generate and tensor.splat from a scalar argument, insert_slice at
// a dynamic offset, a generic with a reduced f32 and a parallel i32
// result, and an f64 matmul. `ukc-run run` checks each against upstream
// MLIR's CPU execution (`--reference`).
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 8 function(s)
module {
  func.func @dense_const(%x: tensor<4xf32>) -> tensor<4xf32> {
    %c = arith.constant dense<[1.0, -2.0, 3.5, 0.25]> : tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>, affine_map<(d) -> (d)>, affine_map<(d) -> (d)>], iterator_types = ["parallel"]} ins(%x, %c : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %s = arith.mulf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @generate(%n: index) -> tensor<?xf32> {
    %t = tensor.generate %n {
    ^bb0(%i: index):
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      tensor.yield %f : f32
    } : tensor<?xf32>
    return %t : tensor<?xf32>
  }
  func.func @two_outputs_types(%x: tensor<64x32xf32>) -> (tensor<64xf32>, tensor<64x32xi32>) {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
    %e2 = tensor.empty() : tensor<64x32xi32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<64x32xf32>) outs(%f, %e2 : tensor<64xf32>, tensor<64x32xi32>) {
    ^bb0(%a: f32, %s: f32, %o: i32):
      %t = arith.addf %a, %s : f32
      %c = arith.fptosi %a : f32 to i32
      linalg.yield %t, %c : f32, i32
    } -> (tensor<64xf32>, tensor<64x32xi32>)
    return %r#0, %r#1 : tensor<64xf32>, tensor<64x32xi32>
  }
  func.func @f64_mm(%a: tensor<32x48xf64>, %b: tensor<48x16xf64>) -> tensor<32x16xf64> {
    %z = arith.constant 0.0 : f64
    %e = tensor.empty() : tensor<32x16xf64>
    %f = linalg.fill ins(%z : f64) outs(%e : tensor<32x16xf64>) -> tensor<32x16xf64>
    %r = linalg.matmul ins(%a, %b : tensor<32x48xf64>, tensor<48x16xf64>) outs(%f : tensor<32x16xf64>) -> tensor<32x16xf64>
    return %r : tensor<32x16xf64>
  }
  func.func @insert_dyn(%x: tensor<8x8xf32>, %y: tensor<4x4xf32>, %o: index) -> tensor<8x8xf32> {
    %r = tensor.insert_slice %y into %x[%o, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
    return %r : tensor<8x8xf32>
  }
  func.func @splat(%v: f32) -> tensor<16xf32> {
    %t = tensor.splat %v : tensor<16xf32>
    return %t : tensor<16xf32>
  }
  func.func @reverse(%x: tensor<100xf32>) -> tensor<100xf32> {
    %e = tensor.empty() : tensor<100xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d) -> (99 - d)>, affine_map<(d) -> (d)>], iterator_types = ["parallel"]} ins(%x : tensor<100xf32>) outs(%e : tensor<100xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<100xf32>
    return %r : tensor<100xf32>
  }
  func.func @cumsum(%x: tensor<4x100xf32>) -> tensor<4x100xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x100xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x100xf32>) -> tensor<4x100xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<4x100xf32>) outs(%f : tensor<4x100xf32>) {
    ^bb0(%a: f32, %o: f32):
      %j = linalg.index 1 : index
      %k = linalg.index 2 : index
      %le = arith.cmpi ule, %k, %j : index
      %s = arith.addf %o, %a : f32
      %y = arith.select %le, %s, %o : f32
      linalg.yield %y : f32
    } -> tensor<4x100xf32>
    return %r : tensor<4x100xf32>
  }
}
