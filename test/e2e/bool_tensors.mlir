// Boolean (i1) tensors as arguments and results (a byte each, 0 or 1, as
// LLVM stores an i1 and torch a bool): a compare's mask returned, a mask
// read by a masked fill (an attention mask), and an "any" over rows (an
// ori reduction). `ukc-run run` checks each against upstream MLIR's CPU
// execution (`--reference`).
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 3 function(s)
module {
  func.func @mask_gt(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xi1> {
    %e = tensor.empty() : tensor<1024xi1>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%x, %y : tensor<1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024xi1>) {
    ^bb0(%a: f32, %b: f32, %o: i1):
      %c = arith.cmpf ogt, %a, %b : f32
      linalg.yield %c : i1
    } -> tensor<1024xi1>
    return %r : tensor<1024xi1>
  }
  func.func @masked_fill(%x: tensor<8x128xf32>, %m: tensor<8x128xi1>) -> tensor<8x128xf32> {
    %ninf = arith.constant 0xFF800000 : f32
    %e = tensor.empty() : tensor<8x128xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x, %m : tensor<8x128xf32>, tensor<8x128xi1>) outs(%e : tensor<8x128xf32>) {
    ^bb0(%a: f32, %b: i1, %o: f32):
      %s = arith.select %b, %ninf, %a : f32
      linalg.yield %s : f32
    } -> tensor<8x128xf32>
    return %r : tensor<8x128xf32>
  }
  func.func @any_over_rows(%m: tensor<16x1000xi1>) -> tensor<16xi1> {
    %false = arith.constant false
    %e = tensor.empty() : tensor<16xi1>
    %f = linalg.fill ins(%false : i1) outs(%e : tensor<16xi1>) -> tensor<16xi1>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
        ins(%m : tensor<16x1000xi1>) outs(%f : tensor<16xi1>) {
    ^bb0(%a: i1, %acc: i1):
      %o = arith.ori %a, %acc : i1
      linalg.yield %o : i1
    } -> tensor<16xi1>
    return %r : tensor<16xi1>
  }
}
