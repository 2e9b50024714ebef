// Matmul dispatches for end-to-end runs on a GPU: both candidates (tile,
// skinny), both input types, both B layouts, zero init and C += A x B,
// edges (M, N, K among 1, 16, 17, 127, 129, 300, 1000, 4096), the generic
// form, dynamic M and memrefs. `ukc-run run` checks each against an f64 CPU
// reference (with --ukernels none: the default lowering of the same ops).
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.on.pkg | FileCheck %s --check-prefix=ON
// RUN: ukc-run info %t.on.pkg | FileCheck %s --check-prefix=INFO
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s --check-prefix=GRID < %t.dump/3.kernels.mlir

// ON: wrote {{.*}}.on.pkg: 15 kernel(s), PTX for sm_80, sm_90
// ON: mm_tile_bf16_kn_300x1000x129: ukernel uk_matmul_tile_bf16_kn
// ON: mm_tile_f16_kn_acc_127x129x1000: ukernel uk_matmul_tile_f16_kn
// ON: mm_tile_bf16_nk_17x1000x1000: ukernel uk_matmul_tile_bf16_nk
// ON: mm_skinny_bf16_nk_1x4096x4096: ukernel uk_matmul_skinny_bf16_nk
// ON: mm_skinny_f16_nk_acc_16x1000x129: ukernel uk_matmul_skinny_f16_nk
// ON: mm_generic_bf16_kn_129x127x300: ukernel uk_matmul_tile_bf16_kn
// ON: mm_generic_f16_nk_acc_1x300x1000: ukernel uk_matmul_skinny_f16_nk
// ON: mm_tile_bf16_nk_dynamic_m: ukernel uk_matmul_tile_bf16_nk
// ON: mm_memref_bf16_nk_64x256x512: ukernel uk_matmul_tile_bf16_nk
// The tile ukernel's 144 KiB of stages: dynamic shared memory in the launch
// (the skinny shape's too).
// INFO: mm_tile_bf16_kn_300x1000x129: PTX for 8.0, 9.0;{{( cubin for 8.0, 9.0;)?}} block [256, 1, 1]; dynamic shared memory 147504; {{[0-9]+}} args
// With a dynamic M the grid's y is a ceiling division of C's runtime rows.
// GRID-LABEL: func.func @mm_tile_bf16_nk_dynamic_m
// GRID-SAME: ukernel.grid = ["8", "ceildiv(%arg2[0], 256)", "1"]
// INFO: mm_skinny_bf16_nk_1x4096x4096: PTX for 8.0, 9.0;{{( cubin for 8.0, 9.0;)?}} block [256, 1, 1]; dynamic shared memory 147504; {{[0-9]+}} args
module {
  func.func @mm_tile_bf16_kn_300x1000x129(%a: tensor<300x129xbf16>, %b: tensor<129x1000xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<300x129xbf16>, tensor<129x1000xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @mm_tile_f16_kn_acc_127x129x1000(%a: tensor<127x1000xf16>, %b: tensor<1000x129xf16>, %c: tensor<127x129xf32>) -> tensor<127x129xf32> {
    %r = linalg.matmul
        ins(%a, %b : tensor<127x1000xf16>, tensor<1000x129xf16>) outs(%c : tensor<127x129xf32>) -> tensor<127x129xf32>
    return %r : tensor<127x129xf32>
  }

  func.func @mm_tile_bf16_nk_1000x300x127(%a: tensor<1000x127xbf16>, %b: tensor<300x127xbf16>) -> tensor<1000x300xf32> {
    %e = tensor.empty() : tensor<1000x300xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x300xf32>) -> tensor<1000x300xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<1000x127xbf16>, tensor<300x127xbf16>) outs(%init : tensor<1000x300xf32>) -> tensor<1000x300xf32>
    return %r : tensor<1000x300xf32>
  }

  func.func @mm_tile_f16_nk_129x17x300(%a: tensor<129x300xf16>, %b: tensor<17x300xf16>) -> tensor<129x17xf32> {
    %e = tensor.empty() : tensor<129x17xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<129x17xf32>) -> tensor<129x17xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<129x300xf16>, tensor<17x300xf16>) outs(%init : tensor<129x17xf32>) -> tensor<129x17xf32>
    return %r : tensor<129x17xf32>
  }

  func.func @mm_tile_bf16_nk_17x1000x1000(%a: tensor<17x1000xbf16>, %b: tensor<1000x1000xbf16>) -> tensor<17x1000xf32> {
    %e = tensor.empty() : tensor<17x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<17x1000xf32>) -> tensor<17x1000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<17x1000xbf16>, tensor<1000x1000xbf16>) outs(%init : tensor<17x1000xf32>) -> tensor<17x1000xf32>
    return %r : tensor<17x1000xf32>
  }

  func.func @mm_tile_bf16_kn_16x16x1(%a: tensor<16x1xbf16>, %b: tensor<1x16xbf16>) -> tensor<16x16xf32> {
    %e = tensor.empty() : tensor<16x16xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<16x1xbf16>, tensor<1x16xbf16>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %r : tensor<16x16xf32>
  }

  func.func @mm_tile_bf16_nk_acc_4096x4096x4096(%a: tensor<4096x4096xbf16>, %b: tensor<4096x4096xbf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %r : tensor<4096x4096xf32>
  }

  func.func @mm_skinny_bf16_nk_1x4096x4096(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %r : tensor<1x4096xf32>
  }

  func.func @mm_skinny_f16_nk_acc_16x1000x129(%a: tensor<16x129xf16>, %b: tensor<1000x129xf16>, %c: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<16x129xf16>, tensor<1000x129xf16>) outs(%c : tensor<16x1000xf32>) -> tensor<16x1000xf32>
    return %r : tensor<16x1000xf32>
  }

  func.func @mm_skinny_bf16_nk_8x11008x4096(%a: tensor<8x4096xbf16>, %b: tensor<11008x4096xbf16>) -> tensor<8x11008xf32> {
    %e = tensor.empty() : tensor<8x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<8x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    return %r : tensor<8x11008xf32>
  }

  func.func @mm_skinny_bf16_nk_3x127x17(%a: tensor<3x17xbf16>, %b: tensor<127x17xbf16>) -> tensor<3x127xf32> {
    %e = tensor.empty() : tensor<3x127xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x127xf32>) -> tensor<3x127xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<3x17xbf16>, tensor<127x17xbf16>) outs(%init : tensor<3x127xf32>) -> tensor<3x127xf32>
    return %r : tensor<3x127xf32>
  }

  func.func @mm_generic_bf16_kn_129x127x300(%a: tensor<129x300xbf16>, %b: tensor<300x127xbf16>) -> tensor<129x127xf32> {
    %e = tensor.empty() : tensor<129x127xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<129x127xf32>) -> tensor<129x127xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<129x300xbf16>, tensor<300x127xbf16>) outs(%init : tensor<129x127xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<129x127xf32>
    return %r : tensor<129x127xf32>
  }

  func.func @mm_generic_f16_nk_acc_1x300x1000(%a: tensor<1x1000xf16>, %b: tensor<300x1000xf16>, %c: tensor<1x300xf32>) -> tensor<1x300xf32> {
    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<1x1000xf16>, tensor<300x1000xf16>) outs(%c : tensor<1x300xf32>) {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<1x300xf32>
    return %r : tensor<1x300xf32>
  }

  func.func @mm_tile_bf16_nk_dynamic_m(%a: tensor<?x300xbf16>, %b: tensor<1000x300xbf16>) -> tensor<?x1000xf32> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x300xbf16>
    %e = tensor.empty(%m) : tensor<?x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<?x300xbf16>, tensor<1000x300xbf16>) outs(%init : tensor<?x1000xf32>) -> tensor<?x1000xf32>
    return %r : tensor<?x1000xf32>
  }

  func.func @mm_memref_bf16_nk_64x256x512(%a: memref<64x512xbf16>, %b: memref<256x512xbf16>, %c: memref<64x256xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<64x256xf32>)
    linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : memref<64x512xbf16>, memref<256x512xbf16>) outs(%c : memref<64x256xf32>)
    return
  }
}
