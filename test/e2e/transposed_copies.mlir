// Transposes on the default path: a point per thread in 16 x 16 tiles of
// the two innermost loops (ukernel-gpu-distribute), so that a transpose
// reads and writes runs of 16 elements; sizes that are not multiples of 16,
// a batch dim in front, a dynamic dim, and a permutation that moves the
// outermost dim innermost (rows of points, as before). `ukc-run run`
// checks each against upstream MLIR's CPU execution (`--reference`).
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=GRID < %t.dump/3.kernels.mlir
// CHECK: reference outputs (MLIR on the CPU) of 4 function(s)
// GRID-LABEL: func.func @t2d_37x1000
// GRID-SAME: ukernel.grid = ["ceildiv(1000, 16)*ceildiv(37, 16)", "1", "1"]
// GRID-LABEL: func.func @t3d_batch_3x129x70
// GRID-SAME: ukernel.grid = ["3*ceildiv(70, 16)*ceildiv(129, 16)", "1", "1"]
// GRID-LABEL: func.func @t2d_dynamic
// GRID-SAME: ukernel.grid = ["ceildiv(50, 16)*ceildiv(%arg0[0], 16)", "1", "1"]
// GRID-LABEL: func.func @t3d_rotate_5x6x40
// GRID-SAME: ukernel.grid = ["ceildiv(40*5*6, 256)", "1", "1"]
module {
  func.func @t2d_37x1000(%x: tensor<37x1000xf32>) -> tensor<1000x37xf32> {
    %e = tensor.empty() : tensor<1000x37xf32>
    %t = linalg.transpose ins(%x : tensor<37x1000xf32>) outs(%e : tensor<1000x37xf32>) permutation = [1, 0]
    return %t : tensor<1000x37xf32>
  }
  func.func @t3d_batch_3x129x70(%x: tensor<3x129x70xbf16>) -> tensor<3x70x129xbf16> {
    %e = tensor.empty() : tensor<3x70x129xbf16>
    %t = linalg.transpose ins(%x : tensor<3x129x70xbf16>) outs(%e : tensor<3x70x129xbf16>) permutation = [0, 2, 1]
    return %t : tensor<3x70x129xbf16>
  }
  func.func @t2d_dynamic(%x: tensor<?x50xf16>) -> tensor<50x?xf16> {
    %c0 = arith.constant 0 : index
    %d = tensor.dim %x, %c0 : tensor<?x50xf16>
    %e = tensor.empty(%d) : tensor<50x?xf16>
    %t = linalg.transpose ins(%x : tensor<?x50xf16>) outs(%e : tensor<50x?xf16>) permutation = [1, 0]
    return %t : tensor<50x?xf16>
  }
  func.func @t3d_rotate_5x6x40(%x: tensor<5x6x40xi32>) -> tensor<40x5x6xi32> {
    %e = tensor.empty() : tensor<40x5x6xi32>
    %t = linalg.transpose ins(%x : tensor<5x6x40xi32>) outs(%e : tensor<40x5x6xi32>) permutation = [2, 0, 1]
    return %t : tensor<40x5x6xi32>
  }
}
