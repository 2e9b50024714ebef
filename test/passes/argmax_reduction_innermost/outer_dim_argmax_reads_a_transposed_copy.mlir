// ukernel-argmax-reduction-innermost on its own: an argmax over an outer
// dim (the reduction loop first, as torch.argmax(x, dim=0) arrives; or an
// input read through a permutation; or the middle dim of three) becomes the
// argmax of a linalg.transpose copy with the reduced dim innermost, its
// linalg.index renumbered; the argmax ukernel then takes it (SELECT), also
// with many results (the default path would give each a workgroup reading
// a strided column). A sum over an outer dim and an argmax over an extent
// under 8192 are left alone, and so is every op where the target does not
// allow the argmax ukernels (NONE).

// NONE-NOT: linalg.transpose
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90},ukernel-argmax-reduction-innermost)' %s | FileCheck %s
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90 ukernels=matmul},ukernel-argmax-reduction-innermost)' %s | FileCheck %s --check-prefix=NONE
// RUN: ukc explain %s --arch sm_90 2>&1 | FileCheck %s --check-prefix=SELECT

// CHECK-LABEL: func.func @reduction_loop_first
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<8192x128xf32>) outs(%{{.*}} : tensor<128x8192xf32>) permutation = [1, 0]
// CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[ID:.*]], #[[ROW:.*]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[T]] : tensor<128x8192xf32>)
// CHECK: linalg.index 1 : index
// CHECK: return %[[R]]#1
// SELECT-DAG: @reduction_loop_first: {{.*}}ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"

// CHECK-LABEL: func.func @permuted_input
// CHECK: linalg.transpose ins(%arg0 : tensor<8192x64xbf16>) outs(%{{.*}} : tensor<64x8192xbf16>) permutation = [1, 0]
// CHECK: linalg.index 1 : index
// SELECT-DAG: @permuted_input: {{.*}}ukernel = #ukernel.spec<"uk_argmax_bf16i32"

// CHECK-LABEL: func.func @middle_of_three
// CHECK: linalg.transpose ins(%arg0 : tensor<8x8192x16xf16>) outs(%{{.*}} : tensor<8x16x8192xf16>) permutation = [0, 2, 1]
// CHECK: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: linalg.index 2 : index
// SELECT-DAG: @middle_of_three: {{.*}}ukernel = #ukernel.spec<"uk_argmax_ogt_f16i64"

// CHECK-LABEL: func.func @dynamic_rows
// CHECK: tensor.dim %arg0, %{{.*}} : tensor<?x32xf32>
// CHECK: linalg.transpose ins(%arg0 : tensor<?x32xf32>) outs(%{{.*}} : tensor<32x?xf32>) permutation = [1, 0]

// CHECK-LABEL: func.func @sum_left_alone
// CHECK-NOT: linalg.transpose
// CHECK: iterator_types = ["reduction", "parallel"]

// CHECK-LABEL: func.func @many_results
// CHECK: linalg.transpose ins(%arg0 : tensor<8192x131072xf32>) outs(%{{.*}} : tensor<131072x8192xf32>) permutation = [1, 0]
// SELECT-DAG: @many_results: {{.*}}ukernel = #ukernel.spec<"uk_argmax_ogt_f32i64"

