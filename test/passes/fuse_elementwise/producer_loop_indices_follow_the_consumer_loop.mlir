// ukernel-fuse-elementwise renumbers a producer's linalg.index ops to the
// consumer loops they become: torch-mlir's one_hot compares the labels
// (read along d0) with an arange over the classes (a 1-D generic of
// `linalg.index 0`, read along d1). Fused as it was, the arange counted d0
// (the label's row), and 32 of 160 one-hot elements were wrong on an H100.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fuse-elementwise)' %s | FileCheck %s

// CHECK-LABEL: func.func @one_hot
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[C:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: arith.cmpi eq, %{{.*}}, %[[C]] : i64
#row = affine_map<(d0, d1) -> (d0, 0)>
#col = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @one_hot(%labels: tensor<16x1xi64>) -> tensor<16x10xi1> {
  %e = tensor.empty() : tensor<10xi64>
  %arange = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<10xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<10xi64>
  %o = tensor.empty() : tensor<16x10xi1>
  %hot = linalg.generic {indexing_maps = [#row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%labels, %arange : tensor<16x1xi64>, tensor<10xi64>) outs(%o : tensor<16x10xi1>) {
  ^bb0(%l: i64, %k: i64, %out: i1):
    %eq = arith.cmpi eq, %l, %k : i64
    linalg.yield %eq : i1
  } -> tensor<16x10xi1>
  return %hot : tensor<16x10xi1>
}
