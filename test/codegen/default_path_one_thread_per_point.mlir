// The default lowering (no ukernel) uses the whole GPU where it can: when
// every top-level loop runs over one iteration space and written buffers
// are only accessed at the loop's point, each thread takes one point of it
// (grid from the trip counts, 256 threads a workgroup, no barriers), also
// when the loop sits inside sequential loops. Where
// a later loop reads another thread's point (an elementwise producer over
// rows x columns, then a reduction over rows), one workgroup runs the loops
// in order with barriers between them.
// REQUIRES: libdevice
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --ukernels none --no-cubin -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s < %t.dump/3.kernels.mlir

// CHECK-LABEL: func.func @matmul_fill_then_product
// CHECK-SAME: ukernel.block = [256, 1, 1]
// CHECK-SAME: ukernel.grid = ["ceildiv(256*512, 256)", "1", "1"]
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: arith.cmpi ult
// CHECK-NOT: nvvm.barrier0
// CHECK: return

// A fold no family models (an argmin) keeps its reduction whole in one
// thread per result (folds the argmax family models are split over a
// workgroup instead: default_path_splits_folds_over_a_workgroup.mlir).
// CHECK-LABEL: func.func @argmin_zero_init_rows
// CHECK-SAME: ukernel.grid = ["ceildiv(64, 256)", "1", "1"]
// CHECK-NOT: nvvm.barrier0
// CHECK: return

// A reduction over the outer dimension: each thread runs the sequential
// loop for its own column (its loops reordered, the column's first:
// ukernel-reductions-innermost).
// CHECK-LABEL: func.func @argmin_outer_columns
// CHECK-SAME: ukernel.grid = ["ceildiv(64, 256)", "1", "1"]
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.for %[[K:.*]] = %c0 to %c32000 step %c1 {
// CHECK-NEXT: memref.load %arg0[%[[K]], %{{.*}}] : memref<32000x64xf32>
// CHECK: return

// Loops over different spaces are one kernel each (ukernel-split-kernels),
// launched in order, each with a thread per point. (A reduction of 200
// terms stays one op; from 256 on, ukernel-two-stage-reductions splits it.
// The producer, an exp that is also a result, is computed once, not fused
// into the reduction.)
// CHECK-LABEL: func.func @producer_then_reduction__k0
// CHECK-SAME: ukernel.function = "producer_then_reduction"
// CHECK-SAME: ukernel.grid = ["ceildiv(8*200, 256)", "1", "1"]
// CHECK-SAME: ukernel.step = 0
// CHECK-NOT: nvvm.barrier0
// The reduction's init fill and the reduction share a kernel: loops over
// one space, each touching what they write only at its own point.
// CHECK-LABEL: func.func @producer_then_reduction__k1
// CHECK-SAME: ukernel.grid = ["ceildiv(8, 256)", "1", "1"]
// CHECK-SAME: ukernel.step = 1
// CHECK-NOT: nvvm.barrier0
// CHECK: memref.store %cst
// CHECK: scf.for
// CHECK: return
// CHECK-NOT: producer_then_reduction__k2

module {
  func.func @matmul_fill_then_product(%a: tensor<256x128xbf16>, %b: tensor<128x512xbf16>) -> tensor<256x512xf32> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x128xbf16>, tensor<128x512xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    return %r : tensor<256x512xf32>
  }

  func.func @argmin_zero_init_rows(%x: tensor<64x128256xf32>) -> tensor<64xi64> {
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
      %m = arith.minimumf %a, %b : f32
      %p = arith.cmpf olt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }

  func.func @argmin_outer_columns(%x: tensor<32000x64xf32>) -> tensor<64xi64> {
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
      %m = arith.minimumf %a, %b : f32
      %p = arith.cmpf olt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#1 : tensor<64xi64>
  }

  func.func @producer_then_reduction(%x: tensor<8x200xf32>) -> (tensor<8x200xf32>, tensor<8xf32>) {
    %t = tensor.empty() : tensor<8x200xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x200xf32>) outs(%t : tensor<8x200xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = math.exp %a : f32
      linalg.yield %m : f32
    } -> tensor<8x200xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<8x200xf32>) outs(%f : tensor<8xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %sum = arith.addf %a, %acc : f32
      linalg.yield %sum : f32
    } -> tensor<8xf32>
    return %y, %s : tensor<8x200xf32>, tensor<8xf32>
  }
}
