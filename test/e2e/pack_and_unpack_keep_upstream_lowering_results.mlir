// linalg.pack and linalg.unpack compute what upstream MLIR's own lowering
// of them computes (transform.structured.lower_pack / lower_unpack: a pad,
// an expand_shape and a transpose; a transpose, a collapse_shape and a
// slice), bit for bit on MLIR's CPU execution, in every layout: padded with
// the outer dims permuted, inner tiles in the other order, one tiled dim of
// three, integers, an unpack that drops the padding, and a pack whose
// unpack feeds an elementwise op. Before ukernel-decompose-pack, a pack
// failed to compile ("op was not bufferized"). Ours is one kernel per
// relayout.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir-opt %s --transform-preload-library=transform-library-paths=%S/Inputs/lower_pack_unpack.transform.mlir --transform-interpreter -o %t/upstream.mlir
// RUN: ukc compile %s --arch sm_90a --no-cubin --reference -o %t/ours.pkg | FileCheck %s --check-prefix=OURS
// RUN: ukc compile %t/upstream.mlir --arch sm_90a --no-cubin --reference -o %t/upstream.pkg > /dev/null
// RUN: diff -r %t/ours.pkg.ref %t/upstream.pkg.ref && echo identical | FileCheck %s
// OURS: wrote {{.*}}: 8 kernel(s)
// OURS: reference outputs (MLIR on the CPU) of 7 function(s)
// CHECK: identical
module {
  func.func @pack_padded_outer_perm(%x: tensor<60x130xf32>) -> tensor<17x8x8x8xf32> {
    %e = tensor.empty() : tensor<17x8x8x8xf32>
    %pad = arith.constant 0.5 : f32
    %r = linalg.pack %x padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<60x130xf32> -> tensor<17x8x8x8xf32>
    return %r : tensor<17x8x8x8xf32>
  }
  func.func @pack_inner_swapped(%x: tensor<64x48xbf16>) -> tensor<8x3x16x8xbf16> {
    %e = tensor.empty() : tensor<8x3x16x8xbf16>
    %r = linalg.pack %x inner_dims_pos = [1, 0] inner_tiles = [16, 8] into %e : tensor<64x48xbf16> -> tensor<8x3x16x8xbf16>
    return %r : tensor<8x3x16x8xbf16>
  }
  func.func @pack_one_dim_3d(%x: tensor<4x30x16xf16>) -> tensor<4x8x16x4xf16> {
    %e = tensor.empty() : tensor<4x8x16x4xf16>
    %pad = arith.constant -2.0 : f16
    %r = linalg.pack %x padding_value(%pad : f16) inner_dims_pos = [1] inner_tiles = [4] into %e : tensor<4x30x16xf16> -> tensor<4x8x16x4xf16>
    return %r : tensor<4x8x16x4xf16>
  }
  func.func @pack_i32(%x: tensor<32x32xi32>) -> tensor<2x4x16x8xi32> {
    %e = tensor.empty() : tensor<2x4x16x8xi32>
    %r = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [16, 8] into %e : tensor<32x32xi32> -> tensor<2x4x16x8xi32>
    return %r : tensor<2x4x16x8xi32>
  }
  func.func @unpack_sliced_outer_perm(%x: tensor<17x8x8x8xf32>) -> tensor<60x130xf32> {
    %e = tensor.empty() : tensor<60x130xf32>
    %r = linalg.unpack %x outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<17x8x8x8xf32> -> tensor<60x130xf32>
    return %r : tensor<60x130xf32>
  }
  func.func @unpack_inner_swapped(%x: tensor<8x3x16x8xbf16>) -> tensor<64x48xbf16> {
    %e = tensor.empty() : tensor<64x48xbf16>
    %r = linalg.unpack %x inner_dims_pos = [1, 0] inner_tiles = [16, 8] into %e : tensor<8x3x16x8xbf16> -> tensor<64x48xbf16>
    return %r : tensor<64x48xbf16>
  }
  func.func @pack_then_unpack_add(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %e = tensor.empty() : tensor<8x4x8x16xf32>
    %p = linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %e : tensor<64x64xf32> -> tensor<8x4x8x16xf32>
    %d = tensor.empty() : tensor<64x64xf32>
    %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %d : tensor<8x4x8x16xf32> -> tensor<64x64xf32>
    %o = tensor.empty() : tensor<64x64xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%u, %x : tensor<64x64xf32>, tensor<64x64xf32>) outs(%o : tensor<64x64xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    } -> tensor<64x64xf32>
    return %s : tensor<64x64xf32>
  }
}
