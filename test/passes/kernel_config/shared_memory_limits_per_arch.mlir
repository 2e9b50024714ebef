// Selection checks each arch's real shared-memory limit per workgroup:
// GPUs with 99 KiB (sm_86, sm_89: A10, L4, L40S, RTX 30/40; sm_120:
// consumer Blackwell) get the 128 x 128 tile ukernel in 96 KiB, since the
// 256 x 128 one needs 144 KiB; sm_80 (163 KiB) and sm_100 (227 KiB) keep
// the large tile. Before: sm_120 was given 227 KiB and selected a ukernel
// that could not launch there, and sm_86/sm_89 got no matmul ukernel.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s

module attributes {ukernel.target = #ukernel.target<{arch = "sm_86", ukernels = "all"}>} {
  func.func @sm86_gets_the_small_tile(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<1024x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_small_bf16_kn (bitcode for sm_80): 128 x 128 tile per workgroup of 128 threads, K whole, 64 workgroups; also considered: uk_matmul_tile_bf16_kn needs 147504 bytes of shared memory per workgroup, sm_86 allows 101376}}
    %c = linalg.matmul ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    return %c : tensor<1024x1024xf32>
  }
}
// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_89", ukernels = "all"}>} {
  func.func @sm89_gets_the_small_tile(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<1024x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_small_bf16_kn (bitcode for sm_80)}}
    %c = linalg.matmul ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    return %c : tensor<1024x1024xf32>
  }
}
// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_120", ukernels = "all"}>} {
  func.func @sm120_gets_the_small_tile(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<1024x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_small_bf16_kn (bitcode for sm_90): 128 x 128 tile per workgroup of 128 threads, K whole, 64 workgroups; also considered: uk_matmul_tile_bf16_kn needs 147504 bytes of shared memory per workgroup, sm_120 allows 101376}}
    %c = linalg.matmul ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    return %c : tensor<1024x1024xf32>
  }
}
// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "all"}>} {
  func.func @sm80_keeps_the_large_tile(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<1024x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_kn (bitcode for sm_80)}}
    %c = linalg.matmul ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    return %c : tensor<1024x1024xf32>
  }
}
// -----

module attributes {ukernel.target = #ukernel.target<{arch = "sm_100", ukernels = "all"}>} {
  func.func @sm100_keeps_the_large_tile(%a: tensor<1024x1024xbf16>, %b: tensor<1024x1024xbf16>) -> tensor<1024x1024xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1024x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_kn (bitcode for sm_90)}}
    %c = linalg.matmul ins(%a, %b : tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    return %c : tensor<1024x1024xf32>
  }
}
