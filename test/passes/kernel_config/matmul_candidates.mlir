// The matmul family's selection: the GEMV or a skinny ukernel for decode
// shapes (the wide skinny one where its workgroups fill the GPU), the
// tile ukernel otherwise, K never tiled (reduction tile 0) so the ukernel
// runs the whole K loop; every candidate considered is named, and every
// rejection says why.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @large_decode_weight_selects_gemv
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_gemv_bf16_nk", {{.*}}shared_memory_bytes = 112 : i64{{.*}}}>, workgroup = [1, 4, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @large_decode_weight_selects_gemv(%a: tensor<1x16384xbf16>, %b: tensor<16384x16384xbf16>) -> tensor<1x16384xf32> {
    %e = tensor.empty() : tensor<1x16384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16384xf32>) -> tensor<1x16384xf32>
    // expected-remark@+1 {{selected uk_matmul_gemv_bf16_nk (bitcode for sm_90): 1 x 4 tile per workgroup of 256 threads, K whole, 4096 workgroups; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_gemv_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_gemv_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_skinny_bf16_nk also fits, ranked after uk_matmul_gemv_bf16_nk; uk_matmul_skinny_wide_bf16_nk also fits, ranked after uk_matmul_gemv_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1x16384xbf16>, tensor<16384x16384xbf16>) outs(%init : tensor<1x16384xf32>) -> tensor<1x16384xf32>
    return %r : tensor<1x16384xf32>
  }
}

// -----

// CHECK-LABEL: func.func @decode_selects_skinny
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_skinny_bf16_nk", {{.*}}dynamic_shared_memory_bytes = 147504 : i64{{.*}}shared_memory_bytes = 0 : i64{{.*}}}>, workgroup = [16, 32, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @decode_selects_skinny(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_skinny_bf16_nk (bitcode for sm_90): 16 x 32 tile per workgroup of 256 threads, K whole, 128 workgroups; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_skinny_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_skinny_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: N x K = 16777216 is below its 33554432 weights; uk_matmul_skinny_wide_bf16_nk: N = 4096 gives 64 workgroups of 64 columns, fewer than 1 per SM of 132}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }
}

// -----

// CHECK-LABEL: func.func @decode_columns_that_fill_the_gpu_select_wide_skinny
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_skinny_wide_bf16_nk", {{.*}}dynamic_shared_memory_bytes = 81984 : i64{{.*}}shared_memory_bytes = 0 : i64{{.*}}}>, workgroup = [16, 64, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @decode_columns_that_fill_the_gpu_select_wide_skinny(%a: tensor<8x4096xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<8x11008xf32> {
    %e = tensor.empty() : tensor<8x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    // expected-remark@+1 {{selected uk_matmul_skinny_wide_bf16_nk (bitcode for sm_90): 16 x 64 tile per workgroup of 256 threads, K whole, 172 workgroups; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_skinny_wide_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_skinny_wide_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: M = 8 exceeds its 1; uk_matmul_skinny_bf16_nk also fits, ranked after uk_matmul_skinny_wide_bf16_nk}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    return %r : tensor<8x11008xf32>
  }
}

// -----

// A larger GPU: the same 11008 columns give 172 workgroups of the wide
// shape, fewer than its 200 SMs; the target's SM count decides.
// CHECK-LABEL: func.func @wide_skinny_needs_a_workgroup_per_sm
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all", sm_count = 200 : i64}>} {
  func.func @wide_skinny_needs_a_workgroup_per_sm(%a: tensor<8x4096xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<8x11008xf32> {
    %e = tensor.empty() : tensor<8x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    // expected-remark@+1 {{selected uk_matmul_skinny_bf16_nk (bitcode for sm_90): 16 x 32 tile per workgroup of 256 threads, K whole, 344 workgroups; also considered: uk_matmul_tile_bf16_nk also fits, ranked after uk_matmul_skinny_bf16_nk; uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_skinny_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: M = 8 exceeds its 1; uk_matmul_skinny_wide_bf16_nk: N = 11008 gives 172 workgroups of 64 columns, fewer than 1 per SM of 200}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    return %r : tensor<8x11008xf32>
  }
}

// -----

