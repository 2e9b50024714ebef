// ukernel-fold-extf-operands on its own: an f32 matmul of two bf16 operands
// widened by extf generics (a Linear with bias as torch-mlir decomposes it)
// becomes the matmul of the bf16 operands with the f32 output, whose body
// widens them itself; the generics go. So do a batch_matmul and a generic
// contraction (f16 here); an elementwise generic of two widened operands
// is no contraction and stays. One widened operand alone, or two
// of different 16-bit types, are left alone. The folded function computes
// bit for bit what the original does under upstream MLIR on the CPU
// (same generated inputs: the references are identical).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-extf-operands)' %s | FileCheck %s
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-fold-extf-operands,ukernel-fold-transposes)' %S/../../realir/b_gpt2_mlp.mlir -o %t.folded.mlir
// RUN: ukc compile %t.folded.mlir --arch sm_90a --no-cubin -o %t.folded.pkg --reference
// RUN: ukc compile %S/../../realir/b_gpt2_mlp.mlir --arch sm_90a --no-cubin -o %t.orig.pkg --reference
// RUN: cmp %t.orig.pkg.ref/b_gpt2_mlp.arg5.bin %t.folded.pkg.ref/b_gpt2_mlp.arg5.bin
// RUN: FileCheck %s --check-prefix=GPT2 < %t.folded.mlir
// GPT2: linalg.matmul indexing_maps = [#map1, #map2, #map3] ins(%arg0, %arg1 : tensor<512x768xbf16>, tensor<3072x768xbf16>)
// GPT2: linalg.matmul indexing_maps = [#map1, #map2, #map3] ins(%{{[0-9]+}}, %arg3 : tensor<512x3072xbf16>, tensor<768x3072xbf16>)

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @both_widened
// CHECK-NOT: arith.extf
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x8xbf16>, tensor<8x16xbf16>) outs(%{{.*}} : tensor<4x16xf32>)
func.func @both_widened(%a: tensor<4x8xbf16>, %b: tensor<8x16xbf16>) -> tensor<4x16xf32> {
  %ea = tensor.empty() : tensor<4x8xf32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xbf16>) outs(%ea : tensor<4x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<8x16xf32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x16xbf16>) outs(%eb : tensor<8x16xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<8x16xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%wa, %wb : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @one_widened
// CHECK: arith.extf
// CHECK: linalg.matmul ins(%{{.*}}, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>)
func.func @one_widened(%a: tensor<4x8xbf16>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %ea = tensor.empty() : tensor<4x8xf32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xbf16>) outs(%ea : tensor<4x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%wa, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @batch_matmul_widened
// CHECK-NOT: arith.extf %{{.*}} : bf16 to f32
// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xbf16>, tensor<2x8x16xbf16>) outs(%{{.*}} : tensor<2x4x16xf32>)
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @batch_matmul_widened(%a: tensor<2x4x8xbf16>, %b: tensor<2x8x16xbf16>) -> tensor<2x4x16xf32> {
  %ea = tensor.empty() : tensor<2x4x8xf32>
  %wa = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<2x4x8xbf16>) outs(%ea : tensor<2x4x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<2x4x8xf32>
  %eb = tensor.empty() : tensor<2x8x16xf32>
  %wb = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b : tensor<2x8x16xbf16>) outs(%eb : tensor<2x8x16xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<2x8x16xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x16xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %r = linalg.batch_matmul ins(%wa, %wb : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%z : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}

// CHECK-LABEL: func.func @generic_contraction_widened
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<8x4xf16>, tensor<16x8xf16>) outs(%{{.*}} : tensor<4x16xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: arith.mulf
func.func @generic_contraction_widened(%a: tensor<8x4xf16>, %b: tensor<16x8xf16>) -> tensor<4x16xf32> {
  %ea = tensor.empty() : tensor<8x4xf32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x4xf16>) outs(%ea : tensor<8x4xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<8x4xf32>
  %eb = tensor.empty() : tensor<16x8xf32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16x8xf16>) outs(%eb : tensor<16x8xf32>) {
  ^bb0(%x: f16, %o: f32):
    %y = arith.extf %x : f16 to f32
    linalg.yield %y : f32
  } -> tensor<16x8xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wa, %wb : tensor<8x4xf32>, tensor<16x8xf32>) outs(%z : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @elementwise_of_two_widened
// CHECK-COUNT-2: arith.extf %{{.*}} : bf16 to f32
// CHECK: ins(%{{[0-9]+}}, %{{[0-9]+}} : tensor<4x8xf32>, tensor<4x8xf32>)
func.func @elementwise_of_two_widened(%a: tensor<4x8xbf16>, %b: tensor<4x8xbf16>) -> tensor<4x8xf32> {
  %ea = tensor.empty() : tensor<4x8xf32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xbf16>) outs(%ea : tensor<4x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x8xbf16>) outs(%ea : tensor<4x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%wa, %wb : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ea : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
