// On tensors, selection comes first and bufferization keeps the config; the
// lowering then sees memrefs.
// RUN: ukernel-opt %S/../../../driver/examples/decode_step.mlir --mlir-elide-resource-strings-if-larger=1 \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' \
// RUN:   | FileCheck %s

// CHECK-DAG: func.func private @uk_argmax_f32i64(
// CHECK-DAG: func.func private @uk_argmax_bf16i32(
// CHECK-LABEL: func.func @next_token_f32_b1
// CHECK-NOT: linalg.generic
// CHECK: func.call @uk_argmax_f32i64
// CHECK-LABEL: func.func @next_token_bf16_b8
// CHECK-NOT: linalg.generic
// CHECK: func.call @uk_argmax_bf16i32