// CHECK-LABEL: func.func @prefill_selects_tile_with_k_whole
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_tile_bf16_nk", {{.*}}dynamic_shared_memory_bytes = 147504 : i64{{.*}}shared_memory_bytes = 0 : i64{{.*}}}>, workgroup = [256, 128, 0], workgroup_size = [256, 1, 1]}>
// CHECK: ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_matmul_tile_bf16_nk.sm_90.bc>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @prefill_selects_tile_with_k_whole(%a: tensor<2048x11008xbf16>, %b: tensor<4096x11008xbf16>) -> tensor<2048x4096xf32> {
    %e = tensor.empty() : tensor<2048x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_nk (bitcode for sm_90): 256 x 128 tile per workgroup of 256 threads, K whole, 256 workgroups; also considered: uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_tile_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: M = 2048 exceeds its 1; uk_matmul_skinny_bf16_nk: M = 2048 exceeds its 16; uk_matmul_skinny_wide_bf16_nk: M = 2048 exceeds its 16}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<2048x11008xbf16>, tensor<4096x11008xbf16>) outs(%init : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    return %r : tensor<2048x4096xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @b_as_k_by_n_takes_the_skinny_ukernel_built_for_it(%a: tensor<8x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<8x4096xf32> {
    %e = tensor.empty() : tensor<8x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_skinny_f16_kn (bitcode for sm_90): 16 x 32 tile per workgroup of 256 threads, K whole, 128 workgroups}}
    %r = linalg.matmul ins(%a, %b : tensor<8x4096xf16>, tensor<4096x4096xf16>) outs(%init : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    return %r : tensor<8x4096xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @dynamic_m_takes_the_tile(%a: tensor<?x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<?x4096xf32> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x4096xbf16>
    %e = tensor.empty(%m) : tensor<?x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4096xf32>) -> tensor<?x4096xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_nk (bitcode for sm_90): 256 x 128 tile per workgroup of 256 threads, K whole, workgroups from the runtime sizes; also considered: uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_tile_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_90; uk_matmul_gemv_bf16_nk: M is dynamic; it takes M <= 1; uk_matmul_skinny_bf16_nk: M is dynamic; it takes M <= 16; uk_matmul_skinny_wide_bf16_nk: M is dynamic; it takes M <= 16}}
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<?x4096xf32>) -> tensor<?x4096xf32>
    return %r : tensor<?x4096xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @generic_contraction_selected(%a: tensor<16x512xbf16>, %b: tensor<1024x512xbf16>) -> tensor<16x1024xf32> {
    %e = tensor.empty() : tensor<16x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1024xf32>) -> tensor<16x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_skinny_bf16_nk}}
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<16x512xbf16>, tensor<1024x512xbf16>) outs(%init : tensor<16x1024xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x1024xf32>
    return %r : tensor<16x1024xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @accumulating_into_c_selected(%a: tensor<300x300xf16>, %b: tensor<300x300xf16>, %c: tensor<300x300xf32>) -> tensor<300x300xf32> {
    // expected-remark@+1 {{selected uk_matmul_tile_f16_kn (bitcode for sm_90): 256 x 128 tile per workgroup of 256 threads, K whole, 6 workgroups}}
    %r = linalg.matmul ins(%a, %b : tensor<300x300xf16>, tensor<300x300xf16>) outs(%c : tensor<300x300xf32>) -> tensor<300x300xf32>
    return %r : tensor<300x300xf32>
  }
}

// -----

// f32 inputs take the CUDA-core ukernel (f32 FMAs, no TF32); before, the
// default path ("there is no tensor-core f32 ukernel").
// CHECK-LABEL: func.func @f32_inputs_take_the_simt_ukernel
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_simt_f32_kn"{{.*}}workgroup = [128, 128, 0], workgroup_size = [256, 1, 1]}>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @f32_inputs_take_the_simt_ukernel(%a: tensor<16x64xf32>, %b: tensor<64x64xf32>) -> tensor<16x64xf32> {
    %e = tensor.empty() : tensor<16x64xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
    // expected-remark@+1 {{selected uk_matmul_simt_f32_kn (bitcode for sm_90): 128 x 128 tile per workgroup of 256 threads, K whole, 1 workgroups}}
    %r = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x64xf32>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
    return %r : tensor<16x64xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @mixed_inputs_rejected(%a: tensor<16x64xbf16>, %b: tensor<64x64xf16>) -> tensor<16x64xf32> {
    %e = tensor.empty() : tensor<16x64xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
    // expected-remark@+1 {{not a matmul: A is bf16 and B is f16; the ukernels take one input type}}
    %r = linalg.matmul ins(%a, %b : tensor<16x64xbf16>, tensor<64x64xf16>) outs(%init : tensor<16x64xf32>) -> tensor<16x64xf32>
    return %r : tensor<16x64xf32>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @bf16_output_rejected(%a: tensor<16x64xbf16>, %b: tensor<64x64xbf16>) -> tensor<16x64xbf16> {
    %e = tensor.empty() : tensor<16x64xbf16>
    %zero = arith.constant 0.0 : bf16
    %init = linalg.fill ins(%zero : bf16) outs(%e : tensor<16x64xbf16>) -> tensor<16x64xbf16>
    // expected-remark@+1 {{not a matmul: the output type is bf16; the ukernels accumulate and write f32}}
    %r = linalg.matmul ins(%a, %b : tensor<16x64xbf16>, tensor<64x64xbf16>) outs(%init : tensor<16x64xbf16>) -> tensor<16x64xbf16>
    return %r : tensor<16x64xbf16>
  }
}

// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @f32_generic_contraction(%a: tensor<16x64xf32>, %b: tensor<64x64xf32>) -> tensor<16x64xf32> {
    %e = tensor.empty() : tensor<16x64xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
    // expected-remark@+1 {{selected uk_matmul_simt_f32_kn}}
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<16x64xf32>, tensor<64x64xf32>) outs(%init : tensor<16x64xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x64xf32>
    return %r : tensor<16x64xf32>
  }
}
