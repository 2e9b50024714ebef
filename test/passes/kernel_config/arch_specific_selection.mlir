// An arch-specific ukernel (wgmma, built for sm_90a) is a candidate only for
// a target of exactly that arch-specific form: on sm_90a it ranks before the
// portable tile ukernel; on sm_90 (and on newer GPUs) it is ruled out, and
// the remark says why.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @sm90a_selects_wgmma
// CHECK: params = {persistent_workgroups = 132 : i64}, reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_wgmma_bf16_nk", {{.*}}dynamic_shared_memory_bytes = 198656 : i64{{.*}}shared_memory_bytes = 0 : i64{{.*}}}>, workgroup = [128, 256, 0], workgroup_size = [384, 1, 1]
// CHECK-SAME: path = "uk_matmul_wgmma_bf16_nk.sm_90a.bc"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @sm90a_selects_wgmma(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xf32> {
    %e = tensor.empty() : tensor<2048x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_wgmma_bf16_nk (bitcode for sm_90a): 128 x 256 tiles, workgroups of 384 threads, K whole, 132 workgroups walking 256 tiles (2 rounds) in clusters of 2 along M sharing B; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk; uk_matmul_wgmma_narrow_bf16_nk also fits, ranked after uk_matmul_wgmma_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    return %r : tensor<2048x4096xf32>
  }
}

// -----

// CHECK-LABEL: func.func @sm90_keeps_the_portable_tile
// CHECK: ukernel = #ukernel.spec<"uk_matmul_tile_bf16_nk"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @sm90_keeps_the_portable_tile(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xf32> {
    %e = tensor.empty() : tensor<2048x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    // expected-remark@+1 {{uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    return %r : tensor<2048x4096xf32>
  }
}

// -----

// CHECK-LABEL: func.func @sm100_keeps_the_portable_tile
// CHECK: ukernel = #ukernel.spec<"uk_matmul_tile_bf16_nk"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_100", ukernels = "all"}>} {
  func.func @sm100_keeps_the_portable_tile(%a: tensor<2048x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<2048x4096xf32> {
    %e = tensor.empty() : tensor<2048x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    // expected-remark@+1 {{uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_100}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    return %r : tensor<2048x4096xf32>
  }
}
