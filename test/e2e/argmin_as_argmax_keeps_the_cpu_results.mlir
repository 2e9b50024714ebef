// An argmin (torch.argmin) as the argmax of the negated input
// (ukernel-argmin-as-argmax) computes what the argmin does, bit for bit on
// MLIR's CPU execution, indices and values (rows of 3000 multiples of 1/128:
// many ties, where the first index must win): minimumf and minnumf, the
// plain and the NaN-aware olt, f32 and bf16. Each runs on an argmax ukernel
// with the negation fused into its input; a value result is negated back
// by a kernel of its own. torch-mlir's argmin (test/realir/g_argmin) was a
// default-path kernel of one thread per row.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukernel-opt %S/Inputs/argmins.mlir --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90a},ukernel-argmin-as-argmax)' -o %t/r.mlir
// RUN: ukc compile %S/Inputs/argmins.mlir --arch sm_90a --no-cubin --reference -o %t/o.pkg | FileCheck %s
// RUN: ukc compile %t/r.mlir --arch sm_90a --no-cubin --reference -o %t/r.pkg > /dev/null
// RUN: diff -r %t/o.pkg.ref %t/r.pkg.ref && echo identical | FileCheck %s --check-prefix=SAME
// CHECK-DAG: argmin_f32__k0: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: argmin_nan_first_bf16__k0: ukernel uk_argmax_bf16i64
// CHECK-DAG: argmin_minnum_f32: ukernel uk_argmax_maxnum_f32i64
// CHECK-DAG: argmin_bf16_index_only: ukernel uk_argmax_ogt_bf16i64
// SAME: identical
