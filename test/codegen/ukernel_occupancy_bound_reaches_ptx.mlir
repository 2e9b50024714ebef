// A ukernel's occupancy bound (the registry parameter min_workgroups_per_sm)
// reaches the kernel that calls it as `.minnctapersm`, so ptxas caps its
// registers for that many workgroups per SM: the GEMV ukernel asks for 4
// (64 registers at 256 threads), the skinny one for 3 (80 registers).
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// CHECK: gemv_one_token: ukernel uk_matmul_gemv_bf16_nk
// CHECK: skinny_eight_tokens: ukernel uk_matmul_skinny_bf16_nk
// PTX-LABEL: .entry gemv_one_token(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 4
// PTX-LABEL: .entry skinny_eight_tokens(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 3
module {
  func.func @gemv_one_token(%a: tensor<1x4096xbf16>, %w: tensor<8192x4096xbf16>) -> tensor<1x8192xf32> {
    %e = tensor.empty() : tensor<1x8192xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<8192x4096xbf16>) outs(%init : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    return %r : tensor<1x8192xf32>
  }
  func.func @skinny_eight_tokens(%a: tensor<8x4096xbf16>, %w: tensor<8192x4096xbf16>) -> tensor<8x8192xf32> {
    %e = tensor.empty() : tensor<8x8192xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8192xf32>) -> tensor<8x8192xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x4096xbf16>, tensor<8192x4096xbf16>) outs(%init : tensor<8x8192xf32>) -> tensor<8x8192xf32>
    return %r : tensor<8x8192xf32>
  }
}
