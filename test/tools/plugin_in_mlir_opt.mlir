// The plugin inside Debian's mlir-opt: the passes show in --help, the
// target is set through the module or ukernel-set-target's options, bad
// options and malformed targets are located errors (exit 1, never an
// abort), and a C++ driver of its own loads the plugin.
// REQUIRES: mlir-opt-plugin
// RUN: %mlir-opt-plugin --help | FileCheck %s --check-prefix=HELP
// RUN: %mlir-opt-plugin --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_80 ukernels=argmax},ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s 2>&1 | FileCheck %s --check-prefix=SET
// RUN: bash -c "%mlir-opt-plugin --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_99})' %s; echo exit code \$?" 2>&1 | FileCheck %s --check-prefix=BADARCH
// RUN: bash -c "%mlir-opt-plugin --pass-pipeline='builtin.module(ukernel-kernel-config)' %S/Inputs/malformed_target.mlir; echo exit code \$?" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: bash -c "%mlir-opt-plugin --pass-pipeline='builtin.module(ukernel-verify-attributes)' %S/Inputs/malformed_target.mlir; echo exit code \$?" 2>&1 | FileCheck %s --check-prefix=VERIFY

// HELP: --ukernel-hoist-executable-objects
// HELP: --ukernel-kernel-config
// HELP: --ukernel-lower-to-ukernels
// HELP: --ukernel-verify-attributes
// HELP: --ukernel-set-target
// HELP-NEXT: --arch=<string>

// SET: remark: ukernel: selected uk_argmax_ogt_f32i64 (bitcode for sm_80)
// SET: module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "argmax"}>}
// SET: ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"

// BADARCH: error: ukernel-set-target: arch: 'sm_99' is not a known NVIDIA arch
// BADARCH: exit code 1

// MALFORMED: malformed_target.mlir:3:1: error: {{.*}}#ukernel.target
// MALFORMED: exit code 1
// VERIFY: malformed_target.mlir:3:1: error: 'ukernel.target' attribute: {{.*}}
// VERIFY: exit code 1

// The C++ example of plugin/examples, built here against the shared MLIR.
// REQUIRES: mlir-cxx
// RUN: %mlir-cxx %S/../../plugin/examples/load_plugin.cpp -o %t.driver
// RUN: %t.driver %plugin 'builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects)' %s 2>&1 | FileCheck %s --check-prefix=DRIVER
// DRIVER: remark: ukernel: selected uk_argmax_ogt_f32i64 (bitcode for sm_90)
// DRIVER: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc>

module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_row(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
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
