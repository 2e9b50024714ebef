// ukc explain: per dispatch, the decision (or why none) and the configuration.
// RUN: ukc explain %s | FileCheck %s
// RUN: ukc explain %s --ukernels none | FileCheck %s --check-prefix=NONE

// CHECK: explain.mlir:[[@LINE+13]]:12: remark: ukernel: selected uk_argmax_f32i64 (bitcode for sm_80): each row split across 1 workgroup(s) of 256 threads
// CHECK: explain.mlir:{{.*}}: remark: ukernel: no ukernel: not an argmax: the compare is 'oge', which selects the last index of the maximum; the ukernel returns the first; default configuration
// CHECK: @picked: #ukernel.lowering_config<{reduction = [0, 0], split = 1 : i64, ukernel = #ukernel.spec<"uk_argmax_f32i64", {shared_memory_bytes = 388 : i64}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK: @last_index: #ukernel.lowering_config<{reduction = [0, 0], split = 1 : i64, workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// NONE: remark: ukernel: no ukernel: argmax matched, but disabled by ukernels = "none"
module {
  func.func @picked(%in: tensor<2x1000xf32>) -> tensor<2xi64> {
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
  func.func @last_index(%in: tensor<2x1000xf32>) -> tensor<2xi64> {
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
      %p = arith.cmpf oge, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<2xf32>, tensor<2xi64>)
    return %r#1 : tensor<2xi64>
  }
}
