// A consumer of the matmul's result and two more inputs (a bias by column
// and a residual matrix, as a projection with bias and a residual add is
// written) is fused: the kernel fills a table of the inputs' pointers and
// offsets in its local memory and passes it where the ABI has one operand;
// the store function reads each input's pointer (element 2i) and offset
// (element 2i + 1) from it. Before, the consumer ran as a default-path
// kernel after the matmul ("does not read the result once, as one of one
// or two inputs").
// RUN: ukernel-opt --mlir-elide-resource-strings-if-larger=1 --ukernel-explain --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' %s 2>&1 \
// RUN:   | FileCheck %s

// CHECK: remark: ukernel: selected uk_matmul_tile_bf16_nk {{.*}}; fused: the result's consumer (3 ops) through store
// CHECK-LABEL: func.func private @__ukernel_store_0(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32, %arg8: f32, %arg9: i32)
// CHECK: %[[P0:.*]] = llvm.getelementptr %arg3[%c0_i64{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: %[[B0:.*]] = llvm.load %[[P0]] invariant : !llvm.ptr -> i64
// CHECK: llvm.inttoptr %[[B0]] : i64 to !llvm.ptr
// CHECK: llvm.getelementptr %arg3[%c1_i64{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: llvm.getelementptr %arg3[%c2_i64{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK: llvm.getelementptr %arg3[%c3_i64{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i64
// CHECK-LABEL: func.func @projection_bias_residual
// CHECK-NOT: linalg.generic
// CHECK: %[[T:.*]] = llvm.alloca %{{.*}} x i64 : (i64) -> !llvm.ptr
// CHECK-COUNT-4: llvm.store
// CHECK: call @uk_matmul_tile_bf16_nk({{.*}}, %[[T]], %c0_i64{{.*}})
module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "all"}>} {
  func.func @projection_bias_residual(%x: tensor<512x1024xbf16>, %w: tensor<1024x1024xbf16>, %bias: tensor<1024xf32>, %residual: tensor<512x1024xf32>) -> tensor<512x1024xbf16> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<512x1024xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<512x1024xbf16>, tensor<1024x1024xbf16>) outs(%f : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    %oe = tensor.empty() : tensor<512x1024xbf16>
    %o = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
        ins(%y, %bias, %residual : tensor<512x1024xf32>, tensor<1024xf32>, tensor<512x1024xf32>) outs(%oe : tensor<512x1024xbf16>) {
    ^bb0(%v: f32, %b: f32, %r: f32, %out: bf16):
      %s = arith.addf %v, %b : f32
      %t = arith.addf %s, %r : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<512x1024xbf16>
    return %o : tensor<512x1024xbf16>
  }
}
