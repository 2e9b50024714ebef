// On sm_90a the wgmma ukernel comes in two tile widths, 128 x 256 and
// 128 x 128 (wgmma_narrow, 865 per mille of the wide one's throughput).
// KernelConfig takes the one whose rounds of tiles over the target's SMs
// take less time: rounds x tile width / throughput. 512 x 4096 is 64 wide
// tiles (1 round on 132 SMs, 64 of them busy: cost 256) or 128 narrow ones
// (1 round: 148), so narrow; 1024 x 4096 is 128 wide tiles (1 round: 256)
// or 256 narrow ones (2 rounds: 296), so wide. The wide one walks a last
// round that would keep at most half the SMs busy as twice as many tiles of
// 128 x 128 (at the narrow throughput): 1024 x 4864 is 152 wide tiles, a
// round and 20 (cost 256 + 148 = 404, not 512), against 304 narrow ones (3
// rounds: 444), so wide. With a dynamic M the tile count is unknown and the
// faster one per SM, wide, is taken.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @few_wide_tiles_take_narrow
// CHECK: params = {persistent_workgroups = 128 : i64}, {{.*}}ukernel = #ukernel.spec<"uk_matmul_wgmma_narrow_bf16_nk"{{.*}}workgroup = [128, 128, 0]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @few_wide_tiles_take_narrow(%a: tensor<512x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<512x4096xf32> {
    %e = tensor.empty() : tensor<512x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<512x4096xf32>) -> tensor<512x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_wgmma_narrow_bf16_nk (bitcode for sm_90a): 128 x 128 tiles, workgroups of 384 threads, K whole, 128 workgroups walking 128 tiles (1 round) in clusters of 2 along M sharing B; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_wgmma_narrow_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_wgmma_narrow_bf16_nk; uk_matmul_wgmma_bf16_nk also fits, ranked after uk_matmul_wgmma_narrow_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<512x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<512x4096xf32>) -> tensor<512x4096xf32>
    return %r : tensor<512x4096xf32>
  }
}

// -----

// CHECK-LABEL: func.func @one_round_of_wide_tiles_stays_wide
// CHECK: params = {persistent_workgroups = 128 : i64}, {{.*}}ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk"{{.*}}workgroup = [128, 256, 0]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @one_round_of_wide_tiles_stays_wide(%a: tensor<1024x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<1024x4096xf32> {
    %e = tensor.empty() : tensor<1024x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_wgmma_bf16_nk (bitcode for sm_90a): 128 x 256 tiles, workgroups of 384 threads, K whole, 128 workgroups walking 128 tiles (1 round) in clusters of 2 along M sharing B; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_wgmma_narrow_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1024x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    return %r : tensor<1024x4096xf32>
  }
}

// -----

// CHECK-LABEL: func.func @sparse_last_round_splits_and_stays_wide
// CHECK: params = {persistent_workgroups = 132 : i64}, {{.*}}ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk"{{.*}}workgroup = [128, 256, 0]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @sparse_last_round_splits_and_stays_wide(%a: tensor<1024x4096xbf16>, %b: tensor<4864x4096xbf16>) -> tensor<1024x4864xf32> {
    %e = tensor.empty() : tensor<1024x4864xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x4864xf32>) -> tensor<1024x4864xf32>
    // expected-remark@+1 {{selected uk_matmul_wgmma_bf16_nk (bitcode for sm_90a): 128 x 256 tiles, workgroups of 384 threads, K whole, 132 workgroups walking 152 tiles (2 rounds, the last of half-width tiles) in clusters of 2 along M sharing B; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_wgmma_narrow_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1024x4096xbf16>, tensor<4864x4096xbf16>) outs(%init : tensor<1024x4864xf32>) -> tensor<1024x4864xf32>
    return %r : tensor<1024x4864xf32>
  }
}

// -----

// CHECK-LABEL: func.func @dynamic_m_stays_wide
// CHECK: ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @dynamic_m_stays_wide(%a: tensor<?x4096xbf16>, %b: tensor<4096x4096xbf16>, %init: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
    // expected-remark@+1 {{132 workgroups walking the tiles in clusters of 2 along M sharing B; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_wgmma_narrow_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<?x4096xf32>) -> tensor<?x4096xf32>
    return %r : tensor<?x4096xf32>
  }
}
