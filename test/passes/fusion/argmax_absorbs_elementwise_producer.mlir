// The argmax family absorbs an elementwise producer of its input (any
// arith and math ops on the element and constants, in the element type;
// its ops cloned into the input map) through its ukernels' input_map fusion
// point: the config records `fused = 1` and the remark names the producer
// in postfix (or its op count). Anything else keeps the default path, and
// the remark says why.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s | FileCheck %s
// -----

// A soft-cap (scale, tanh, cap) is fused.
// CHECK-LABEL: func.func @softcap_fused
// CHECK: params = {fused = 1 : i64, split = 16 : i64}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @softcap_fused(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %scale = arith.constant 1.25 : f32
    %inv = arith.constant 0.5 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %d = arith.mulf %s, %inv : f32
      %t = math.tanh %d : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{selected uk_argmax_ogt_f32i64 (bitcode for sm_90): each row split across 16 workgroup(s) of 256 threads; fused: the input's producer (x 1.25 mulf 0.5 mulf tanh 30.0 mulf) through input_map}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
// -----

// math.erf (no postfix the family check replays) is fused all the same.
// CHECK-LABEL: func.func @erf_fused
// CHECK: fused = 1
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @erf_fused(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %e = math.erf %v : f32
      linalg.yield %e : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{fused: the input's producer (1 ops) through input_map}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
// -----

// A producer that reads its position is not elementwise arithmetic: not
// fused; the argmax takes its ukernel alone, the producer is a kernel of its
// own.
// CHECK-LABEL: func.func @indexed_not_fusable
// CHECK-NOT: fused
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @indexed_not_fusable(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %fi32 = arith.sitofp %ii : i32 to f32
      %e = arith.addf %v, %fi32 : f32
      linalg.yield %e : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{a kernel of its own: the dispatch's other ops (1 'linalg.generic') run in kernels of their own on the default path (as one kernel: no ukernel: argmax matched, but 'linalg.index' in the producer is not fusable; default configuration)}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
// -----

// The producer's result is also a result of the dispatch: not fused.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @producer_result_returned(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>, tensor<4x32000xf32>) {
    %scale = arith.constant 1.25 : f32
    %inv = arith.constant 0.5 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %d = arith.mulf %s, %inv : f32
      %t = math.tanh %d : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{no ukernel: argmax matched, but the producer's result is used beside the op; default configuration}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1, %y : tensor<4xf32>, tensor<4xi64>, tensor<4x32000xf32>
  }
}
// -----

// A producer reading a broadcast row is not elementwise: not fused.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @broadcast_not_elementwise(%x: tensor<32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %n = arith.negf %v : f32
      linalg.yield %n : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{no ukernel: argmax matched, but its producer is not elementwise (identity maps, parallel loops); default configuration}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
// -----

// A body that reads its output element is not elementwise on the input: not fused.
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @reads_output_element(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %o : f32
      linalg.yield %s : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{no ukernel: argmax matched, but the producer's body reads its output element; default configuration}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
}
