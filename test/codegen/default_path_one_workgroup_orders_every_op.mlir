// The default path on one workgroup runs a dispatch's ops in order and
// every op is either spread over the threads or run by one thread, with a
// barrier after it: an init shared by two matmuls becomes a fill per
// matmul (ukernel-inits-per-use; never a memref.copy that every thread
// runs while others already accumulate), a 1 x N loop spreads its N, a
// reduction to a scalar runs on thread 0, a sequential loop around a
// parallel one is walked by every thread with a barrier inside, and a
// strided copy is loads and stores (never the host's memrefCopy). (The
// weights are negated and transposed by generics: a transpose alone, as a
// linalg.transpose or a generic that only yields its input, is read in
// place through the matmul's map.) The
// compile splits such dispatches into kernels of consecutive ops over one
// iteration space (ukernel-split-kernels; SPLIT below); ukernel-gpu-distribute alone on the
// lowered module shows the one-workgroup form that dispatches it cannot
// split still get.
// REQUIRES: libdevice
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --ukernels none --no-cubin -o %t.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=SPLIT
// RUN: ukernel-opt %t.dump/2.lowered.mlir --pass-pipeline='builtin.module(ukernel-gpu-distribute,canonicalize,cse)' | FileCheck %s
// RUN: FileCheck %s --check-prefix=LLVM < %t.dump/4.llvm.mlir
// LLVM-NOT: memrefCopy
// SPLIT: shared_fill_two_matmuls__k3: ukernel none
// SPLIT: sum_of_all__k2: ukernel none
// SPLIT: column_sums_of_a_transpose__k1: ukernel none
// SPLIT: strided_slice: ukernel none

// CHECK-LABEL: func.func @shared_fill_two_matmuls
// CHECK-SAME: ukernel.block = [256, 1, 1]
// CHECK-SAME: ukernel.grid = ["1", "1", "1"]
// CHECK-NOT: memref.copy
// CHECK: %[[TID:.*]] = arith.index_cast
// Each matmul's own fill spread over N, then the matmul (a loop over K
// inside a loop over N), each followed by a barrier.
// CHECK: scf.parallel (%[[I:.*]]) = (%[[TID]]) to (%c96) step (%c256)
// CHECK-NEXT: memref.store %cst, %[[FILLED:.*]][%c0, %[[I]]]
// CHECK: nvvm.barrier0
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.for
// CHECK: memref.store {{.*}}, %[[FILLED]]
// CHECK: nvvm.barrier0
// CHECK: scf.parallel (%[[J:.*]]) = (%[[TID]]) to (%c96) step (%c256)
// CHECK-NEXT: memref.store %cst, %[[OTHER:.*]][%c0, %[[J]]]
// CHECK: nvvm.barrier0
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.for
// CHECK: memref.store {{.*}}, %[[OTHER]]
// CHECK: nvvm.barrier0
// CHECK: return

// CHECK-LABEL: func.func @sum_of_all
// CHECK: nvvm.barrier0
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: scf.for
// CHECK: nvvm.barrier0
// CHECK-NEXT: return

// The column sums' loops come reordered (ukernel-reductions-innermost):
// each thread walks the sequential loop for its own column.
// CHECK-LABEL: func.func @column_sums_of_a_transpose
// CHECK: nvvm.barrier0
// CHECK: scf.for %[[K:.*]] = %c0 to %c8 step %c1 {
// CHECK-NEXT: memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<8x16xf32>
// CHECK: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.barrier0

// A strided slice reads its input through a subview that nothing writes:
// no longer one workgroup but a thread per point, with no barrier.
// CHECK-LABEL: func.func @strided_slice
// CHECK-SAME: ukernel.grid = ["ceildiv(4*8, 256)", "1", "1"]
// CHECK-NOT: memref.copy
// CHECK: memref.subview
// CHECK: memref.load %subview
// CHECK-NOT: nvvm.barrier0
// CHECK: return

#map = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> ()>
#outer_in = affine_map<(d0, d1) -> (d0, d1)>
#outer_out = affine_map<(d0, d1) -> (d1)>
module {
  func.func @shared_fill_two_matmuls(%x: tensor<1x64xf32>, %w1: tensor<96x64xf32>, %w2: tensor<96x64xf32>) -> tensor<1x96xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<64x96xf32>
    %t1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #map], iterator_types = ["parallel", "parallel"]} ins(%w1 : tensor<96x64xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%v: f32, %o: f32):
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    } -> tensor<64x96xf32>
    %acc = tensor.empty() : tensor<1x96xf32>
    %zero = linalg.fill ins(%cst : f32) outs(%acc : tensor<1x96xf32>) -> tensor<1x96xf32>
    %a = linalg.matmul ins(%x, %t1 : tensor<1x64xf32>, tensor<64x96xf32>) outs(%zero : tensor<1x96xf32>) -> tensor<1x96xf32>
    %t2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #map], iterator_types = ["parallel", "parallel"]} ins(%w2 : tensor<96x64xf32>) outs(%e : tensor<64x96xf32>) {
    ^bb0(%v: f32, %o: f32):
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    } -> tensor<64x96xf32>
    %b = linalg.matmul ins(%x, %t2 : tensor<1x64xf32>, tensor<64x96xf32>) outs(%zero : tensor<1x96xf32>) -> tensor<1x96xf32>
    %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x96xf32>, tensor<1x96xf32>) outs(%acc : tensor<1x96xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      linalg.yield %m : f32
    } -> tensor<1x96xf32>
    return %r : tensor<1x96xf32>
  }
  func.func @sum_of_all(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<f32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %sq = tensor.empty() : tensor<8x16xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%sq : tensor<8x16xf32>) {
    ^bb0(%p: f32, %o: f32):
      %m = math.exp %p : f32
      linalg.yield %m : f32
    } -> tensor<8x16xf32>
    %e = tensor.empty() : tensor<f32>
    %z = linalg.fill ins(%cst : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %r = linalg.generic {indexing_maps = [#map, #sum], iterator_types = ["reduction", "reduction"]} ins(%s : tensor<8x16xf32>) outs(%z : tensor<f32>) {
    ^bb0(%p: f32, %o: f32):
      %a = arith.addf %p, %o : f32
      linalg.yield %a : f32
    } -> tensor<f32>
    return %s, %r : tensor<8x16xf32>, tensor<f32>
  }
  func.func @column_sums_of_a_transpose(%x: tensor<16x8xf32>) -> tensor<16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %e = tensor.empty() : tensor<8x16xf32>
    %t = linalg.transpose ins(%x : tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) permutation = [1, 0]
    %o = tensor.empty() : tensor<16xf32>
    %z = linalg.fill ins(%cst : f32) outs(%o : tensor<16xf32>) -> tensor<16xf32>
    %r = linalg.generic {indexing_maps = [#outer_in, #outer_out], iterator_types = ["reduction", "parallel"]} ins(%t : tensor<8x16xf32>) outs(%z : tensor<16xf32>) {
    ^bb0(%p: f32, %a: f32):
      %s = arith.addf %p, %a : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    return %r : tensor<16xf32>
  }
  func.func @strided_slice(%x: tensor<8x16xf32>) -> tensor<4x8xf32> {
    %s = tensor.extract_slice %x[2, 4] [4, 8] [1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
    return %s : tensor<4x8xf32>
  }
}
