// Two fused consumers reach the tile ukernel, which kernels call rather
// than inline (registry tag linkage = call): the call sites that pass a
// store function inline it instead, so each kernel's store function is a
// constant there and inlines in turn. No indirect call remains (one shared
// copy would call both store functions through a pointer).
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// CHECK: bias_relu_bf16: ukernel uk_matmul_tile_bf16_nk
// CHECK: bias_relu2_bf16: ukernel uk_matmul_tile_bf16_nk
// PTX-NOT: prototype
// PTX-NOT: .func
// PTX: .entry bias_relu_bf16(
// PTX: .entry bias_relu2_bf16(
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
  func.func @bias_relu2_bf16(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xf32>) -> tensor<256x512xbf16> {
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
      %r = arith.minimumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
