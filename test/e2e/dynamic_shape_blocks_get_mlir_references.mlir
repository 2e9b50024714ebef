// torch.export with dynamic rows (test/realir/h_dyn_*, the `h_` cases of
// export.py: `?` dims in the IR): a linear, a softmax, the LM head + argmax
// and an RMSNorm compile for sm_90a, the linear and the LM head on their
// ukernels, and upstream MLIR runs each on the CPU at 1000 rows
// (`--reference`, the runtime size of every dynamic dim). The argmax and
// softmax launch grids read a dynamic dim of a temporary (the logits):
// written as a dim of the temporary, which is no launch argument, their
// packages failed to load on an H100 ("reads dim 0 of argument 19, which has
// no such dim"); the compile now checks every launch as the runtime will.
// REQUIRES: libdevice
// RUN: rm -rf %t && mkdir -p %t
// RUN: bash -c 'for n in h_dyn_argmax h_dyn_linear h_dyn_rmsnorm h_dyn_softmax; do \
// RUN:   ukc compile %S/../realir/$n.mlir --arch sm_90a --no-cubin -o %t/$n.pkg --reference; done' | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 1 function(s)
// CHECK: h_dyn_argmax__k0: ukernel uk_matmul_wgmma_bf16_nk
// CHECK: h_dyn_argmax__k1: ukernel uk_argmax_ogt_f32i64
// CHECK: reference outputs (MLIR on the CPU) of 1 function(s)
// CHECK: h_dyn_linear: ukernel uk_matmul_wgmma_bf16_nk
// CHECK: reference outputs (MLIR on the CPU) of 1 function(s)
// CHECK: reference outputs (MLIR on the CPU) of 1 function(s)
