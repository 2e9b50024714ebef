// C += A x B on tensors bufferizes to a matmul into the argument C; that
// argument is the dispatch's output (no out-parameter, no copy that every
// GPU thread would run), and the ukernel accumulates into it.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s < %t.dump/1.configured.mlir
// RUN: FileCheck %s --check-prefix=LOWERED < %t.dump/2.lowered.mlir

// CHECK-LABEL: func.func @accumulate(%arg0: memref<127x1000xf16>, %arg1: memref<1000x129xf16>, %arg2: memref<127x129xf32>)
// CHECK-SAME: ukernel.reference = {a = 0 : i64, accumulate = 1 : i64, b = 1 : i64, b_layout = "kn", c = 2 : i64, family = "matmul"}
// CHECK-NOT: memref.copy
// CHECK: return
// LOWERED: %[[ACC:.*]] = arith.constant 1 : i32
// LOWERED: func.call @uk_matmul_tile_f16_kn({{.*}}, %[[ACC]], {{.*}})
func.func @accumulate(%a: tensor<127x1000xf16>, %b: tensor<1000x129xf16>, %c: tensor<127x129xf32>) -> tensor<127x129xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<127x1000xf16>, tensor<1000x129xf16>) outs(%c : tensor<127x129xf32>) -> tensor<127x129xf32>
  return %r : tensor<127x129xf32>
}
