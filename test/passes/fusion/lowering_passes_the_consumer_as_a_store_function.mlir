// Lowering a fused consumer: its body becomes a private store function (the
// ukernels' UkStore: output pointer, offset and row stride, extra operand
// pointer and offset, row, column, two values and a mode) that reads the bias
// by column for both columns (the second clamped to the first for a single
// element) with invariant loads, applies the body (its ops cloned) to both
// values, and writes bf16: both with one
// aligned vector store for mode 2, else the first, and the second unless
// mode is 1. The call passes its address and the buffers' addresses at the
// store fusion point, a shared one-element global stands in for C, and the
// consumer, C's fill and C's buffer are gone. The output buffer, allocated
// after the matmul, moves before the call, with the size computation of a
// dynamic one.
// RUN: ukernel-opt --mlir-elide-resource-strings-if-larger=1 --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func private @__ukernel_store_0(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32, %arg8: f32, %arg9: i32) attributes {ukernel.fused_function}
// CHECK: %[[SINGLE:.*]] = arith.cmpi eq, %arg9, %c1_i32 : i32
// CHECK: %[[STEP:.*]] = arith.select %[[SINGLE]], %c0_i64, %c1_i64 : i64
// CHECK: %[[COL1:.*]] = arith.addi %arg6, %[[STEP]] : i64
// CHECK: %[[BI:.*]] = arith.addi %arg4, %arg6 : i64
// CHECK: %[[BP:.*]] = llvm.getelementptr %arg3[%[[BI]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[B:.*]] = llvm.load %[[BP]] invariant : !llvm.ptr -> f32
// CHECK: %[[Y:.*]] = arith.addf %arg7, %[[B]] : f32
// CHECK: %[[R:.*]] = arith.maximumf %[[Y]], %{{.*}} : f32
// CHECK: %[[T0:.*]] = arith.truncf %[[R]] : f32 to bf16
// CHECK: %[[BI1:.*]] = arith.addi %arg4, %[[COL1]] : i64
// CHECK: llvm.getelementptr %arg3[%[[BI1]]]
// CHECK: arith.addf %arg8, %{{.*}} : f32
// CHECK: %[[T1:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[ROW:.*]] = arith.muli %arg5, %arg2 : i64
// CHECK: %[[RC:.*]] = arith.addi %[[ROW]], %arg6 : i64
// CHECK: %[[AT:.*]] = arith.addi %[[RC]], %arg1 : i64
// CHECK: %[[OP:.*]] = llvm.getelementptr %arg0[%[[AT]]] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK: %[[VEC:.*]] = arith.cmpi eq, %arg9, %c2_i32 : i32
// CHECK: scf.if %[[VEC]] {
// CHECK: %[[V0:.*]] = llvm.insertelement %[[T0]], %{{.*}} : vector<2xbf16>
// CHECK: %[[V1:.*]] = llvm.insertelement %[[T1]], %[[V0]]{{.*}} : vector<2xbf16>
// CHECK: llvm.store %[[V1]], %[[OP]] {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.store %[[T0]], %[[OP]] : bf16, !llvm.ptr
// CHECK: scf.if %[[SINGLE]] {
// CHECK: } else {
// CHECK: %[[OP1:.*]] = llvm.getelementptr %[[OP]][%c1_i64] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK: llvm.store %[[T1]], %[[OP1]] : bf16, !llvm.ptr
// CHECK-LABEL: func.func @bias_relu_bf16(
// CHECK-NOT: linalg.
// CHECK: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<256x512xbf16>
// CHECK-NOT: memref.alloc
// CHECK: %[[C:.*]] = memref.get_global @__ukernel_zeros_1xf32 : memref<1xf32>
// CHECK: %[[OUTP:.*]] = llvm.inttoptr {{.*}} : i64 to !llvm.ptr
// CHECK: %[[BIASP:.*]] = llvm.inttoptr {{.*}} : i64 to !llvm.ptr
// CHECK: %[[F:.*]] = func.constant @__ukernel_store_0
// CHECK: %[[FP:.*]] = builtin.unrealized_conversion_cast %[[F]] : {{.*}} to !llvm.ptr
// CHECK: func.call @uk_matmul_tile_bf16_nk({{.*}}, %[[FP]], %[[OUTP]], {{.*}}, {{.*}}, %[[BIASP]], {{.*}})
// CHECK-NOT: linalg.
// CHECK: return %[[OUT]]
// CHECK-LABEL: func.func @dynamic_rows_bias_relu_bf16(
// CHECK: %[[DOUT:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x512xbf16>
// CHECK: func.call @uk_matmul_tile_bf16_nk(
// CHECK-NOT: memref.alloc
// CHECK: return %[[DOUT]]

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
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

  func.func @dynamic_rows_bias_relu_bf16(%a: tensor<?x128xbf16>, %w: tensor<512x128xbf16>, %bias: tensor<512xf32>) -> tensor<?x512xbf16> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x128xbf16>
    %e = tensor.empty(%m) : tensor<?x512xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<?x128xbf16>, tensor<512x128xbf16>) outs(%init : tensor<?x512xf32>) -> tensor<?x512xf32>
    %m2 = tensor.dim %a, %c0 : tensor<?x128xbf16>
    %oe = tensor.empty(%m2) : tensor<?x512xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<?x512xf32>, tensor<512xf32>) outs(%oe : tensor<?x512xbf16>) {
    ^bb0(%x: f32, %b: f32, %o: bf16):
      %y = arith.addf %x, %b : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %t = arith.truncf %r : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<?x512xbf16>
    return %d : tensor<?x512xbf16>
  }
}
