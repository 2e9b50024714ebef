// ukernel-generalize-reduce on its own: a linalg.reduce (hand-written IR's
// sum, max, fold) becomes a linalg.generic with the reduced dims as
// `reduction` loops, the inputs read through the identity and the inits
// through the kept dims, its body moved over as it is; a reduce of two
// inputs into two inits (a sum and a max at once) keeps its pairing. The
// compile then treats it as torch-mlir's reductions: a long sum runs in
// two stages.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-generalize-reduce)' %s | FileCheck %s
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg | FileCheck %s --check-prefix=KERNELS

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUTER:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[NONE:.*]] = affine_map<(d0) -> ()>

// CHECK-LABEL: func.func @row_sums
// CHECK-NOT: linalg.reduce
// CHECK: linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]}
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: arith.addf %[[IN]], %[[ACC]] : f32
// KERNELS: row_sums__k1: ukernel none
func.func @row_sums(%x: tensor<4x2048xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%x : tensor<4x2048xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @middle_max
// CHECK: linalg.generic {indexing_maps = [#[[ID3]], #[[OUTER]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK: arith.maximumf
func.func @middle_max(%x: tensor<3x100x5xbf16>, %init: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %r = linalg.reduce ins(%x : tensor<3x100x5xbf16>) outs(%init : tensor<3x5xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %s = arith.maximumf %in, %acc : bf16
      linalg.yield %s : bf16
    }
  return %r : tensor<3x5xbf16>
}

// CHECK-LABEL: func.func @sum_and_max_to_scalars
// CHECK: %{{.*}}:2 = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #[[NONE]], #[[NONE]]], iterator_types = ["reduction"]} ins(%arg0, %arg1 : tensor<64xf32>, tensor<64xf32>) outs(%arg2, %arg3 : tensor<f32>, tensor<f32>)
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, f32
func.func @sum_and_max_to_scalars(%a: tensor<64xf32>, %b: tensor<64xf32>, %s0: tensor<f32>, %m0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %r:2 = linalg.reduce ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%s0, %m0 : tensor<f32>, tensor<f32>) dimensions = [0]
    (%x: f32, %y: f32, %s: f32, %m: f32) {
      %s1 = arith.addf %x, %s : f32
      %m1 = arith.maximumf %y, %m : f32
      linalg.yield %s1, %m1 : f32, f32
    }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
