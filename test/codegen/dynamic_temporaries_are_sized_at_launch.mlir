// A temporary of dynamic shape (a producer's result of ? x 64 that two
// reductions read: computed once, not fused into both) becomes a kernel argument the runtime provides, its size
// computed at launch from the input's dims; without this the default path
// refused the function.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=WROTE
// RUN: FileCheck %s < %t.dump/3.kernels.mlir
// The producer, the fills and the reductions are five kernels launched in
// order; each has the temporary, the same buffer at launch.
// WROTE: wrote {{.*}}: 5 kernel(s)
// CHECK: func.func @exp_then_sum_rows__k0(%arg0: memref<?x64xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?x64xf32>)
// CHECK-SAME: ukernel.temporaries = [3], ukernel.temporary_sizes = {{\[\[}}"%arg0[0]", "64"]]
// CHECK: func.func @exp_then_sum_rows__k4(%arg0: memref<?x64xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?x64xf32>)
// CHECK-SAME: ukernel.temporaries = [3], ukernel.temporary_sizes = {{\[\[}}"%arg0[0]", "64"]]
// CHECK-NOT: memref.alloc

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @exp_then_sum_rows(%x: tensor<?x64xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  %o = tensor.empty(%n) : tensor<?xf32>
  %z = linalg.fill ins(%cst : f32) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#map, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<?x64xf32>) outs(%z : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %o2 = tensor.empty(%n) : tensor<?xf32>
  %z2 = linalg.fill ins(%cst : f32) outs(%o2 : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#map, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<?x64xf32>) outs(%z2 : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  return %s, %m : tensor<?xf32>, tensor<?xf32>
}
