// ukernel-opt is upstream's MlirOptMain: mlir-opt's flags behave as there,
// with our passes in the pipeline (printing before a pass, bytecode out and
// back, timing, regex expectations in --verify-diagnostics).
// (--ukernel-explain everywhere: MLIR 22 reports unmet expected-* lines even
// without --verify-diagnostics.) Bytecode is checked without ukernel objects:
// MLIR 22 writes dynamic attributes into bytecode as text, and a
// dense_resource inside one loses its blob on the way back.
// RUN: ukernel-opt --ukernel-explain --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-print-ir-before=ukernel-kernel-config --mlir-elide-resource-strings-if-larger=1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: ukernel-opt --ukernel-explain --ukernels=none --pass-pipeline='builtin.module(ukernel-kernel-config)' --emit-bytecode %s -o %t.mlirbc 2>/dev/null
// RUN: ukernel-opt %t.mlirbc | FileCheck %s --check-prefix=BYTECODE
// RUN: ukernel-opt --ukernel-explain --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-timing %s 2>&1 >/dev/null | FileCheck %s --check-prefix=TIMING
// RUN: ukernel-opt --ukernel-explain --verify-diagnostics --pass-pipeline='builtin.module(ukernel-kernel-config)' %s

// BEFORE: IR Dump Before UKernelKernelConfig (ukernel-kernel-config)
// BEFORE-NOT: lowering_config
// BYTECODE: ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "none"}>
// BYTECODE: lowering_config = #ukernel.lowering_config<{
// TIMING: Execution time report
// TIMING: UKernelVerifyAttributes
// TIMING: UKernelKernelConfig

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_row(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark-re@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_{{[0-9]+}}): each row split across}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
