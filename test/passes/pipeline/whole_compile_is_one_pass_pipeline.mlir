// Every step of the compile up to the LLVM dialect is a registered pass:
// `ukc pipeline --whole` prints it as one pipeline, which ukernel-opt (or
// mlir-opt with the plugin) runs as it is, with an IR dump after each
// step: the module comes out as ukc compile's `llvm` stage, a kernel per
// dispatch marked nvvm.kernel with its launch bounds, the ukernel's bitcode
// object on the module.
// RUN: ukc pipeline | FileCheck %s --check-prefix=STAGES
// RUN: bash -c 'ukernel-opt --pass-pipeline="$(ukc pipeline --whole --arch sm_90a)" --mlir-elide-resource-strings-if-larger=1 %s' 2>/dev/null | FileCheck %s
// RUN: bash -c 'ukernel-opt --pass-pipeline="$(ukc pipeline --whole --arch sm_90a)" --mlir-print-ir-after-all %s' 2>&1 >/dev/null | FileCheck %s --check-prefix=STEPS

// STAGES: configured: builtin.module(inline{default-pipeline=""},symbol-dce,convert-elementwise-to-linalg,ukernel-unread-inits-empty,ukernel-scalar-arguments-as-tensors,ukernel-scalar-results-as-tensors,ukernel-distinct-results,ukernel-decompose-softmax,ukernel-decompose-pack,ukernel-gather-concat,ukernel-record-argument-access,
// STAGES-SAME: ukernel-kernel-config,one-shot-bufferize
// STAGES-SAME: ukernel-annotate-references)
// STAGES-NEXT: lowered: builtin.module(ukernel-hoist-executable-objects,ukernel-lower-to-ukernels,
// STAGES-NEXT: kernels: builtin.module(ukernel-split-kernels,ukernel-gpu-distribute,
// STAGES-NEXT: llvm: builtin.module(ukernel-expand-fp8-extf,ukernel-expand-class-tests,ukernel-math-to-libdevice,
// STAGES-SAME: ukernel-mark-kernels,ukernel-share-kernel-code)

// CHECK: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_matmul_wgmma_narrow_bf16_nk.sm_90a.bc>
// CHECK: llvm.func @uk_matmul_wgmma_narrow_bf16_nk(
// CHECK: llvm.func @projection(
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK-SAME: ukernel.access = ["read", "read", "write"]

// STEPS: IR Dump After UKernelSetTarget
// STEPS: IR Dump After UKernelRecordArgumentAccess
// STEPS: IR Dump After UKernelCanonicalizeContractions
// STEPS: IR Dump After UKernelKernelConfig
// STEPS: IR Dump After OneShotBufferize
// STEPS: IR Dump After UKernelFoldReshapeRoundTrips
// STEPS: IR Dump After UKernelDropResultsWrittenInPlace
// STEPS: IR Dump After BufferResultsToOutParams
// STEPS: IR Dump After UKernelRecordOutputsWritten
// STEPS: IR Dump After UKernelRecordDimClasses
// STEPS: IR Dump After UKernelAnnotateReferences
// STEPS: IR Dump After UKernelLowerToUKernels
// STEPS: IR Dump After UKernelSplitKernels
// STEPS: IR Dump After UKernelGpuDistribute
// STEPS: IR Dump After UKernelMarkKernels
func.func @projection(%x: tensor<128x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<128x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x512xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<128x512xf32>) -> tensor<128x512xf32>
  %r = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : tensor<128x256xbf16>, tensor<512x256xbf16>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}
