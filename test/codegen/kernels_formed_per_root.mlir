// A function with several roots forms one kernel per root, each with the
// ukernel it would get alone and the elementwise consumer its ukernel
// absorbs; what no ukernel absorbs runs in default-path kernels of its own
// (launched in order as the function's steps). A single root whose
// epilogue its ukernel cannot absorb (one that reads its position) keeps
// its ukernel, the epilogue becomes a kernel of its own; an exact-GELU
// (math.erf) epilogue with a bias is fused. Before: every root of such
// functions ran on the default path, on one workgroup.
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg | FileCheck %s
// RUN: ukc explain %s --arch sm_90a --summary | FileCheck %s --check-prefix=SUMMARY

// The gate projection absorbs silu(gate) * up (up, a matrix of its output's
// shape, computed first), the up projection is alone, the down projection
// absorbs its truncf: three ukernel kernels, nothing on the default path.
// REMARK: selected uk_matmul_{{.*}}; fused: the result's consumer (c c negf:f32 exp:f32 1.0:f32 addf:f32 divf:f32 e mulf:f32 truncf:bf16) through store;{{.*}} a kernel of its own (one of the dispatch's 3 roots)
// REMARK-NEXT: selected uk_matmul_{{.*}} a kernel of its own (one of the dispatch's 3 roots)
// REMARK-NEXT: selected uk_matmul_{{.*}}; fused: the result's consumer (c truncf:bf16) through store;{{.*}} a kernel of its own (one of the dispatch's 3 roots)
// REMARK-NEXT: remark: ukernel: a kernel formed around each of 3 roots (3 on ukernels); every other compute op is fused into them
// REMARK-NEXT: selected uk_matmul_{{.*}}; fused: the result's consumer (6 ops) through store
// REMARK-NEXT: selected uk_matmul_{{.*}} a kernel of its own: the dispatch's other ops (1 'linalg.generic') run in kernels of their own on the default path (as one kernel: no ukernel: {{.*}}'linalg.index' in the consumer is not fusable
// REMARK-NEXT: selected uk_matmul_{{.*}} a kernel of its own (one of the dispatch's 2 roots)
// REMARK-NEXT: selected uk_argmax_ogt_f32i64{{.*}} a kernel of its own (one of the dispatch's 2 roots)
// REMARK-NEXT: remark: ukernel: a kernel formed around each of 2 roots (2 on ukernels); every other compute op is fused into them

// The SwiGLU MLP: gate and up projections, silu(gate) * up, down projection.
// CHECK: swiglu__k0: ukernel uk_matmul_
// CHECK-NEXT: swiglu__k1: ukernel uk_matmul_
// CHECK-NEXT: swiglu__k2: ukernel uk_matmul_
// CHECK-NOT: swiglu__k3
// CHECK: erf_gelu_projection: ukernel uk_matmul_
// CHECK: indexed_epilogue__k0: ukernel uk_matmul_
// CHECK-NEXT: indexed_epilogue__k1: ukernel none
// CHECK-NOT: indexed_epilogue__k2
// CHECK: lm_head_argmax__k0: ukernel uk_matmul_
// CHECK-NEXT: lm_head_argmax__k1: ukernel uk_argmax_ogt_f32i64
// CHECK-NOT: lm_head_argmax__k2

// SUMMARY: 4 dispatch(es), 7 root(s): 7 on ukernels, 0 on the default path

