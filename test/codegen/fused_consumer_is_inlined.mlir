// A fused consumer costs no call on sm_90a: the kernel inlines the wgmma
// ukernel, the address at its store fusion point is a constant there, and
// LLVM inlines the store function into the epilogue. No indirect call, no
// call of the store function, and no C buffer among the kernel's arguments;
// adjacent bf16 results leave as one 32-bit store.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90a --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90a.ptx
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// CHECK: bias_relu_bf16: ukernel uk_matmul_wgmma_narrow_bf16_nk
// PTX: .entry bias_relu_bf16(
// PTX-NOT: prototype
// PTX-NOT: __ukernel_store
// PTX: wgmma.mma_async
// PTX: st.global.v2.b16
// Four buffers (A, W, bias, out; nothing for C): 7 + 7 + 5 + 7 memref
// descriptor fields.
// INFO: bias_relu_bf16: PTX for 9.0a; block [384, 1, 1]; dynamic shared memory 198656; 26 args
module {
  func.func @bias_relu_bf16(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xf32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x512xf32>, tensor<512xf32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %b: f32, %o: bf16):
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
