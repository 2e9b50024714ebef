// `ukc explain --summary` is the coverage report: how many roots (one
// kernel formed around each) went to each ukernel, where they are, and, for
// each root on the default path, why.
// RUN: ukc explain %S/../realir/e_mm.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=MM
// RUN: ukc explain %S/../realir/c_lm_head_argmax.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=LM
// RUN: ukc explain %S/../realir/d_rmsnorm_qkv.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=QKV
// RUN: ukc explain %S/../e2e/matmul_dispatches.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=E2E

// MM: 1 dispatch(es), 1 root(s): 1 on ukernels, 0 on the default path
// MM-NEXT: uk_matmul_wgmma_narrow_bf16_kn: 1 (e_mm:7)
// MM-NOT: default path:

// The LM head and its argmax in one function: a kernel per root; the
// argmax reads the bf16 logits (ukernel-fold-argmax-conversions).
// LM: 1 dispatch(es), 2 root(s): 2 on ukernels, 0 on the default path
// LM-NEXT: uk_argmax_ogt_bf16i64: 1 (c_lm_head_argmax:28)
// LM-NEXT: uk_matmul_skinny_wide_bf16_nk: 1 (c_lm_head_argmax:12)
// LM-NOT: default path:

// RMSNorm's sum of squares has no ukernel (two default-path roots: its
// partials and their combination); the three projections keep theirs.
// QKV: 1 dispatch(es), 5 root(s): 3 on ukernels, 2 on the default path
// QKV-NEXT: uk_matmul_skinny_bf16_nk: 3 (d_rmsnorm_qkv:63, d_rmsnorm_qkv:70, d_rmsnorm_qkv:77)
// QKV-NEXT: default path: d_rmsnorm_qkv:23: not an argmax: {{.*}}; not a matmul: expected 2 inputs and 1 init
// QKV-NEXT: default path: d_rmsnorm_qkv:23: not an argmax: {{.*}}; not a matmul: expected 2 inputs and 1 init

// E2E: 15 dispatch(es), 15 root(s): 15 on ukernels, 0 on the default path
// E2E: uk_matmul_skinny_bf16_nk:
// E2E: uk_matmul_wgmma_bf16_nk:
