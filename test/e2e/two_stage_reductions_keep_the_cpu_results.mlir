// ukernel-two-stage-reductions keeps what each function computes: upstream
// MLIR's CPU execution of the module before and after the pass (`ukc
// compile --reference`, same inputs) gives identical outputs where the
// combiner is exact in any order (max, integer sum) and outputs within the
// reference check's tolerance for an f32 sum of 4096 squares (the additions
// in another order) and a softmax of rows of 2048 (its max and sum, both
// kept as 4 x 1); the RMSNorm + QKV block that torch-mlir emits keeps its
// outputs within tolerance too.
// REQUIRES: libdevice
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukernel-opt %s --ukernel-two-stage-reductions -o %t/split.mlir
// RUN: ukernel-opt %S/../realir/d_rmsnorm_qkv.mlir --ukernel-two-stage-reductions -o %t/rms.split.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t/split.mlir
// RUN: ukc compile %s --arch sm_90a --no-cubin --reference -o %t/before.pkg > /dev/null
// RUN: ukc compile %t/split.mlir --arch sm_90a --no-cubin --reference -o %t/after.pkg > /dev/null
// RUN: ukc compile %S/../realir/d_rmsnorm_qkv.mlir --arch sm_90a --no-cubin --reference -o %t/rms.pkg > /dev/null
// RUN: ukc compile %t/rms.split.mlir --arch sm_90a --no-cubin --reference -o %t/rms.split.pkg > /dev/null
// RUN: python3 %S/Inputs/refs_agree.py %t/before.pkg.ref %t/after.pkg.ref | FileCheck %s
// RUN: python3 %S/Inputs/refs_agree.py %t/rms.pkg.ref %t/rms.split.pkg.ref | FileCheck %s --check-prefix=RMS

// SPLIT-COUNT-5: tensor.expand_shape
// CHECK: softmax: {{identical|within tolerance}}
// CHECK-NEXT: sum_of_squares_f32: within tolerance
// CHECK-NEXT: max_of_bf16_middle_dim: identical
// CHECK-NEXT: int_sum_to_scalar: identical
// RMS-COUNT-3: d_rmsnorm_qkv: {{identical|within tolerance}}
module {
  func.func @softmax(%x: tensor<4x2048xf32>) -> tensor<4x2048xf32> {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e1 = tensor.empty() : tensor<4x1xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x2048xf32>) outs(%m0 : tensor<4x1xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %o : f32
      linalg.yield %r : f32
    } -> tensor<4x1xf32>
    %e2 = tensor.empty() : tensor<4x2048xf32>
    %ex = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<4x2048xf32>, tensor<4x1xf32>) outs(%e2 : tensor<4x2048xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %d = arith.subf %a, %b : f32
      %r = math.exp %d : f32
      linalg.yield %r : f32
    } -> tensor<4x2048xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<4x2048xf32>) outs(%s0 : tensor<4x1xf32>) {
    ^bb0(%a: f32, %o: f32):
      %r = arith.addf %a, %o : f32
      linalg.yield %r : f32
    } -> tensor<4x1xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ex, %s : tensor<4x2048xf32>, tensor<4x1xf32>) outs(%e2 : tensor<4x2048xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.divf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<4x2048xf32>
    return %y : tensor<4x2048xf32>
  }
  func.func @sum_of_squares_f32(%x: tensor<2x4096xf32>) -> tensor<2xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2xf32>
    %init = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x4096xf32>) outs(%init : tensor<2xf32>) {
    ^bb0(%a: f32, %o: f32):
      %sq = arith.mulf %a, %a : f32
      %s = arith.addf %sq, %o : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
  func.func @max_of_bf16_middle_dim(%x: tensor<3x1024x5xbf16>) -> tensor<3x5xbf16> {
    %z = arith.constant 0xFF80 : bf16
    %e = tensor.empty() : tensor<3x5xbf16>
    %init = linalg.fill ins(%z : bf16) outs(%e : tensor<3x5xbf16>) -> tensor<3x5xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%x : tensor<3x1024x5xbf16>) outs(%init : tensor<3x5xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %s = arith.maximumf %o, %a : bf16
      linalg.yield %s : bf16
    } -> tensor<3x5xbf16>
    return %r : tensor<3x5xbf16>
  }
  func.func @int_sum_to_scalar(%x: tensor<11008xi32>, %init: tensor<i32>) -> tensor<i32> {
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<11008xi32>) outs(%init : tensor<i32>) {
    ^bb0(%a: i32, %o: i32):
      %s = arith.addi %a, %o : i32
      linalg.yield %s : i32
    } -> tensor<i32>
    return %r : tensor<i32>
  }
}
