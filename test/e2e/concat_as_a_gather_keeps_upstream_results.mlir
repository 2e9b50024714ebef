// tensor.concat as one gathering generic (ukernel-gather-concat) computes
// what upstream's concat does, bit for bit on MLIR's CPU execution: three
// inputs along the innermost dim, bf16 rows, five inputs (left to
// upstream), a concat read by an elementwise op (fused into the gather),
// and torch-mlir's rotary embedding (`cat((-x2, x1))`), which becomes two
// kernels instead of four.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukernel-opt %S/Inputs/concats.mlir --pass-pipeline='builtin.module(ukernel-gather-concat)' -o %t/concats.r.mlir
// RUN: ukernel-opt %S/../realir/f_rotary.mlir --pass-pipeline='builtin.module(ukernel-gather-concat)' -o %t/rotary.r.mlir
// RUN: ukc compile %S/Inputs/concats.mlir --arch sm_90a --no-cubin --reference -o %t/concats.pkg > /dev/null
// RUN: ukc compile %t/concats.r.mlir --arch sm_90a --no-cubin --reference -o %t/concats.r.pkg > /dev/null
// RUN: ukc compile %S/../realir/f_rotary.mlir --arch sm_90a --no-cubin --reference -o %t/rotary.pkg | FileCheck %s --check-prefix=ROTARY
// RUN: ukc compile %t/rotary.r.mlir --arch sm_90a --no-cubin --reference -o %t/rotary.r.pkg > /dev/null
// RUN: diff -r %t/concats.pkg.ref %t/concats.r.pkg.ref && diff -r %t/rotary.pkg.ref %t/rotary.r.pkg.ref && echo identical | FileCheck %s
// CHECK: identical
// ROTARY: wrote {{.*}}: 2 kernel(s)
