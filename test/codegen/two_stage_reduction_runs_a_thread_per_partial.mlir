// A row sum in two stages runs stage 1 with a thread per partial (512 rows
// x 64 partials: ceildiv(512*64, 256) workgroups), reading the input
// through the reshape to J x P, which touches no memory; before, the
// reshape made the default path fall back to one workgroup for it. The
// partials' fill shares stage 1's kernel and the init's fill stage 2's
// (loops over one space, each touching what they write only at its point):
// two kernels.
// RUN: rm -rf %t && ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --dump-dir %t | FileCheck %s --check-prefix=WROTE
// RUN: FileCheck %s < %t/3.kernels.mlir

// WROTE: wrote {{.*}}: 2 kernel(s)
// CHECK-LABEL: func.func @rowsum__k0
// CHECK-SAME: ukernel.grid = ["ceildiv(512*64, 256)", "1", "1"]
// CHECK: memref.expand_shape %arg0
// CHECK-NOT: nvvm.barrier0
// CHECK: memref.store %cst
// CHECK: scf.for
// CHECK-LABEL: func.func @rowsum__k1
// CHECK-SAME: ukernel.grid = ["ceildiv(512, 256)", "1", "1"]
// CHECK-NOT: nvvm.barrier0
func.func @rowsum(%x: tensor<512x4096xf32>) -> tensor<512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<512x4096xf32>) outs(%init : tensor<512xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<512xf32>
  return %r : tensor<512xf32>
}
