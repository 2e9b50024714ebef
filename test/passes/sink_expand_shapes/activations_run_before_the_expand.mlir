// ukernel-sink-expand-shapes: torch-mlir's 3-D linear (collapse, matmul,
// expand) followed by an elementwise chain and another linear. The chain
// runs on the 2-D matmul results, the expand moves below it and meets the
// next linear's collapse, and both go; where the function returns an
// expand of a linalg op's result, that op writes into a collapse_shape of
// an empty of the returned shape, made at the function's entry (a view of
// the output after bufferization, whose address a matmul that stores into
// it reads before it runs). A generic that reads linalg.index, reduces, or reads
// through a non-identity map keeps its shape.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-sink-expand-shapes)' %s | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @swiglu_3d
// CHECK: %[[WHOLE:.*]] = tensor.empty() : tensor<2x16x8xf32>
// CHECK: %[[VIEW:.*]] = tensor.collapse_shape %[[WHOLE]] {{\[\[}}0, 1], [2]] : tensor<2x16x8xf32> into tensor<32x8xf32>
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0
// CHECK: %[[G:.*]] = linalg.matmul ins(%[[X]], %arg1
// CHECK: %[[U:.*]] = linalg.matmul ins(%[[X]], %arg2
// CHECK: %[[H:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[G]], %[[U]] : tensor<32x64xf32>, tensor<32x64xf32>) outs(%{{.*}} : tensor<32x64xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[D:.*]] = linalg.matmul ins(%[[H]], %arg3 : tensor<32x64xf32>, tensor<64x8xf32>) outs(%[[VIEW]] : tensor<32x8xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[D]]
// CHECK: return %[[R]]
func.func @swiglu_3d(%x: tensor<2x16x4xf32>, %wg: tensor<4x64xf32>, %wu: tensor<4x64xf32>, %wd: tensor<64x8xf32>) -> tensor<2x16x8xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x16x4xf32> into tensor<32x4xf32>
  %e = tensor.empty() : tensor<32x64xf32>
  %g = linalg.matmul ins(%c, %wg : tensor<32x4xf32>, tensor<4x64xf32>) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %u = linalg.matmul ins(%c, %wu : tensor<32x4xf32>, tensor<4x64xf32>) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %g3 = tensor.expand_shape %g [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %u3 = tensor.expand_shape %u [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %e3 = tensor.empty() : tensor<2x16x64xf32>
  %h3 = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g3, %u3 : tensor<2x16x64xf32>, tensor<2x16x64xf32>) outs(%e3 : tensor<2x16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<2x16x64xf32>
  %h = tensor.collapse_shape %h3 [[0, 1], [2]] : tensor<2x16x64xf32> into tensor<32x64xf32>
  %ed = tensor.empty() : tensor<32x8xf32>
  %d = linalg.matmul ins(%h, %wd : tensor<32x64xf32>, tensor<64x8xf32>) outs(%ed : tensor<32x8xf32>) -> tensor<32x8xf32>
  %r = tensor.expand_shape %d [[0, 1], [2]] output_shape [2, 16, 8] : tensor<32x8xf32> into tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}

// CHECK-LABEL: func.func @kept
// CHECK: %[[A:.*]] = tensor.expand_shape %arg0
// CHECK: linalg.generic {{.*}} ins(%[[A]] : tensor<2x16x64xf32>)
// CHECK: linalg.index
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]] : tensor<2x16x64xf32>)
func.func @kept(%g: tensor<32x64xf32>) -> (tensor<2x16x64xf32>, tensor<2x16xf32>) {
  %g3 = tensor.expand_shape %g [[0, 1], [2]] output_shape [2, 16, 64] : tensor<32x64xf32> into tensor<2x16x64xf32>
  %e3 = tensor.empty() : tensor<2x16x64xf32>
  %i = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g3 : tensor<2x16x64xf32>) outs(%e3 : tensor<2x16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %m = arith.mulf %a, %kf : f32
    linalg.yield %m : f32
  } -> tensor<2x16x64xf32>
  %e2 = tensor.empty() : tensor<2x16xf32>
  %s = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g3 : tensor<2x16x64xf32>) outs(%e2 : tensor<2x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<2x16xf32>
  return %i, %s : tensor<2x16x64xf32>, tensor<2x16xf32>
}
