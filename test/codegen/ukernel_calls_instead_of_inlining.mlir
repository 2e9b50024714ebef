// With --no-inline-ukernels, the kernels call one copy of each ukernel
// (each kernel its own entry: --specialize-sizes).
// RUN: rm -rf %t.dump
// RUN: ukc compile %S/linked_ir_and_ptx.mlir --arch sm_90 --no-inline-ukernels --specialize-sizes -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s < %t.dump/7.kernels.sm_90.ptx

// CHECK-DAG: .func uk_argmax_ogt_f32i64
// CHECK-DAG: .func uk_argmax_ogt_bf16i32
// CHECK-DAG: .visible .entry decode_a(
// CHECK-DAG: .visible .entry decode_b(
// CHECK-DAG: .visible .entry decode_bf16(
// CHECK-DAG: call.uni uk_argmax_ogt_f32i64,
// CHECK-DAG: call.uni uk_argmax_ogt_bf16i32,
