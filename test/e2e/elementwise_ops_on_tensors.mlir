// arith and math ops on whole tensors (valid MLIR that hand-written IR
// uses: `arith.addf %a, %b : tensor<...>`) compile: upstream's
// convert-elementwise-to-linalg makes generics of them, and
// ukernel-unread-inits-empty gives each an empty init, so that a bias and a
// tanh after a matmul fuse into its store (one kernel). Before, each failed
// with "op was not bufferized" (a select of tensors: "only i1 condition
// values are supported"). `ukc-run run` checks each against upstream
// MLIR's CPU execution (`--reference`).
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: wrote {{.*}}: 4 kernel(s)
// CHECK-DAG: tensor_arith: ukernel none
// CHECK-DAG: tensor_select: ukernel none
// CHECK-DAG: tensor_math: ukernel none
// CHECK-DAG: mm_bias_tanh: ukernel uk_matmul_wgmma_narrow_bf16_nk
module {
  func.func @tensor_arith(%a: tensor<1000xf32>, %b: tensor<1000xf32>) -> tensor<1000xf32> {
    %s = arith.addf %a, %b : tensor<1000xf32>
    %m = arith.mulf %s, %a : tensor<1000xf32>
    return %m : tensor<1000xf32>
  }
  func.func @tensor_select(%c: tensor<1000xi1>, %a: tensor<1000xf32>, %b: tensor<1000xf32>) -> tensor<1000xf32> {
    %s = arith.select %c, %a, %b : tensor<1000xi1>, tensor<1000xf32>
    return %s : tensor<1000xf32>
  }
  func.func @tensor_math(%a: tensor<4x300xf16>) -> tensor<4x300xf16> {
    %s = math.exp %a : tensor<4x300xf16>
    return %s : tensor<4x300xf16>
  }
  func.func @mm_bias_tanh(%a: tensor<256x512xbf16>, %b: tensor<384x512xbf16>, %r: tensor<256x384xf32>) -> tensor<256x384xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x384xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<256x512xbf16>, tensor<384x512xbf16>) outs(%f : tensor<256x384xf32>) -> tensor<256x384xf32>
    %s = arith.addf %c, %r : tensor<256x384xf32>
    %t = math.tanh %s : tensor<256x384xf32>
    return %t : tensor<256x384xf32>
  }
}
