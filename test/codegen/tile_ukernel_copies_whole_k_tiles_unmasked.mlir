// The tile ukernel copies a K-tile that lies wholly inside K, of a tile whose
// rows are all in bounds, with 16-byte cp.async copies that carry no source
// size (nothing to mask, no compare or select per copy); the copies of edge
// tiles and of K's last partial tile keep the masked form, whose source size
// is 0 where the chunk lies out of bounds.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// CHECK: prefill: ukernel uk_matmul_tile_bf16_nk
// PTX-LABEL: .func uk_matmul_tile_bf16_nk(
// PTX-DAG: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// PTX-DAG: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
module {
  func.func @prefill(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %e = tensor.empty() : tensor<4096x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %c : tensor<4096x4096xf32>
  }
}