// CHECK-LABEL: func.func @short_extent_left_alone
// CHECK-NOT: linalg.transpose
// CHECK: iterator_types = ["reduction", "parallel"]
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @reduction_loop_first(%x: tensor<8192x128xf32>) -> tensor<128xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<128xf32>
    %i0 = tensor.empty() : tensor<128xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<128xf32>) -> tensor<128xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<128xi64>) -> tensor<128xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x128xf32>) outs(%v, %i : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    return %r#1 : tensor<128xi64>
  }

  // The NaN-first combiner, the input read as x[d1][d0].
  func.func @permuted_input(%x: tensor<8192x64xbf16>) -> (tensor<64xbf16>, tensor<64xi32>) {
    %ninf = arith.constant 0xFF80 : bf16
    %z = arith.constant 0 : i32
    %v0 = tensor.empty() : tensor<64xbf16>
    %i0 = tensor.empty() : tensor<64xi32>
    %v = linalg.fill ins(%ninf : bf16) outs(%v0 : tensor<64xbf16>) -> tensor<64xbf16>
    %i = linalg.fill ins(%z : i32) outs(%i0 : tensor<64xi32>) -> tensor<64xi32>
    %r:2 = linalg.generic {indexing_maps = [#tr, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8192x64xbf16>) outs(%v, %i : tensor<64xbf16>, tensor<64xi32>) {
    ^bb0(%in: bf16, %acc: bf16, %idx: i32):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i32
      %m = arith.maximumf %in, %acc : bf16
      %gt = arith.cmpf ogt, %in, %acc : bf16
      %nan = arith.cmpf uno, %in, %in : bf16
      %ord = arith.cmpf ord, %acc, %acc : bf16
      %first = arith.andi %nan, %ord : i1
      %take = arith.ori %gt, %first : i1
      %ni = arith.select %take, %ki, %idx : i32
      linalg.yield %m, %ni : bf16, i32
    } -> (tensor<64xbf16>, tensor<64xi32>)
    return %r#0, %r#1 : tensor<64xbf16>, tensor<64xi32>
  }

  func.func @middle_of_three(%x: tensor<8x8192x16xf16>) -> tensor<8x16xi64> {
    %ninf = arith.constant 0xFC00 : f16
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<8x16xf16>
    %i0 = tensor.empty() : tensor<8x16xi64>
    %v = linalg.fill ins(%ninf : f16) outs(%v0 : tensor<8x16xf16>) -> tensor<8x16xf16>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<8x16xi64>) -> tensor<8x16xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
        iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<8x8192x16xf16>) outs(%v, %i : tensor<8x16xf16>, tensor<8x16xi64>) {
    ^bb0(%in: f16, %acc: f16, %idx: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f16
      %gt = arith.cmpf ogt, %in, %acc : f16
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f16, i64
    } -> (tensor<8x16xf16>, tensor<8x16xi64>)
    return %r#1 : tensor<8x16xi64>
  }

  func.func @dynamic_rows(%x: tensor<?x32xf32>) -> tensor<32xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<32xf32>
    %i0 = tensor.empty() : tensor<32xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<32xf32>) -> tensor<32xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<32xi64>) -> tensor<32xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<?x32xf32>) outs(%v, %i : tensor<32xf32>, tensor<32xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<32xf32>, tensor<32xi64>)
    return %r#1 : tensor<32xi64>
  }

  // Two results but not an argmax: a sum and a count.
  func.func @sum_left_alone(%x: tensor<8192x128xf32>) -> (tensor<128xf32>, tensor<128xi64>) {
    %zf = arith.constant 0.0 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<128xf32>
    %i0 = tensor.empty() : tensor<128xi64>
    %v = linalg.fill ins(%zf : f32) outs(%v0 : tensor<128xf32>) -> tensor<128xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<128xi64>) -> tensor<128xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x128xf32>) outs(%v, %i : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %acc: f32, %n: i64):
      %one = arith.constant 1 : i64
      %s = arith.addf %in, %acc : f32
      %c = arith.addi %n, %one : i64
      linalg.yield %s, %c : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    return %r#0, %r#1 : tensor<128xf32>, tensor<128xi64>
  }

  func.func @many_results(%x: tensor<8192x131072xf32>) -> tensor<131072xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<131072xf32>
    %i0 = tensor.empty() : tensor<131072xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<131072xf32>) -> tensor<131072xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<131072xi64>) -> tensor<131072xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<8192x131072xf32>) outs(%v, %i : tensor<131072xf32>, tensor<131072xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<131072xf32>, tensor<131072xi64>)
    return %r#1 : tensor<131072xi64>
  }

  func.func @short_extent_left_alone(%x: tensor<4096x1000xf32>) -> tensor<1000xi64> {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %v0 = tensor.empty() : tensor<1000xf32>
    %i0 = tensor.empty() : tensor<1000xi64>
    %v = linalg.fill ins(%ninf : f32) outs(%v0 : tensor<1000xf32>) -> tensor<1000xf32>
    %i = linalg.fill ins(%z : i64) outs(%i0 : tensor<1000xi64>) -> tensor<1000xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]}
        ins(%x : tensor<4096x1000xf32>) outs(%v, %i : tensor<1000xf32>, tensor<1000xi64>) {
    ^bb0(%in: f32, %acc: f32, %idx: i64):
      %k = linalg.index 0 : index
      %ki = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %acc : f32
      %gt = arith.cmpf ogt, %in, %acc : f32
      %ni = arith.select %gt, %ki, %idx : i64
      linalg.yield %m, %ni : f32, i64
    } -> (tensor<1000xf32>, tensor<1000xi64>)
    return %r#1 : tensor<1000xi64>
  }
}
