// Contractions in the forms frontends and people write besides
// linalg.matmul, each rewritten by ukernel-canonicalize-contractions into
// the matmul generic a ukernel takes: linalg.contract, A indexed (k, m)
// (torch's `x.t() @ w`, copied as M x K first), linalg.matvec and
// linalg.vecmat (M = 1 on the skinny ukernels), attention scores over
// (batch, heads) as one batch loop, a batch over A alone with a dynamic
// sequence (rows of M), loops (k, n, m) in f32, C indexed (n, m) (A and B
// trade places, B copied as N x K), a batch between C's rows and columns (C
// copied in and out), and a batch_reduce_matmul (the batch summed: one K of batch x K, A copied with the batch beside K). `ukc-run run`
// checks each against upstream MLIR's CPU execution of the IR as written
// (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// Without wgmma (sm_80, sm_90) the tile ukernel's grid counts the rows of
// the collapsed batch: 3 x the dynamic sequence of C's argument.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.90.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=SM90
// RUN: FileCheck %s --check-prefix=GRID < %t.dump/3.kernels.mlir
// SM90: rows_of_a_batch: ukernel uk_matmul_tile_bf16_kn
// GRID: func.func @rows_of_a_batch(%arg0: memref<3x?x256xbf16>, %arg1: memref<256x320xbf16>, %arg2: memref<3x?x320xf32>)
// GRID-SAME: ukernel.grid = ["3", "ceildiv(3*%arg2[1], 256)", "1"]
// CHECK: reference outputs (MLIR on the CPU) of 13 function(s)
// CHECK-DAG: contract_nk_300x520x200: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK-DAG: a_transposed_256x384x192__k{{[0-9]}}: ukernel uk_matmul_wgmma_narrow_bf16_kn
// CHECK-DAG: x_t_matmul_w_200x256x96__k{{[0-9]}}: ukernel uk_matmul_wgmma_narrow_f16_kn
// CHECK-DAG: matvec_2000x1000: ukernel uk_matmul_{{skinny|gemv}}_bf16_nk
// CHECK-DAG: vecmat_1000x3000: ukernel uk_matmul_{{skinny|skinny_wide|gemv}}_bf16_kn
// CHECK-DAG: scores_2x4x100x64: ukernel uk_matmul_{{[a-z_]*}}bf16_nk
// CHECK-DAG: rows_of_a_batch: ukernel uk_matmul_wgmma{{[a-z_]*}}_bf16_kn
// CHECK-DAG: loops_knm_f32_96x80x130: ukernel uk_matmul_simt_f32_nk
// CHECK-DAG: c_transposed_128x192x64__k{{[0-9]}}: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK-DAG: broadcast_b_4x64x256x128: ukernel uk_matmul_wgmma{{[a-z_]*}}_bf16_kn
// CHECK-DAG: expanded_b_f32_3x50x70x40: ukernel uk_matmul_simt_f32_kn
// CHECK-DAG: batch_inside_c_3x40x72x24__k{{[0-9]}}: ukernel uk_matmul_{{[a-z_]*}}bf16_kn
// CHECK-DAG: batch_reduce_3x64x96x80__k{{[0-9]}}: ukernel uk_matmul_wgmma_narrow_bf16_kn
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
module {
  func.func @contract_nk_300x520x200(%a: tensor<300x200xbf16>, %b: tensor<520x200xbf16>, %c: tensor<300x520xf32>) -> tensor<300x520xf32> {
    %r = linalg.contract indexing_maps = [#mk, #nk, #mn]
      ins(%a, %b : tensor<300x200xbf16>, tensor<520x200xbf16>) outs(%c : tensor<300x520xf32>) -> tensor<300x520xf32>
    return %r : tensor<300x520xf32>
  }

  func.func @a_transposed_256x384x192(%a: tensor<192x256xbf16>, %b: tensor<192x384xbf16>) -> tensor<256x384xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x384xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
    %r = linalg.matmul indexing_maps = [#km, #kn, #mn]
      ins(%a, %b : tensor<192x256xbf16>, tensor<192x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }

  // torch's x.t() @ w as a generic reading x through (k, m).
  func.func @x_t_matmul_w_200x256x96(%x: tensor<96x200xf16>, %w: tensor<96x256xf16>) -> tensor<200x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<200x256xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<200x256xf32>) -> tensor<200x256xf32>
    %r = linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<96x200xf16>, tensor<96x256xf16>) outs(%c : tensor<200x256xf32>) {
    ^bb0(%p: f16, %q: f16, %acc: f32):
      %pe = arith.extf %p : f16 to f32
      %qe = arith.extf %q : f16 to f32
      %m = arith.mulf %pe, %qe : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    } -> tensor<200x256xf32>
    return %r : tensor<200x256xf32>
  }

  func.func @matvec_2000x1000(%a: tensor<2000x1000xbf16>, %v: tensor<1000xbf16>) -> tensor<2000xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2000xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<2000xf32>) -> tensor<2000xf32>
    %r = linalg.matvec ins(%a, %v : tensor<2000x1000xbf16>, tensor<1000xbf16>) outs(%c : tensor<2000xf32>) -> tensor<2000xf32>
    return %r : tensor<2000xf32>
  }

  // Accumulates into its init (an argument).
  func.func @vecmat_1000x3000(%v: tensor<1000xbf16>, %w: tensor<1000x3000xbf16>, %c: tensor<3000xf32>) -> tensor<3000xf32> {
    %r = linalg.vecmat ins(%v, %w : tensor<1000xbf16>, tensor<1000x3000xbf16>) outs(%c : tensor<3000xf32>) -> tensor<3000xf32>
    return %r : tensor<3000xf32>
  }

  func.func @scores_2x4x100x64(%q: tensor<2x4x100x64xbf16>, %k: tensor<2x4x100x64xbf16>) -> tensor<2x4x100x100xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x4x100x100xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x100x100xf32>) -> tensor<2x4x100x100xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x4x100x64xbf16>, tensor<2x4x100x64xbf16>) outs(%c : tensor<2x4x100x100xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x4x100x100xf32>
    return %r : tensor<2x4x100x100xf32>
  }

  func.func @rows_of_a_batch(%a: tensor<3x?x256xbf16>, %w: tensor<256x320xbf16>) -> tensor<3x?x320xf32> {
    %z = arith.constant 0.0 : f32
    %c1 = arith.constant 1 : index
    %d = tensor.dim %a, %c1 : tensor<3x?x256xbf16>
    %e = tensor.empty(%d) : tensor<3x?x320xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x?x320xf32>) -> tensor<3x?x320xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<3x?x256xbf16>, tensor<256x320xbf16>) outs(%c : tensor<3x?x320xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x?x320xf32>
    return %r : tensor<3x?x320xf32>
  }

  func.func @loops_knm_f32_96x80x130(%a: tensor<96x130xf32>, %b: tensor<80x130xf32>, %c: tensor<96x80xf32>) -> tensor<96x80xf32> {
    %r = linalg.generic {indexing_maps = [affine_map<(k, n, m) -> (m, k)>, affine_map<(k, n, m) -> (n, k)>, affine_map<(k, n, m) -> (m, n)>],
                         iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : tensor<96x130xf32>, tensor<80x130xf32>) outs(%c : tensor<96x80xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<96x80xf32>
    return %r : tensor<96x80xf32>
  }

  func.func @c_transposed_128x192x64(%a: tensor<128x64xbf16>, %b: tensor<64x192xbf16>, %c: tensor<192x128xf32>) -> tensor<192x128xf32> {
    %r = linalg.generic {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<128x64xbf16>, tensor<64x192xbf16>) outs(%c : tensor<192x128xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<192x128xf32>
    return %r : tensor<192x128xf32>
  }

  func.func @batch_inside_c_3x40x72x24(%a: tensor<3x40x24xbf16>, %b: tensor<3x24x72xbf16>, %c: tensor<40x3x72xf32>) -> tensor<40x3x72xf32> {
    %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x40x24xbf16>, tensor<3x24x72xbf16>) outs(%c : tensor<40x3x72xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<40x3x72xf32>
    return %r : tensor<40x3x72xf32>
  }

  func.func @broadcast_b_4x64x256x128(%a: tensor<4x64x128xbf16>, %w: tensor<128x256xbf16>) -> tensor<4x64x256xf32> {
    %z = arith.constant 0.0 : f32
    %eb = tensor.empty() : tensor<4x128x256xbf16>
    %wb = linalg.broadcast ins(%w : tensor<128x256xbf16>) outs(%eb : tensor<4x128x256xbf16>) dimensions = [0]
    %e = tensor.empty() : tensor<4x64x256xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<4x64x256xf32>) -> tensor<4x64x256xf32>
    %r = linalg.batch_matmul ins(%a, %wb : tensor<4x64x128xbf16>, tensor<4x128x256xbf16>) outs(%c : tensor<4x64x256xf32>) -> tensor<4x64x256xf32>
    return %r : tensor<4x64x256xf32>
  }

  func.func @expanded_b_f32_3x50x70x40(%a: tensor<3x50x40xf32>, %w: tensor<40x70xf32>) -> tensor<3x50x70xf32> {
    %z = arith.constant 0.0 : f32
    %eb = tensor.empty() : tensor<3x40x70xf32>
    %wb = linalg.generic {indexing_maps = [affine_map<(b, k, n) -> (k, n)>, affine_map<(b, k, n) -> (b, k, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<40x70xf32>) outs(%eb : tensor<3x40x70xf32>) {
    ^bb0(%x: f32, %o: f32):
      linalg.yield %x : f32
    } -> tensor<3x40x70xf32>
    %e = tensor.empty() : tensor<3x50x70xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x50x70xf32>) -> tensor<3x50x70xf32>
    %r = linalg.batch_matmul ins(%a, %wb : tensor<3x50x40xf32>, tensor<3x40x70xf32>) outs(%c : tensor<3x50x70xf32>) -> tensor<3x50x70xf32>
    return %r : tensor<3x50x70xf32>
  }

  func.func @batch_reduce_3x64x96x80(%a: tensor<3x64x80xbf16>, %b: tensor<3x80x96xbf16>) -> tensor<64x96xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x96xf32>
    %c = linalg.fill ins(%z : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
    %r = linalg.batch_reduce_matmul ins(%a, %b : tensor<3x64x80xbf16>, tensor<3x80x96xbf16>) outs(%c : tensor<64x96xf32>) -> tensor<64x96xf32>
    return %r : tensor<64x96xf32>
  }
}
