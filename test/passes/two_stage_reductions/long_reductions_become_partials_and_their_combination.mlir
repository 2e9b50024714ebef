// ukernel-two-stage-reductions on its own: a reduction of 4096 terms (an
// RMSNorm's sum of squares) reads its input as 64 x 64 (position j * 64 +
// p), computes 64 partials per result from the combiner's identity (-0.0
// for addf), the partial index the last parallel loop, and a second op
// combines the init with them, by a copy of the body's combiner. A max over
// a middle dim keeps its other dims; a reduction to a scalar and inputs of
// dynamic type (static rows) work too, and so does an f32 sum over a
// vocabulary (32000 terms: log-softmax's), and a boolean `all`. Left alone: a bf16 sum (its
// sequential rounding is not kept), an f32 sum of 300000 terms (past the
// float limit; an integer one of 11008 is split), a short reduction,
// a matmul the matmul family takes, a body that reads its indices, dynamic
// rows and more than 16384 rows.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-two-stage-reductions)' %s | FileCheck %s

// CHECK-DAG: #[[SPLIT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG: #[[PART:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[READ:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>

// CHECK-LABEL: func.func @sum_of_squares
// CHECK: %[[X:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [2, 64, 64] : tensor<2x4096xf32> into tensor<2x64x64xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x64xf32>
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[F:.*]] = linalg.fill ins(%[[ID]] : f32) outs(%[[E]] : tensor<2x64xf32>)
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[SPLIT]], #[[PART]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x64x64xf32>) outs(%[[F]] : tensor<2x64xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<2x64xf32>) outs(%arg1 : tensor<2xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: arith.addf %[[IN]], %[[OUT]] fastmath<contract> : f32
// CHECK: return %[[R]]
func.func @sum_of_squares(%x: tensor<2x4096xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x4096xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %sq, %o fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// CHECK-LABEL: func.func @max_over_a_middle_dim
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2], [3]] output_shape [3, 32, 32, 5]
// CHECK: arith.constant 0xFF80 : bf16
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : bf16
func.func @max_over_a_middle_dim(%x: tensor<3x1024x5xbf16>, %init: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x : tensor<3x1024x5xbf16>) outs(%init : tensor<3x5xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %s = arith.maximumf %o, %a : bf16
    linalg.yield %s : bf16
  } -> tensor<3x5xbf16>
  return %r : tensor<3x5xbf16>
}

// A reduced dim kept as size 1 (torch-mlir's keepdim form, read as 0):
// the partials drop it (4 x 32, the points of stage 1's parallel loops),
// stage 2 reads them as (d0, d2) over the init's (d0, d1) and p.
// CHECK-LABEL: func.func @keepdim_max
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [4, 64, 32]
// CHECK: tensor.empty() : tensor<4x32xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x32xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[READ]], #{{.*}}], {{.*}} ins(%{{.*}} : tensor<4x32xf32>) outs(%arg1 : tensor<4x1xf32>)
func.func @keepdim_max(%x: tensor<4x2048xf32>, %init: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x2048xf32>) outs(%init : tensor<4x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.maximumf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// CHECK-LABEL: func.func @integer_sum_to_a_scalar
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [172, 64]
// CHECK: arith.constant 0 : i32
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK: iterator_types = ["reduction"]
func.func @integer_sum_to_a_scalar(%x: tensor<11008xi32>, %init: tensor<i32>) -> tensor<i32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<11008xi32>) outs(%init : tensor<i32>) {
  ^bb0(%a: i32, %o: i32):
    %s = arith.addi %a, %o : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

// CHECK-LABEL: func.func @input_of_dynamic_type
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x768xbf16>
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [%[[D]], 48, 16]
// CHECK: tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [48, 16]
// CHECK: tensor.empty() : tensor<8x16xf32>
func.func @input_of_dynamic_type(%x: tensor<?x768xbf16>, %w: tensor<768xbf16>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<?x768xbf16>, tensor<768xbf16>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %o: f32):
    %p = arith.mulf %a, %b : bf16
    %f = arith.extf %p : bf16 to f32
    %s = arith.addf %o, %f : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @vocabulary_sum
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [8, 250, 128] : tensor<8x32000xf32> into tensor<8x250x128xf32>
// CHECK: arith.addf
// CHECK: linalg.generic
func.func @vocabulary_sum(%x: tensor<8x32000xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x32000xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    %r = arith.addf %e, %o : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// A boolean `all` over a row (SDPA's check that a row is all masked):
// partials from true, combined by andi.
// CHECK-LABEL: func.func @all_of_a_row
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [128, 32, 16] : tensor<128x512xi1> into tensor<128x32x16xi1>
// CHECK: arith.constant true
// CHECK: arith.andi
func.func @all_of_a_row(%x: tensor<128x512xi1>, %init: tensor<128xi1>) -> tensor<128xi1> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<128x512xi1>) outs(%init : tensor<128xi1>) {
  ^bb0(%a: i1, %o: i1):
    %r = arith.andi %a, %o : i1
    linalg.yield %r : i1
  } -> tensor<128xi1>
  return %r : tensor<128xi1>
}

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @left_alone(%h: tensor<1x4096xbf16>, %hi: tensor<1xbf16>, %l: tensor<1x300000xf32>, %li: tensor<1xf32>,
                      %s: tensor<1x255xi32>, %si: tensor<1xi32>, %a: tensor<16x4096xbf16>, %b: tensor<4096x16xbf16>, %c: tensor<16x16xf32>,
                      %q: tensor<1x4096xf32>, %qi: tensor<1xf32>, %dy: tensor<?x4096xi32>, %dyi: tensor<?xi32>,
                      %many: tensor<16385x1024xi32>, %manyi: tensor<16385xi32>)
    -> (tensor<1xbf16>, tensor<1xf32>, tensor<1xi32>, tensor<16x16xf32>, tensor<1xf32>, tensor<?xi32>, tensor<16385xi32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%h : tensor<1x4096xbf16>) outs(%hi : tensor<1xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %r = arith.addf %x, %o : bf16
    linalg.yield %r : bf16
  } -> tensor<1xbf16>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%l : tensor<1x300000xf32>) outs(%li : tensor<1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %x, %o : f32
    linalg.yield %r : f32
  } -> tensor<1xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<1x255xi32>) outs(%si : tensor<1xi32>) {
  ^bb0(%x: i32, %o: i32):
    %r = arith.addi %x, %o : i32
    linalg.yield %r : i32
  } -> tensor<1xi32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<16x4096xbf16>, tensor<4096x16xbf16>) outs(%c : tensor<16x16xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %r = arith.addf %o, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%q : tensor<1x4096xf32>) outs(%qi : tensor<1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %p = arith.mulf %x, %fi : f32
    %r = arith.addf %p, %o : f32
    linalg.yield %r : f32
  } -> tensor<1xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%dy : tensor<?x4096xi32>) outs(%dyi : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %r = arith.addi %x, %o : i32
    linalg.yield %r : i32
  } -> tensor<?xi32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%many : tensor<16385x1024xi32>) outs(%manyi : tensor<16385xi32>) {
  ^bb0(%x: i32, %o: i32):
    %r = arith.maxsi %x, %o : i32
    linalg.yield %r : i32
  } -> tensor<16385xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<1xbf16>, tensor<1xf32>, tensor<1xi32>, tensor<16x16xf32>, tensor<1xf32>, tensor<?xi32>, tensor<16385xi32>
}
