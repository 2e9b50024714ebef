// --ukernel-target and --ukernels set the module's #ukernel.target (passes
// take no options), keeping what the flags do not name.
// RUN: ukernel-opt --ukernel-target=sm_80 %s | FileCheck %s --check-prefix=ARCH
// RUN: ukernel-opt --ukernels=argmax %s | FileCheck %s --check-prefix=LIST
// RUN: ukernel-opt --ukernels=none --ukernel-explain --pass-pipeline='builtin.module(ukernel-kernel-config)' %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not ukernel-opt --ukernel-target=gfx942 %s 2>&1 | FileCheck %s --check-prefix=BAD

// ARCH: module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", sm_count = 100 : i64, ukernels = "none"}>}
// LIST: module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", sm_count = 100 : i64, ukernels = "argmax"}>}
// NONE: remark: ukernel: no ukernel: argmax matched, but disabled by ukernels = "none"
// BAD: ukernel-opt: error: --ukernel-target: 'gfx942' is not of the form sm_<major><minor>[a|f]
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "none", sm_count = 100 : i64}>} {
  func.func @f(%in: tensor<2x1000xf32>) -> tensor<2xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<2xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
    %ev = tensor.empty() : tensor<2xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<2x1000xf32>) outs(%fv, %fi : tensor<2xf32>, tensor<2xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<2xf32>, tensor<2xi64>)
    return %r#1 : tensor<2xi64>
  }
}
