// `ukc explain --summary` is the coverage report: how many dispatches went
// to each ukernel and, for each one on the default path, why.
// RUN: ukc explain %S/../realir/e_mm.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=MM
// RUN: ukc explain %S/../realir/c_lm_head_argmax.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=LM
// RUN: ukc explain %S/../e2e/matmul_dispatches.mlir --arch sm_90a --summary | FileCheck %s --check-prefix=E2E

// MM: 1 dispatch(es): 1 on ukernels, 0 on the default path
// MM-NEXT: uk_matmul_tile_bf16_kn: 1 (e_mm)
// MM-NOT: default path:

// LM: 1 dispatch(es): 0 on ukernels, 1 on the default path
// LM-NEXT: default path: c_lm_head_argmax: argmax matched, but its producer converts bf16 to f32

// E2E: 15 dispatch(es): 15 on ukernels, 0 on the default path
// E2E: uk_matmul_skinny_bf16_nk:
// E2E: uk_matmul_wgmma_bf16_nk:
