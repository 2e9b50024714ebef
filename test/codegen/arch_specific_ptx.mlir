// --arch sm_90a compiles for the arch-specific chip: the PTX says
// `.target sm_90a` (a `.target sm_90` module with wgmma fails to load) and
// PTX ISA 8.3 (tensormap.replace), the wgmma ukernel is linked from its
// sm_90a bitcode and inlined (ptxas serialises wgmma across a call): TMA
// loads through tensor maps the kernel builds in a global of its own,
// setmaxnreg, a 384-thread kernel marked `.maxntid 384` and
// `.minnctapersm 1` so that ptxas caps its registers for setmaxnreg, and
// launched in clusters of two along y (`.reqnctapercluster 1, 2, 1`) that
// multicast their shared B tiles; one workgroup per SM walks the tiles. The
// package marks the image arch-specific. A portable arch beside it gets a
// selection of its own (a variant of the kernel with the tile ukernel),
// never a call of the arch-specific ukernel.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90a -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90a.ptx
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// RUN: ukc compile %s --arch sm_90a,sm_100 --no-cubin -o %t.mixed.pkg | FileCheck %s --check-prefix=MIXED

// CHECK: wrote {{.*}}: 1 kernel(s), PTX for sm_90a
// CHECK: prefill: ukernel uk_matmul_wgmma_bf16_nk
// CHECK: sm_90a: linked uk_matmul_wgmma_bf16_nk.sm_90a.bc
// PTX: .version 8.3
// PTX: .target sm_90a
// PTX: .global .align 16 .b8 __ukernel_scratch_0[512]
// PTX: .entry prefill(
// PTX: .maxntid 384, 1, 1
// PTX: .minnctapersm 1
// PTX: .explicitcluster
// PTX: .reqnctapercluster 1, 2, 1
// PTX-NOT: call.uni
// PTX: tensormap.replace.tile.global_address.shared::cta.b1024.b64
// PTX: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// PTX: barrier.cluster.arrive.release.aligned
// PTX: setmaxnreg.dec.sync.aligned.u32 40
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// PTX: setmaxnreg.inc.sync.aligned.u32 232
// PTX: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// INFO: prefill: PTX for 9.0a;{{( cubin for 9.0a;)?}} block [384, 1, 1]; dynamic shared memory 198656
// MIXED: wrote {{.*}}: 2 kernel(s), PTX for sm_90a, sm_100
// MIXED-DAG: prefill: ukernel uk_matmul_wgmma_bf16_nk (for sm_90a)
// MIXED-DAG: prefill: ukernel uk_matmul_tile_bf16_nk (for sm_100)
func.func @prefill(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xf32> {
  %e = tensor.empty() : tensor<2048x4096xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
  return %r : tensor<2048x4096xf32>
}
