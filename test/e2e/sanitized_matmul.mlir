// Matmul dispatches small enough to run under compute-sanitizer (memcheck,
// racecheck, synccheck, initcheck), covering every matmul ukernel and the
// paths inside it: the tile ukernel with masked edges and with whole tiles;
// with --arch sm_90a the wgmma ukernel in both widths and both B layouts; the skinny ukernel;
// the wide skinny one with staggered K walks (K whole K-tiles), without
// (a partial last K-tile) and with a partial last column tile; GEMV with
// whole and partial rows; GEMV with B as K x N over a batch at a partial
// last column tile and an odd row stride; the f32 CUDA-core ukernel with
// edges and C += A x B; an epilogue of two more inputs read through the
// kernel's table; zero init and C += A x B, bf16 and f16. `ukc-run
// run` checks each result against the f64 reference. The checks below pin
// that every kind stays covered.
// RUN: ukc compile %s --arch sm_80,sm_90 --no-cubin -o %t.pkg | FileCheck %s --check-prefix=PORTABLE
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.90a.pkg | FileCheck %s --check-prefix=HOPPER

// PORTABLE: wrote {{.*}}: 17 kernel(s), PTX for sm_80, sm_90
// PORTABLE-NEXT: mm_bf16_kn_300x1000x129: ukernel uk_matmul_tile_bf16_kn
// PORTABLE-NEXT: mm_f16_nk_acc_129x17x300: ukernel uk_matmul_tile_f16_nk
// PORTABLE-NEXT: mm_bf16_nk_256x256x512: ukernel uk_matmul_tile_bf16_nk
// PORTABLE-NEXT: mm_bf16_nk_200x384x256: ukernel uk_matmul_tile_bf16_nk
// PORTABLE-NEXT: mm_f16_nk_acc_512x1024x512: ukernel uk_matmul_tile_f16_nk
// PORTABLE-NEXT: mm_bf16_nk_1024x4096x256: ukernel uk_matmul_tile_bf16_nk
// PORTABLE-NEXT: mm_bf16_nk_16x1000x129: ukernel uk_matmul_skinny_bf16_nk
// PORTABLE-NEXT: mm_f16_nk_acc_3x4096x1024: ukernel uk_matmul_skinny_f16_nk
// PORTABLE-NEXT: mm_bf16_nk_16x11008x1024: ukernel uk_matmul_skinny_wide_bf16_nk
// PORTABLE-NEXT: mm_bf16_nk_5x11000x1000: ukernel uk_matmul_skinny_wide_bf16_nk
// PORTABLE-NEXT: mm_f16_nk_acc_16x11008x2048: ukernel uk_matmul_skinny_wide_f16_nk
// PORTABLE-NEXT: mm_bf16_nk_1x8192x4096: ukernel uk_matmul_gemv_bf16_nk
// PORTABLE-NEXT: mm_f16_nk_acc_1x8195x4100: ukernel uk_matmul_gemv_f16_nk
// PORTABLE-NEXT: bmm_bf16_kn_40x1x129x509: ukernel uk_matmul_gemv_bf16_kn
// PORTABLE-NEXT: mm_f32_kn_129x200x72: ukernel uk_matmul_simt_f32_kn
// PORTABLE-NEXT: mm_f32_nk_acc_17x33x300: ukernel uk_matmul_simt_f32_nk
// PORTABLE-NEXT: mm_bf16_nk_bias_residual_16x1000x129: ukernel uk_matmul_skinny_bf16_nk
// HOPPER: wrote {{.*}}: 17 kernel(s), PTX for sm_90a
// HOPPER-NEXT: mm_bf16_kn_300x1000x129: ukernel uk_matmul_wgmma_narrow_bf16_kn
// HOPPER-NEXT: mm_f16_nk_acc_129x17x300: ukernel uk_matmul_wgmma_narrow_f16_nk
// HOPPER-NEXT: mm_bf16_nk_256x256x512: ukernel uk_matmul_wgmma_narrow_bf16_nk
// HOPPER-NEXT: mm_bf16_nk_200x384x256: ukernel uk_matmul_wgmma_narrow_bf16_nk
// HOPPER-NEXT: mm_f16_nk_acc_512x1024x512: ukernel uk_matmul_wgmma_narrow_f16_nk
// HOPPER-NEXT: mm_bf16_nk_1024x4096x256: ukernel uk_matmul_wgmma_bf16_nk
// HOPPER-NEXT: mm_bf16_nk_16x1000x129: ukernel uk_matmul_skinny_bf16_nk
module {
  func.func @mm_bf16_kn_300x1000x129(%a: tensor<300x129xbf16>, %b: tensor<129x1000xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<300x129xbf16>, tensor<129x1000xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @mm_f16_nk_acc_129x17x300(%a: tensor<129x300xf16>, %b: tensor<17x300xf16>, %c: tensor<129x17xf32>) -> tensor<129x17xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<129x300xf16>, tensor<17x300xf16>) outs(%c : tensor<129x17xf32>) -> tensor<129x17xf32>
    return %r : tensor<129x17xf32>
  }

  func.func @mm_bf16_nk_256x256x512(%a: tensor<256x512xbf16>, %b: tensor<256x512xbf16>) -> tensor<256x256xf32> {
    %e = tensor.empty() : tensor<256x256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<256x512xbf16>, tensor<256x512xbf16>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %r : tensor<256x256xf32>
  }

  func.func @mm_bf16_nk_200x384x256(%a: tensor<200x256xbf16>, %b: tensor<384x256xbf16>) -> tensor<200x384xf32> {
    %e = tensor.empty() : tensor<200x384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<200x384xf32>) -> tensor<200x384xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<200x256xbf16>, tensor<384x256xbf16>) outs(%init : tensor<200x384xf32>) -> tensor<200x384xf32>
    return %r : tensor<200x384xf32>
  }

  func.func @mm_f16_nk_acc_512x1024x512(%a: tensor<512x512xf16>, %b: tensor<1024x512xf16>, %c: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<512x512xf16>, tensor<1024x512xf16>) outs(%c : tensor<512x1024xf32>) -> tensor<512x1024xf32>
    return %r : tensor<512x1024xf32>
  }

  func.func @mm_bf16_nk_1024x4096x256(%a: tensor<1024x256xbf16>, %b: tensor<4096x256xbf16>) -> tensor<1024x4096xf32> {
    %e = tensor.empty() : tensor<1024x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<1024x256xbf16>, tensor<4096x256xbf16>) outs(%init : tensor<1024x4096xf32>) -> tensor<1024x4096xf32>
    return %r : tensor<1024x4096xf32>
  }

  func.func @mm_bf16_nk_16x1000x129(%a: tensor<16x129xbf16>, %b: tensor<1000x129xbf16>) -> tensor<16x1000xf32> {
    %e = tensor.empty() : tensor<16x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<16x129xbf16>, tensor<1000x129xbf16>) outs(%init : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    return %r : tensor<16x1000xf32>
  }

  func.func @mm_f16_nk_acc_3x4096x1024(%a: tensor<3x1024xf16>, %b: tensor<4096x1024xf16>, %c: tensor<3x4096xf32>) -> tensor<3x4096xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<3x1024xf16>, tensor<4096x1024xf16>) outs(%c : tensor<3x4096xf32>) -> tensor<3x4096xf32>
    return %r : tensor<3x4096xf32>
  }

  func.func @mm_bf16_nk_16x11008x1024(%a: tensor<16x1024xbf16>, %b: tensor<11008x1024xbf16>) -> tensor<16x11008xf32> {
    %e = tensor.empty() : tensor<16x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<16x1024xbf16>, tensor<11008x1024xbf16>) outs(%init : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    return %r : tensor<16x11008xf32>
  }

  func.func @mm_bf16_nk_5x11000x1000(%a: tensor<5x1000xbf16>, %b: tensor<11000x1000xbf16>) -> tensor<5x11000xf32> {
    %e = tensor.empty() : tensor<5x11000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5x11000xf32>) -> tensor<5x11000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<5x1000xbf16>, tensor<11000x1000xbf16>) outs(%init : tensor<5x11000xf32>) -> tensor<5x11000xf32>
    return %r : tensor<5x11000xf32>
  }

  func.func @mm_f16_nk_acc_16x11008x2048(%a: tensor<16x2048xf16>, %b: tensor<11008x2048xf16>, %c: tensor<16x11008xf32>) -> tensor<16x11008xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<16x2048xf16>, tensor<11008x2048xf16>) outs(%c : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    return %r : tensor<16x11008xf32>
  }

  func.func @mm_bf16_nk_1x8192x4096(%a: tensor<1x4096xbf16>, %b: tensor<8192x4096xbf16>) -> tensor<1x8192xf32> {
    %e = tensor.empty() : tensor<1x8192xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<1x4096xbf16>, tensor<8192x4096xbf16>) outs(%init : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    return %r : tensor<1x8192xf32>
  }

  func.func @mm_f16_nk_acc_1x8195x4100(%a: tensor<1x4100xf16>, %b: tensor<8195x4100xf16>, %c: tensor<1x8195xf32>) -> tensor<1x8195xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<1x4100xf16>, tensor<8195x4100xf16>) outs(%c : tensor<1x8195xf32>) -> tensor<1x8195xf32>
    return %r : tensor<1x8195xf32>
  }

  func.func @bmm_bf16_kn_40x1x129x509(%q: tensor<40x1x129xbf16>, %k: tensor<40x129x509xbf16>) -> tensor<40x1x509xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<40x1x509xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<40x1x509xf32>) -> tensor<40x1x509xf32>
    %r = linalg.batch_matmul ins(%q, %k : tensor<40x1x129xbf16>, tensor<40x129x509xbf16>) outs(%f : tensor<40x1x509xf32>) -> tensor<40x1x509xf32>
    return %r : tensor<40x1x509xf32>
  }

  func.func @mm_f32_kn_129x200x72(%a: tensor<129x72xf32>, %b: tensor<72x200xf32>) -> tensor<129x200xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<129x200xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<129x200xf32>) -> tensor<129x200xf32>
    %r = linalg.matmul ins(%a, %b : tensor<129x72xf32>, tensor<72x200xf32>) outs(%f : tensor<129x200xf32>) -> tensor<129x200xf32>
    return %r : tensor<129x200xf32>
  }

  func.func @mm_f32_nk_acc_17x33x300(%a: tensor<17x300xf32>, %b: tensor<33x300xf32>, %c: tensor<17x33xf32>) -> tensor<17x33xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<17x300xf32>, tensor<33x300xf32>) outs(%c : tensor<17x33xf32>) -> tensor<17x33xf32>
    return %r : tensor<17x33xf32>
  }

  func.func @mm_bf16_nk_bias_residual_16x1000x129(%a: tensor<16x129xbf16>, %b: tensor<1000x129xbf16>, %bias: tensor<1000xf32>, %res: tensor<16x1000xf32>) -> tensor<16x1000xbf16> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x1000xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    %y = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<16x129xbf16>, tensor<1000x129xbf16>) outs(%f : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    %oe = tensor.empty() : tensor<16x1000xbf16>
    %o = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
        ins(%y, %bias, %res : tensor<16x1000xf32>, tensor<1000xf32>, tensor<16x1000xf32>) outs(%oe : tensor<16x1000xbf16>) {
    ^bb0(%v: f32, %b0: f32, %r0: f32, %out: bf16):
      %s = arith.addf %v, %b0 : f32
      %t = arith.addf %s, %r0 : f32
      %h = arith.truncf %t : f32 to bf16
      linalg.yield %h : bf16
    } -> tensor<16x1000xbf16>
    return %o : tensor<16x1000xbf16>
  }
}
