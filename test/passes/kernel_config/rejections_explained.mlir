// Ops that are not the argmax the ukernel implements get the default
// configuration, no object, and a remark that says why. Folds the argmax
// family models exactly (a zero init, 'oge', another index init,
// an outer reduction) have their reduction split over a workgroup
// (split_threads); the others (an i16 index, integer or f64 input, argmin,
// maxnumf with the NaN-first index) keep it whole.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @argmax_zero_init_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_zero_init_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0.000000e+00 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{no ukernel: not an argmax: the value init is not filled with -inf; not a matmul: expected 2 inputs and 1 init; default configuration, an argmax-like fold, maximumf with 'ogt', split over 256 threads of a workgroup per result}}
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

// -----

// CHECK-LABEL: func.func @argmax_oge_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_oge_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{the compare is 'oge', which selects the last index of the maximum; the ukernel returns the first}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf oge, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_i16_index_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_i16_index_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi16> {
    %zero = arith.constant 0 : i16
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi16>
    %fi = linalg.fill ins(%zero : i16) outs(%ei : tensor<1xi16>) -> tensor<1xi16>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{index type i16 is not i32 or i64; not a matmul: expected 2 inputs and 1 init; default configuration}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi16>) {
    ^bb0(%a: f32, %b: f32, %c: i16):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i16
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i16
      linalg.yield %m, %s : f32, i16
    } -> (tensor<1xf32>, tensor<1xi16>)
    return %r#1 : tensor<1xi16>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_i32_input_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_i32_input_rejected(%in: tensor<1x32000xi32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant -2147483648 : i32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xi32>
    %fv = linalg.fill ins(%init : i32) outs(%ev : tensor<1xi32>) -> tensor<1xi32>
    // expected-remark@+1 {{element type i32 is not f32, f16 or bf16}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xi32>) outs(%fv, %fi : tensor<1xi32>, tensor<1xi64>) {
    ^bb0(%a: i32, %b: i32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maxsi %a, %b : i32
      %p = arith.cmpi sgt, %a, %b : i32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : i32, i64
    } -> (tensor<1xi32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_f64_input_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_f64_input_rejected(%in: tensor<1x32000xf64>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFFF0000000000000 : f64
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf64>
    %fv = linalg.fill ins(%init : f64) outs(%ev : tensor<1xf64>) -> tensor<1xf64>
    // expected-remark@+1 {{element type f64 is not f32, f16 or bf16}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf64>) outs(%fv, %fi : tensor<1xf64>, tensor<1xi64>) {
    ^bb0(%a: f64, %b: f64, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f64
      %p = arith.cmpf ogt, %a, %b : f64
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f64, i64
    } -> (tensor<1xf64>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_argmin_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_argmin_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0x7F800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{the combiner takes the minimum (an argmin), not the maximum}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.minimumf %a, %b : f32
      %p = arith.cmpf olt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_maxnumf_with_nan_first_index_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_maxnumf_with_nan_first_index_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{arith.maxnumf (NaN ignored) but the index select lets the first NaN win}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maxnumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %inan = arith.cmpf uno, %a, %a : f32
      %onum = arith.cmpf ord, %b, %b : f32
      %first = arith.andi %inan, %onum : i1
      %p = arith.ori %gt, %first : i1
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}

// -----

// CHECK-LABEL: func.func @argmax_nonzero_index_init_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_nonzero_index_init_rejected(%in: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 7 : i64
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    // expected-remark@+1 {{the index init is not filled with 0}}
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

// -----

// CHECK-LABEL: func.func @argmax_reduction_not_innermost_rejected
// CHECK: lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @argmax_reduction_not_innermost_rejected(%in: tensor<32000x4xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %init = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{the reduction is not the innermost loop}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
        ins(%in : tensor<32000x4xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %i = linalg.index 0 : index
      %ii = arith.index_cast %i : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %ii, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }
}
