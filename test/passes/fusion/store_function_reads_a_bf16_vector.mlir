// A consumer whose vector operand is bf16 (a bias widened with extf): the
// store function loads a bf16 and extends it before the body.
// RUN: ukernel-opt --mlir-elide-resource-strings-if-larger=1 --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func private @__ukernel_store_0(
// CHECK: %[[BP:.*]] = llvm.getelementptr %arg3[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK: %[[B:.*]] = llvm.load %[[BP]] invariant : !llvm.ptr -> bf16
// CHECK: %[[BF:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK: arith.addf %arg7, %[[BF]] : f32
// CHECK: llvm.store %{{.*}} : bf16, !llvm.ptr
// CHECK-LABEL: func.func @bias_relu_bf16(
// CHECK: func.call @uk_matmul_tile_bf16_nk(

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @bias_relu_bf16(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xbf16>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<256x512xf32>, tensor<512xbf16>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %bb: bf16, %o: bf16):
      %b = arith.extf %bb : bf16 to f32
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
