// ukernel-reductions-innermost on its own: a generic reducing a middle dim
// gets its loops reordered, parallel ones first, reductions last, each group
// in its order: the maps and iterator types follow, and linalg.index reads
// the same loop under its new number. An op already in order and one whose
// maps are not plain dims (a window: d0 + d1) are left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-reductions-innermost)' %s | FileCheck %s
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --dump-dir %t.dump > /dev/null
// RUN: FileCheck %s --check-prefix=GRID < %t.dump/3.kernels.mlir

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @middle_sum
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: linalg.index 2 : index
// CHECK-LABEL: func.func @already_in_order
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK-LABEL: func.func @window
// CHECK: iterator_types = ["reduction", "parallel"]

// A thread per result: the grid covers the 8 x 64 results.
// GRID-LABEL: func.func @middle_sum
// GRID-SAME: ukernel.grid = ["ceildiv(8*64, 256)", "1", "1"]
module {
  func.func @middle_sum(%x: memref<8x500x64xf32>, %o: memref<8x64xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                    iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : memref<8x500x64xf32>) outs(%o : memref<8x64xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %w = arith.mulf %v, %kf : f32
      %s = arith.addf %acc, %w : f32
      linalg.yield %s : f32
    }
    return
  }
  func.func @already_in_order(%x: memref<8x500xf32>, %o: memref<8xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<8x500xf32>) outs(%o : memref<8xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %s = arith.addf %acc, %v : f32
      linalg.yield %s : f32
    }
    return
  }
  func.func @window(%x: memref<40xf32>, %k: memref<9xf32>, %o: memref<32xf32>) {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>],
                    iterator_types = ["reduction", "parallel"]}
        ins(%x, %k : memref<40xf32>, memref<9xf32>) outs(%o : memref<32xf32>) {
    ^bb0(%v: f32, %w: f32, %acc: f32):
      %p = arith.mulf %v, %w : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
    return
  }
}
