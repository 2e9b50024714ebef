// --arch sm_90a compiles for the arch-specific chip: the PTX says
// `.target sm_90a` (a `.target sm_90` module with wgmma fails to load), the
// wgmma ukernel is linked from its sm_90a bitcode, and the package marks the
// image arch-specific. A portable arch beside it cannot call that ukernel.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90a -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90a.ptx
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// RUN: bash -c 'ukc compile %s --arch sm_90a,sm_100 -o %t.bad.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=MIXED

// CHECK: wrote {{.*}}: 1 kernel(s), PTX for sm_90a
// CHECK: prefill: ukernel uk_matmul_wgmma_bf16_nk
// CHECK: sm_90a: linked uk_matmul_wgmma_bf16_nk.sm_90a.bc
// PTX: .target sm_90a
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// INFO: prefill: PTX for 9.0a;{{( cubin for 9.0a;)?}} block [256, 1, 1]; dynamic shared memory 197632
// MIXED: uk_matmul_wgmma_bf16_nk exists only for its arch-specific target, so PTX for sm_100 cannot call it
// MIXED: exit code 1
func.func @prefill(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xf32> {
  %e = tensor.empty() : tensor<2048x4096xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  return %r : tensor<2048x4096xf32>
}
