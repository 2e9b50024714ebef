// F.linear as torch-mlir exports it (linalg.transpose of the N x K weight,
// a plain linalg.matmul, truncf to bf16) reaches the matmul ukernel for B
// as N x K with the truncf fused, once ukernel-fold-transposes has folded
// the transpose into the matmul's map (before: "the dispatch computes more
// than the result's consumer", the default path).
// RUN: ukc explain %s --arch sm_90a --summary | FileCheck %s
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s --check-prefix=REF
// CHECK: 1 dispatch(es), 1 root(s): 1 on ukernels, 0 on the default path
// CHECK-NEXT: uk_matmul_skinny_wide_bf16_nk: 1 (linear:{{[0-9]+}})
// REF: reference outputs (MLIR on the CPU) of 1 function(s)
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @linear(%x: tensor<16x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<16x11008xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4096x11008xbf16>
    %t = linalg.transpose ins(%w : tensor<11008x4096xbf16>) outs(%0 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %1 = tensor.empty() : tensor<16x11008xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %3 = linalg.matmul ins(%x, %t : tensor<16x4096xbf16>, tensor<4096x11008xbf16>) outs(%2 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %4 = tensor.empty() : tensor<16x11008xbf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x11008xf32>) outs(%4 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %6 = arith.truncf %in : f32 to bf16
      linalg.yield %6 : bf16
    } -> tensor<16x11008xbf16>
    return %5 : tensor<16x11008xbf16>
  }
}
