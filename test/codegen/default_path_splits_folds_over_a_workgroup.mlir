// Without a ukernel, an argmax-like fold the argmax family models exactly
// has its reduction split over the 256 threads of one workgroup per result
// (grid = the results): each thread scans positions t, t + 256, ...; a tree
// over shared memory combines the pieces; thread 0 compares with the init
// and writes. With maximumf (the accumulator turns NaN at the first NaN),
// the threads scan again up to the first NaN when there is one; maxnumf
// needs no second scan. A NaN value init keeps the reduction whole.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --ukernels none --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s --check-prefix=SPLIT < %t.dump/2.lowered.mlir
// RUN: FileCheck %s --check-prefix=GRID < %t.dump/3.kernels.mlir
// RUN: ukc explain %s --ukernels none | FileCheck %s --check-prefix=EXPLAIN

// SPLIT: memref.global "private" @__ukernel_split_best : memref<256xf32, 3> = uninitialized
// SPLIT: memref.global "private" @__ukernel_split_at : memref<256xi64, 3> = uninitialized

// SPLIT-LABEL: func.func @zero_init_rows
// SPLIT-NOT: linalg.
// SPLIT: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%c64)
// SPLIT-NEXT: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256)
// SPLIT: scf.for %{{.*}} = %[[T]] to %c128256 step %c256
// SPLIT: nvvm.barrier0
// SPLIT: scf.for %{{.*}} = %c0 to %c8
// SPLIT: %[[HASNAN:.*]] = arith.cmpi ne, %{{.*}}, %c9223372036854775807_i64
// SPLIT: scf.if %[[HASNAN]] {
// SPLIT-NEXT: nvvm.barrier0
// SPLIT: scf.for %{{.*}} = %[[T]] to %{{.*}} step %c256
// The init (0.0) is compared as the op does: strictly greater.
// SPLIT: arith.cmpf ogt, %{{.*}}, %cst{{.*}} : f32
// SPLIT: memref.store %{{.*}}, %arg1[%[[ROW]]] : memref<64xi64>
// SPLIT: mapping = [#gpu.loop_dim_map<processor = thread_x
// SPLIT: mapping = [#gpu.loop_dim_map<processor = block_x

// The outer dimension: position k of column %row is x[k, row].
// SPLIT-LABEL: func.func @outer_columns
// SPLIT: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%c64)
// SPLIT: scf.for %[[K:.*]] = %{{.*}} to %c32000 step %c256
// SPLIT-NEXT: memref.load %arg0[%[[K]], %[[ROW]]] : memref<32000x64xf32>

// SPLIT-LABEL: func.func @maxnumf_rows
// SPLIT: step %c256 iter_args
// SPLIT: arith.maxnumf
// SPLIT-NOT: step %c256 iter_args
// SPLIT: return

// bf16 compared in f32, written back in bf16; oge: the last of equal
// maxima (the tree prefers the greater position on ties).
// SPLIT-LABEL: func.func @last_index_bf16_dynamic_rows
// SPLIT: scf.parallel (%{{.*}}) = (%{{.*}}) to (%dim)
// SPLIT: arith.extf %{{.*}} : bf16 to f32
// SPLIT: arith.cmpf oge
// SPLIT: arith.cmpi sgt
// SPLIT: arith.truncf %{{.*}} : f32 to bf16
// SPLIT: arith.trunci %{{.*}} : i64 to i32

// The NaN-aware predicate: the first NaN's position is the index; no rescan.
// SPLIT-LABEL: func.func @first_nan_one_row
// SPLIT: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c1)
// SPLIT: step %c256 iter_args
// SPLIT-NOT: step %c256 iter_args
// SPLIT: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
// SPLIT: memref.store %{{.*}}, %arg1[] : memref<i64>

// SPLIT-LABEL: func.func @nan_init_kept_whole
// SPLIT-NOT: nvvm.barrier0
// SPLIT-NOT: gpu.loop_dim_map
// SPLIT: return

// GRID-LABEL: func.func @zero_init_rows
// GRID-SAME: ukernel.block = [256, 1, 1]
// GRID-SAME: ukernel.grid = ["64", "1", "1"]
// GRID-LABEL: func.func @outer_columns
// GRID-SAME: ukernel.grid = ["64", "1", "1"]
// GRID-LABEL: func.func @maxnumf_rows
// GRID-SAME: ukernel.grid = ["4096", "1", "1"]
// GRID-LABEL: func.func @last_index_bf16_dynamic_rows
// GRID-SAME: ukernel.grid = ["%arg0[0]", "1", "1"]
// GRID-LABEL: func.func @first_nan_one_row
// GRID-SAME: ukernel.grid = ["1", "1", "1"]
// GRID-LABEL: func.func @nan_init_kept_whole
// GRID-SAME: ukernel.grid = ["ceildiv(8, 256)", "1", "1"]

// EXPLAIN: remark: ukernel: no ukernel: {{.*}}default configuration, an argmax-like fold, maximumf with 'ogt', split over 256 threads of a workgroup per result
// EXPLAIN: @zero_init_rows: #ukernel.lowering_config<{params = {split_threads = 256 : i64}
// EXPLAIN: @nan_init_kept_whole: #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>

module {
  func.func @zero_init_rows(%x: tensor<64x128256xf32>) -> tensor<64xi64> {
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

  func.func @outer_columns(%x: tensor<32000x64xf32>) -> tensor<64xi64> {
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

  func.func @maxnumf_rows(%x: tensor<4096x32000xf32>) -> tensor<4096xi64> {
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

  func.func @last_index_bf16_dynamic_rows(%x: tensor<?x1000xbf16>, %vo: tensor<?xbf16>, %io: tensor<?xi32>) -> (tensor<?xbf16>, tensor<?xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %fi = linalg.fill ins(%zero : i32) outs(%io : tensor<?xi32>) -> tensor<?xi32>
    %fv = linalg.fill ins(%ninf : bf16) outs(%vo : tensor<?xbf16>) -> tensor<?xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x1000xbf16>) outs(%fv, %fi : tensor<?xbf16>, tensor<?xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf oge, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<?xbf16>, tensor<?xi32>)
    return %r#0, %r#1 : tensor<?xbf16>, tensor<?xi32>
  }

  func.func @first_nan_one_row(%x: tensor<4096xf32>) -> tensor<i64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<i64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<i64>) -> tensor<i64>
    %ev = tensor.empty() : tensor<f32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<f32>) -> tensor<f32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
        ins(%x : tensor<4096xf32>) outs(%fv, %fi : tensor<f32>, tensor<i64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 0 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    return %r#1 : tensor<i64>
  }

  func.func @nan_init_kept_whole(%x: tensor<8x1000xf32>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %nan = arith.constant 0x7FC00000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%nan : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x1000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
}
