// Every module of test/e2e gets reference outputs from upstream MLIR on the
// CPU for each of its kernels, with ukernels and without (temporaries of
// dynamic shape are sized from the arguments' dims at launch), except the
// largest matmuls, which exceed the reference budget and are named.
// REQUIRES: libdevice
// RUN: ukc compile %S/argmax_dispatches.mlir --arch sm_90a --no-cubin -o %t.a.pkg --reference | FileCheck %s --check-prefix=ARGMAX
// RUN: ukc compile %S/argmax_dispatches.mlir --arch sm_90a --ukernels none --no-cubin -o %t.a0.pkg --reference | FileCheck %s --check-prefix=ARGMAX
// RUN: ukc compile %S/fused_dispatches.mlir --arch sm_90a --no-cubin -o %t.f.pkg --reference | FileCheck %s --check-prefix=FUSED
// RUN: ukc compile %S/fused_dispatches.mlir --arch sm_90a --ukernels none --no-cubin -o %t.f0.pkg --reference | FileCheck %s --check-prefix=FUSED
// RUN: ukc compile %S/fused_matmul_dispatches.mlir --arch sm_90a --no-cubin -o %t.fm.pkg --reference | FileCheck %s --check-prefix=FUSED-MM
// RUN: ukc compile %S/fused_matmul_dispatches.mlir --arch sm_90a --ukernels none --no-cubin -o %t.fm0.pkg --reference | FileCheck %s --check-prefix=FUSED-MM
// RUN: ukc compile %S/math_ops.mlir --arch sm_90a --no-cubin -o %t.m.pkg --reference | FileCheck %s --check-prefix=MATH
// RUN: ukc compile %S/matmul_dispatches.mlir --arch sm_90a --no-cubin -o %t.mm.pkg --reference | FileCheck %s --check-prefix=MM
// RUN: ukc compile %S/matmul_dispatches.mlir --arch sm_90a --ukernels none --no-cubin -o %t.mm0.pkg --reference | FileCheck %s --check-prefix=MM
// RUN: ukc compile %S/sanitized_matmul.mlir --arch sm_90a --no-cubin -o %t.s.pkg --reference | FileCheck %s --check-prefix=SAN
// RUN: ukc compile %S/split_folds.mlir --arch sm_90a --ukernels none --no-cubin -o %t.sf.pkg --reference | FileCheck %s --check-prefix=SPLIT

// ARGMAX: reference outputs (MLIR on the CPU) of 39 function(s)
// ARGMAX-NOT: no reference
// FUSED: reference outputs (MLIR on the CPU) of 9 function(s)
// FUSED-NOT: no reference
// FUSED-MM: reference outputs (MLIR on the CPU) of 6 function(s)
// FUSED-MM-DAG: no reference for plain_bf16_4096x4096x4096: {{[0-9]+}} loop iterations exceed --reference-budget
// FUSED-MM-DAG: no reference for gelu_bf16_4096x4096x4096
// FUSED-MM-DAG: no reference for gelu_bf16_2048x11008x4096
// MATH: reference outputs (MLIR on the CPU) of 105 function(s)
// MM: reference outputs (MLIR on the CPU) of 14 function(s)
// MM-NEXT: no reference for mm_tile_bf16_nk_acc_4096x4096x4096
// SAN: reference outputs (MLIR on the CPU) of 17 function(s)
// SPLIT: reference outputs (MLIR on the CPU) of 3 function(s)
