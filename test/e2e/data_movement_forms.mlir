// Data movement the default path meets in real IR (concatenation along
// either dimension, reshapes, a repeat_interleave-style broadcast, padding,
// slices, insertion into a slice) compiles to device code: no call of the
// host runtime's memrefCopy reaches the kernels, and every function gets
// reference outputs from upstream MLIR on the CPU for `ukc-run run`.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=LLVM < %t.dump/4.llvm.mlir
// CHECK: wrote {{.*}}: {{[0-9]+}} kernel(s)
// CHECK: reference outputs (MLIR on the CPU) of 6 function(s)
// LLVM-NOT: memrefCopy
// LLVM: llvm.func @concat_rows
// LLVM-NOT: memrefCopy

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @concat_rows(%a: tensor<4x8xf32>, %b: tensor<2x8xf32>) -> tensor<6x8xf32> {
    %c = tensor.concat dim(0) %a, %b : (tensor<4x8xf32>, tensor<2x8xf32>) -> tensor<6x8xf32>
    return %c : tensor<6x8xf32>
  }
  func.func @concat_cols(%a: tensor<4x8xf32>, %b: tensor<4x3xf32>) -> tensor<4x11xf32> {
    %c = tensor.concat dim(1) %a, %b : (tensor<4x8xf32>, tensor<4x3xf32>) -> tensor<4x11xf32>
    return %c : tensor<4x11xf32>
  }
  func.func @reshape_then_scale(%a: tensor<4x8xf32>) -> tensor<32xf32> {
    %c = tensor.collapse_shape %a [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
    %e = tensor.empty() : tensor<32xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c : tensor<32xf32>) outs(%e : tensor<32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
    } -> tensor<32xf32>
    return %r : tensor<32xf32>
  }
  func.func @repeat_interleave(%kv: tensor<2x8xf32>) -> tensor<8x8xf32> {
    %e = tensor.empty() : tensor<2x4x8xf32>
    %b = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%kv : tensor<2x8xf32>) outs(%e : tensor<2x4x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    } -> tensor<2x4x8xf32>
    %c = tensor.collapse_shape %b [[0, 1], [2]] : tensor<2x4x8xf32> into tensor<8x8xf32>
    return %c : tensor<8x8xf32>
  }
  func.func @pad_and_slice(%a: tensor<4x8xf32>) -> tensor<6x3xf32> {
    %cst = arith.constant 1.5 : f32
    %p = tensor.pad %a low[1, 0] high[1, 0] {
    ^bb0(%i: index, %j: index):
      tensor.yield %cst : f32
    } : tensor<4x8xf32> to tensor<6x8xf32>
    %s = tensor.extract_slice %p[0, 2] [6, 3] [1, 1] : tensor<6x8xf32> to tensor<6x3xf32>
    return %s : tensor<6x3xf32>
  }
  func.func @insert_slice(%a: tensor<4x8xf32>, %b: tensor<2x2xf32>) -> tensor<4x8xf32> {
    %r = tensor.insert_slice %b into %a[1, 3] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x8xf32>
    return %r : tensor<4x8xf32>
  }
}
