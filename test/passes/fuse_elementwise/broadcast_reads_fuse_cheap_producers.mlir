// ukernel-fuse-elementwise with a producer read through a broadcast or a
// permutation: torch-mlir widens a bf16 bias with an extf generic of its
// own, which the bias add reads along the matrix's columns; fused, the add
// reads the bf16 bias through the composed map (d0, d1) -> (d1) and widens
// it in its body, so no kernel of its own writes the f32 copy (and the
// matmul's store function reads the 16-bit bias). A transposed read
// composes the same way. A producer with a `math` op is not repeated at
// every point of a broadcast: left alone.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fuse-elementwise)' %s | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>

// CHECK-LABEL: func.func @bias_widened_then_added
// CHECK-COUNT-1: linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[COL]], #[[ID]]]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<512x3072xf32>, tensor<3072xbf16>)
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @bias_widened_then_added(%acc: tensor<512x3072xf32>, %bias: tensor<3072xbf16>) -> tensor<512x3072xf32> {
  %e = tensor.empty() : tensor<3072xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%bias : tensor<3072xbf16>) outs(%e : tensor<3072xf32>) {
  ^bb0(%b: bf16, %o: f32):
    %x = arith.extf %b : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<3072xf32>
  %e2 = tensor.empty() : tensor<512x3072xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %w : tensor<512x3072xf32>, tensor<3072xf32>) outs(%e2 : tensor<512x3072xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<512x3072xf32>
  return %r : tensor<512x3072xf32>
}

// CHECK-LABEL: func.func @transposed_read
// CHECK-COUNT-1: linalg.generic
// CHECK-SAME: indexing_maps = [#[[ID]], #[[T]], #[[ID]]]
// CHECK-NOT: linalg.generic
func.func @transposed_read(%x: tensor<4x8xf32>, %y: tensor<8x4xbf16>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x4xbf16>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%b: bf16, %o: f32):
    %v = arith.extf %b : bf16 to f32
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %w : tensor<4x8xf32>, tensor<8x4xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @math_producer_not_repeated_per_row
// CHECK-COUNT-2: linalg.generic
func.func @math_producer_not_repeated_per_row(%acc: tensor<64x128xf32>, %v: tensor<128xf32>) -> tensor<64x128xf32> {
  %e = tensor.empty() : tensor<128xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v : tensor<128xf32>) outs(%e : tensor<128xf32>) {
  ^bb0(%b: f32, %o: f32):
    %x = math.exp %b : f32
    linalg.yield %x : f32
  } -> tensor<128xf32>
  %e2 = tensor.empty() : tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %w : tensor<64x128xf32>, tensor<128xf32>) outs(%e2 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
