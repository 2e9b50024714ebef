// A consumer with a 0-d operand (a per-tensor scale, as FP8 matmuls carry
// it): the matmul keeps its ukernel with the consumer fused, and the store
// function reads the scalar's one element once, for both values of a pair.
// RUN: ukernel-opt --mlir-elide-resource-strings-if-larger=1 --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func private @__ukernel_store_0(
// CHECK: %[[I:.*]] = arith.addi %arg4, %c0_i64{{.*}} : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %arg3[%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[S:.*]] = llvm.load %[[P]] invariant : !llvm.ptr -> f32
// CHECK-NOT: llvm.load
// CHECK: arith.mulf %arg7, %[[S]] : f32
// CHECK-NOT: llvm.load
// CHECK: arith.mulf %arg8, %[[S]] : f32
// CHECK-LABEL: func.func @scaled_bf16(
// CHECK: func.call @uk_matmul_tile_bf16_nk(

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @scaled_bf16(%a: tensor<256x128xbf16>, %w: tensor<512x128xbf16>, %scale: tensor<f32>) -> tensor<256x512xbf16> {
    %e = tensor.empty() : tensor<256x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
    %oe = tensor.empty() : tensor<256x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %scale : tensor<256x512xf32>, tensor<f32>) outs(%oe : tensor<256x512xbf16>) {
    ^bb0(%x: f32, %s: f32, %o: bf16):
      %y = arith.mulf %x, %s : f32
      %t = arith.truncf %y : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<256x512xbf16>
    return %d : tensor<256x512xbf16>
  }
}
