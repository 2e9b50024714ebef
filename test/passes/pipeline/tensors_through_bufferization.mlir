// On tensors, selection comes first and bufferization keeps the config; the
// lowering then sees memrefs. The demo's decode step: LM head matmuls on the
// gemv (one token) and wide skinny (eight) ukernels, their zero fills dropped;
// argmaxes with torch's NaN rule.
// RUN: ukernel-opt %S/../../../driver/examples/decode_step.mlir --mlir-elide-resource-strings-if-larger=1 \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' \
// RUN:   | FileCheck %s

// CHECK-DAG: func.func private @uk_matmul_gemv_bf16_nk(memref<bf16>, i64, i64, memref<bf16>, i64, i64, memref<f32>, i64, i64, i64, i64, i64, i32, i32, i32, !llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64) attributes {llvm.bareptr, ukernel.linkage = "inline", ukernel.pipeline = "o3", ukernel.shared_memory_bytes = 112 : i64}
// CHECK-DAG: func.func private @uk_matmul_skinny_wide_bf16_nk(memref<bf16>, i64, i64, memref<bf16>, i64, i64, memref<f32>, i64, i64, i64, i64, i64, i32, i32, i32, !llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64) attributes {llvm.bareptr, ukernel.dynamic_shared_memory_bytes = 81984 : i64, ukernel.linkage = "inline", ukernel.pipeline = "o3", ukernel.shared_memory_bytes = 0 : i64}
// CHECK-DAG: func.func private @uk_argmax_f32i64(
// CHECK-DAG: func.func private @uk_argmax_f32i32(
// CHECK-LABEL: func.func @lm_head_b1
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.matmul
// CHECK: func.call @uk_matmul_gemv_bf16_nk
// CHECK-LABEL: func.func @next_token_b1
// CHECK-NOT: linalg.generic
// CHECK: func.call @uk_argmax_f32i64
// CHECK-LABEL: func.func @lm_head_b8
// CHECK: func.call @uk_matmul_skinny_wide_bf16_nk
// CHECK-LABEL: func.func @next_token_b8
// CHECK-NOT: linalg.generic
// CHECK: func.call @uk_argmax_f32i32
