// The tensor-level rewrites (ukernel-generalize-reduce, ukernel-sink-expand-shapes,
// ukernel-fold-extf-operands,
// ukernel-fold-argmax-conversions,
// ukernel-fold-transposes, ukernel-canonicalize-contractions,
// ukernel-fuse-elementwise, ukernel-inits-per-use)
// keep the IR's meaning bit for bit: upstream MLIR's CPU execution of each
// module before and after them (`ukc compile --reference`, same inputs)
// writes identical outputs. The modules: torch-mlir's Llama MLP (its
// SwiGLU chain fused), its 3-D SwiGLU (the chain moved below the expands),
// GPT-2 MLP and RMSNorm + QKV, argmaxes of widened
// bf16, Q K^T with its 3-D transpose folded, linalg.reduce ops, the
// contraction forms (contract, matvec, A and C transposed, several batch
// loops, batch_reduce_matmul), contractions of extf-widened operands, and 60 generated functions (chains, shared
// fills, transposes, contractions in other layouts).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc-fuzz --linalg-functions 60 --seed 31 --write %t/fuzz.mlir
// RUN: cp %S/../realir/a_llama_mlp.mlir %S/../realir/f_mlp_3d.mlir %S/../realir/b_gpt2_mlp.mlir %S/../realir/d_rmsnorm_qkv.mlir %S/../passes/fold_argmax_conversions/argmax_of_widened_bf16_reads_bf16.mlir %S/../passes/fold_transposes/batch_transpose_into_batch_matmul_maps.mlir %S/../passes/generalize_reduce/reduce_becomes_the_generic_it_means.mlir %S/contraction_forms.mlir %S/../passes/fold_extf_operands/widened_operands_become_the_matmuls.mlir %t/
// RUN: bash -c 'for m in fuzz a_llama_mlp f_mlp_3d b_gpt2_mlp d_rmsnorm_qkv argmax_of_widened_bf16_reads_bf16 batch_transpose_into_batch_matmul_maps reduce_becomes_the_generic_it_means contraction_forms widened_operands_become_the_matmuls; do \
// RUN:   ukernel-opt %t/$m.mlir --pass-pipeline="builtin.module(ukernel-generalize-reduce,ukernel-sink-expand-shapes,ukernel-fold-extf-operands,ukernel-fold-argmax-conversions,ukernel-fold-transposes,ukernel-canonicalize-contractions,ukernel-fuse-elementwise,ukernel-inits-per-use)" -o %t/$m.rewritten.mlir 2>/dev/null && \
// RUN:   ukc compile %t/$m.mlir --arch sm_90a --no-cubin --reference -o %t/$m.pkg > /dev/null && \
// RUN:   ukc compile %t/$m.rewritten.mlir --arch sm_90a --no-cubin --reference -o %t/$m.rewritten.pkg > /dev/null && \
// RUN:   diff -r %t/$m.pkg.ref %t/$m.rewritten.pkg.ref && echo "$m: identical"; \
// RUN: done' 2>&1 | FileCheck %s
// RUN: grep -c linalg.generic %t/a_llama_mlp.mlir %t/a_llama_mlp.rewritten.mlir | FileCheck %s --check-prefix=FUSED

// CHECK: fuzz: identical
// CHECK-NEXT: a_llama_mlp: identical
// CHECK-NEXT: f_mlp_3d: identical
// CHECK-NEXT: b_gpt2_mlp: identical
// CHECK-NEXT: d_rmsnorm_qkv: identical
// CHECK-NEXT: argmax_of_widened_bf16_reads_bf16: identical
// CHECK-NEXT: batch_transpose_into_batch_matmul_maps: identical
// CHECK-NEXT: reduce_becomes_the_generic_it_means: identical
// CHECK-NEXT: contraction_forms: identical
// CHECK-NEXT: widened_operands_become_the_matmuls: identical
// The Llama MLP's eight generics are two after the rewrites.
// FUSED: a_llama_mlp.mlir:8
// FUSED: a_llama_mlp.rewritten.mlir:2
