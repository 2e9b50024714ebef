// ukc explain: per dispatch, the decision (or why none) and the configuration.
// RUN: ukc explain %s | FileCheck %s
// RUN: ukc explain %s --ukernels none | FileCheck %s --check-prefix=NONE

// CHECK: explain.mlir:[[@LINE+15]]:12: remark: ukernel: selected uk_argmax_ogt_f32i64 (bitcode for sm_80): each row split across 1 workgroup(s) of 256 threads
// CHECK: explain.mlir:{{.*}}: remark: ukernel: no ukernel: not an argmax: the compare is 'oge', which selects the last index of the maximum; the ukernel returns the first; not a matmul: expected 2 inputs and 1 init; default configuration, an argmax-like fold, maximumf with 'oge', split over 256 threads of a workgroup per result
// CHECK: explain.mlir:{{.*}}: remark: ukernel: selected uk_matmul_tile_bf16_nk (bitcode for sm_80): 256 x 128 tile per workgroup of 256 threads, K whole, 16 workgroups; also considered: uk_matmul_tile_small_bf16_nk also fits, ranked after uk_matmul_tile_bf16_nk; uk_matmul_wgmma_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_80; uk_matmul_wgmma_narrow_bf16_nk has bitcode for sm_90a, which serves only exactly that arch-specific target, not the target sm_80; uk_matmul_gemv_bf16_nk: M = 300 exceeds its 1; uk_matmul_skinny_bf16_nk: M = 300 exceeds its 16
// CHECK: @picked: #ukernel.lowering_config<{params = {split = 1 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64", {{.*}}semantics = "ogt"{{.*}}shared_memory_bytes = 396 : i64{{.*}}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>
// CHECK: @last_index: #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK: @projection: #ukernel.lowering_config<{reduction = [0, 0, 0], ukernel = #ukernel.spec<"uk_matmul_tile_bf16_nk", {{.*}}dynamic_shared_memory_bytes = 147504 : i64{{.*}}shared_memory_bytes = 0 : i64{{.*}}}>, workgroup = [256, 128, 0], workgroup_size = [256, 1, 1]}>
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

  func.func @projection(%x: tensor<300x1000xbf16>, %w: tensor<1000x1000xbf16>) -> tensor<300x1000xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<300x1000xf32>
    %c = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %y = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%x, %w : tensor<300x1000xbf16>, tensor<1000x1000xbf16>) outs(%c : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %y : tensor<300x1000xf32>
  }
}