#nk = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @swiglu(%x: tensor<4x256xbf16>, %wg: tensor<512x256xbf16>, %wu: tensor<512x256xbf16>, %wd: tensor<256x512xbf16>) -> tensor<4x256xbf16> {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<4x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x512xf32>) -> tensor<4x512xf32>
    %g = linalg.matmul indexing_maps = #nk ins(%x, %wg : tensor<4x256xbf16>, tensor<512x256xbf16>) outs(%f : tensor<4x512xf32>) -> tensor<4x512xf32>
    %u = linalg.matmul indexing_maps = #nk ins(%x, %wu : tensor<4x256xbf16>, tensor<512x256xbf16>) outs(%f : tensor<4x512xf32>) -> tensor<4x512xf32>
    %he = tensor.empty() : tensor<4x512xbf16>
    %h = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<4x512xf32>, tensor<4x512xf32>) outs(%he : tensor<4x512xbf16>) {
    ^bb0(%a: f32, %b: f32, %o: bf16):
      %n = arith.negf %a : f32
      %x1 = math.exp %n : f32
      %d = arith.addf %x1, %one : f32
      %s = arith.divf %a, %d : f32
      %p = arith.mulf %s, %b : f32
      %t = arith.truncf %p : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<4x512xbf16>
    %e2 = tensor.empty() : tensor<4x256xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x256xf32>) -> tensor<4x256xf32>
    %y = linalg.matmul indexing_maps = #nk ins(%h, %wd : tensor<4x512xbf16>, tensor<256x512xbf16>) outs(%f2 : tensor<4x256xf32>) -> tensor<4x256xf32>
    %ye = tensor.empty() : tensor<4x256xbf16>
    %yb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x256xf32>) outs(%ye : tensor<4x256xbf16>) {
    ^bb0(%a: f32, %o: bf16):
      %t = arith.truncf %a : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<4x256xbf16>
    return %yb : tensor<4x256xbf16>
  }

  func.func @erf_gelu_projection(%x: tensor<64x256xbf16>, %w: tensor<512x256xbf16>, %bias: tensor<512xf32>) -> tensor<64x512xf32> {
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678 : f32
    %e = tensor.empty() : tensor<64x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x512xf32>) -> tensor<64x512xf32>
    %c = linalg.matmul indexing_maps = #nk ins(%x, %w : tensor<64x256xbf16>, tensor<512x256xbf16>) outs(%f : tensor<64x512xf32>) -> tensor<64x512xf32>
    %oe = tensor.empty() : tensor<64x512xf32>
    %o = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<64x512xf32>, tensor<512xf32>) outs(%oe : tensor<64x512xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %v = arith.addf %a, %b : f32
      %s = arith.mulf %v, %rsqrt2 : f32
      %r = math.erf %s : f32
      %p = arith.addf %r, %one : f32
      %h = arith.mulf %v, %half : f32
      %g = arith.mulf %h, %p : f32
      linalg.yield %g : f32
    } -> tensor<64x512xf32>
    return %o : tensor<64x512xf32>
  }

  func.func @indexed_epilogue(%x: tensor<64x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<64x512xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x512xf32>) -> tensor<64x512xf32>
    %c = linalg.matmul indexing_maps = #nk ins(%x, %w : tensor<64x256xbf16>, tensor<512x256xbf16>) outs(%f : tensor<64x512xf32>) -> tensor<64x512xf32>
    %oe = tensor.empty() : tensor<64x512xf32>
    %o = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<64x512xf32>) outs(%oe : tensor<64x512xf32>) {
    ^bb0(%a: f32, %out: f32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %v = arith.addf %a, %fi : f32
      linalg.yield %v : f32
    } -> tensor<64x512xf32>
    return %o : tensor<64x512xf32>
  }

  func.func @lm_head_argmax(%h: tensor<2x256xbf16>, %w: tensor<4096x256xbf16>) -> tensor<2xi64> {
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %z64 = arith.constant 0 : i64
    %e = tensor.empty() : tensor<2x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %logits = linalg.matmul indexing_maps = #nk ins(%h, %w : tensor<2x256xbf16>, tensor<4096x256xbf16>) outs(%f : tensor<2x4096xf32>) -> tensor<2x4096xf32>
    %ei = tensor.empty() : tensor<2xi64>
    %fi = linalg.fill ins(%z64 : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
    %ev = tensor.empty() : tensor<2xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
    %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%logits : tensor<2x4096xf32>) outs(%fv, %fi : tensor<2xf32>, tensor<2xi64>) {
    ^bb0(%in: f32, %v: f32, %i: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %in, %v : f32
      %gt = arith.cmpf ogt, %in, %v : f32
      %s = arith.select %gt, %kk, %i : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<2xf32>, tensor<2xi64>)
    return %r#1 : tensor<2xi64>
  }
}
