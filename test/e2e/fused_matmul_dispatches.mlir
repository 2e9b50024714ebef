// Matmuls whose result goes through an elementwise consumer (a bias, GELU in
// its tanh form, a conversion to the 16-bit output type), fused into the
// ukernel through its store fusion point, beside the same matmul without a
// consumer (for the benchmark's "within 10% of the plain matmul"); edge
// shapes (K not a multiple of 8: the wgmma ukernel's cp.async path) and
// decode shapes (the gemv ukernel and both skinny ones); a row-scale consumer with
// dynamic M (its vector by row). The CPU reference applies
// the consumer to the f64 product.
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90a -o %t.90a.pkg | FileCheck %s --check-prefix=SM90A
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.pkg | FileCheck %s
// SM90A: plain_bf16_4096x4096x4096: ukernel uk_matmul_wgmma_bf16_nk
// SM90A: gelu_bf16_4096x4096x4096: ukernel uk_matmul_wgmma_bf16_nk
// SM90A: gelu_bf16_1x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// SM90A: gelu_bf16_1x11008x4096: ukernel uk_matmul_gemv_bf16_nk
// SM90A: rowscale_bf16_dynamic_m: ukernel uk_matmul_wgmma_bf16_nk
// CHECK: gelu_bf16_4096x4096x4096: ukernel uk_matmul_tile_bf16_nk
// CHECK: gelu_bf16_1x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// CHECK: gelu_bf16_1x11008x4096: ukernel uk_matmul_gemv_bf16_nk
// CHECK: gelu_bf16_16x11008x4096: ukernel uk_matmul_skinny_wide_bf16_nk
module {
  func.func @plain_bf16_4096x4096x4096(%a: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %e = tensor.empty() : tensor<4096x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %c : tensor<4096x4096xf32>
  }
  func.func @gelu_bf16_4096x4096x4096(%a: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>, %bias: tensor<4096xf32>) -> tensor<4096x4096xbf16> {
    %e = tensor.empty() : tensor<4096x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %o = tensor.empty() : tensor<4096x4096xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%o : tensor<4096x4096xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4096x4096xbf16>
    return %d : tensor<4096x4096xbf16>
  }
  func.func @plain_bf16_2048x11008x4096(%a: tensor<2048x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<2048x11008xf32> {
    %e = tensor.empty() : tensor<2048x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<2048x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    return %c : tensor<2048x11008xf32>
  }
  func.func @gelu_bf16_2048x11008x4096(%a: tensor<2048x4096xbf16>, %w: tensor<11008x4096xbf16>, %bias: tensor<11008xf32>) -> tensor<2048x11008xbf16> {
    %e = tensor.empty() : tensor<2048x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<2048x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %o = tensor.empty() : tensor<2048x11008xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<2048x11008xf32>, tensor<11008xf32>) outs(%o : tensor<2048x11008xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    return %d : tensor<2048x11008xbf16>
  }
  func.func @gelu_bf16_300x1000x129(%a: tensor<300x129xbf16>, %w: tensor<1000x129xbf16>, %bias: tensor<1000xf32>) -> tensor<300x1000xbf16> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<300x129xbf16>, tensor<1000x129xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %o = tensor.empty() : tensor<300x1000xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<300x1000xf32>, tensor<1000xf32>) outs(%o : tensor<300x1000xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<300x1000xbf16>
    return %d : tensor<300x1000xbf16>
  }
  func.func @gelu_f16_127x129x300(%a: tensor<127x300xf16>, %w: tensor<129x300xf16>, %bias: tensor<129xf32>) -> tensor<127x129xf16> {
    %e = tensor.empty() : tensor<127x129xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<127x129xf32>) -> tensor<127x129xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<127x300xf16>, tensor<129x300xf16>) outs(%init : tensor<127x129xf32>) -> tensor<127x129xf32>
    %o = tensor.empty() : tensor<127x129xf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<127x129xf32>, tensor<129xf32>) outs(%o : tensor<127x129xf16>) {
    ^bb0(%x: f32, %b: f32, %out: f16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to f16
      linalg.yield %r : f16
    } -> tensor<127x129xf16>
    return %d : tensor<127x129xf16>
  }
  func.func @gelu_bf16_1x4096x4096(%a: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>, %bias: tensor<4096xf32>) -> tensor<1x4096xbf16> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %o = tensor.empty() : tensor<1x4096xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<1x4096xf32>, tensor<4096xf32>) outs(%o : tensor<1x4096xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %d : tensor<1x4096xbf16>
  }
  func.func @gelu_bf16_1x11008x4096(%a: tensor<1x4096xbf16>, %w: tensor<11008x4096xbf16>, %bias: tensor<11008xf32>) -> tensor<1x11008xbf16> {
    %e = tensor.empty() : tensor<1x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %o = tensor.empty() : tensor<1x11008xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<1x11008xf32>, tensor<11008xf32>) outs(%o : tensor<1x11008xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    return %d : tensor<1x11008xbf16>
  }
  func.func @gelu_bf16_16x11008x4096(%a: tensor<16x4096xbf16>, %w: tensor<11008x4096xbf16>, %bias: tensor<11008xf32>) -> tensor<16x11008xbf16> {
    %e = tensor.empty() : tensor<16x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<16x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %o = tensor.empty() : tensor<16x11008xbf16>
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : tensor<16x11008xf32>, tensor<11008xf32>) outs(%o : tensor<16x11008xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.addf %x, %b : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t1 = arith.mulf %y3, %k1 : f32
      %t2 = arith.addf %y, %t1 : f32
      %t3 = arith.mulf %t2, %k0 : f32
      %t4 = math.tanh %t3 : f32
      %t5 = arith.addf %t4, %one : f32
      %t6 = arith.mulf %t5, %half : f32
      %g = arith.mulf %y, %t6 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    return %d : tensor<16x11008xbf16>
  }
  func.func @rowscale_bf16_dynamic_m(%a: tensor<?x512xbf16>, %w: tensor<1024x512xbf16>, %rowscale: tensor<?xf32>) -> tensor<?x1024xbf16> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x512xbf16>
    %e = tensor.empty(%m) : tensor<?x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<?x512xbf16>, tensor<1024x512xbf16>) outs(%init : tensor<?x1024xf32>) -> tensor<?x1024xf32>
    %o = tensor.empty(%m) : tensor<?x1024xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %rowscale : tensor<?x1024xf32>, tensor<?xf32>) outs(%o : tensor<?x1024xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.mulf %x, %b : f32
      %r = arith.truncf %y : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<?x1024xbf16>
    return %d : tensor<?x1024xbf16>
  }
}
