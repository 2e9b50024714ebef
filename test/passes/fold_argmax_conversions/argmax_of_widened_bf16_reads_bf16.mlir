// ukernel-fold-argmax-conversions on its own: torch.argmax(x.float()) of
// bf16 logits (an extf generic, then the argmax fold on f32) becomes the
// argmax of the bf16 values, from a bf16 -inf, its value widened after; the
// bf16 argmax ukernel then takes it (SELECT). An f32 init the 16-bit type
// does not hold, or a widened input used elsewhere, is left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-argmax-conversions)' %s | FileCheck %s
// RUN: ukc explain %s --arch sm_90 2>&1 | FileCheck %s --check-prefix=SELECT

// CHECK-LABEL: func.func @argmax_of_float
// CHECK-NOT: arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[NINF:.*]] = arith.constant 0xFF80 : bf16
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : bf16) outs(%{{.*}} : tensor<4xbf16>)
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} ins(%arg0 : tensor<4x32000xbf16>) outs(%[[INIT]], %{{.*}} : tensor<4xbf16>, tensor<4xi64>)
// CHECK: ^bb0(%[[IN:.*]]: bf16, %[[V:.*]]: bf16, %{{.*}}: i64):
// CHECK: arith.maximumf %[[IN]], %[[V]] : bf16
// CHECK: arith.cmpf ogt, %[[IN]], %[[V]] : bf16
// CHECK: linalg.generic {{.*}} ins(%[[R]]#0 : tensor<4xbf16>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: return %{{.*}}, %[[R]]#1 : tensor<4xf32>, tensor<4xi64>
// SELECT: selected uk_argmax_ogt_bf16i64

// CHECK-LABEL: func.func @init_not_representable
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: outs(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi64>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @argmax_of_float(%x: tensor<4x32000xbf16>) -> (tensor<4xf32>, tensor<4xi64>) {
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %e = tensor.empty() : tensor<4x32000xf32>
    %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x32000xbf16>) outs(%e : tensor<4x32000xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %w = arith.extf %in : bf16 to f32
      linalg.yield %w : f32
    } -> tensor<4x32000xf32>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%xf : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %v: f32, %i: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %v : f32
      %gt = arith.cmpf ogt, %in, %v : f32
      %s = arith.select %gt, %kk, %i : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }

  func.func @init_not_representable(%x: tensor<4x32000xbf16>) -> tensor<4xi64> {
    %init = arith.constant 1.00000012 : f32
    %z = arith.constant 0 : i64
    %e = tensor.empty() : tensor<4x32000xf32>
    %xf = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x32000xbf16>) outs(%e : tensor<4x32000xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %w = arith.extf %in : bf16 to f32
      linalg.yield %w : f32
    } -> tensor<4x32000xf32>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%init : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%xf : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%in: f32, %v: f32, %i: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %v : f32
      %gt = arith.cmpf ogt, %in, %v : f32
      %s = arith.select %gt, %kk, %i : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }
}
