// ukernel-record-dim-classes: a dynamic dim that a linalg op indexes with
// the same loop as a static dim (a `?x768` input summed into an `8`-row
// output, read through the reshape that splits its 768) can only have that
// size: ukernel.pinned_dims records 8 for it, the package requires it and
// the reference run generates it. Run at the default dynamic size (1000
// rows), the CPU reference overran the 8-element output and corrupted the
// heap (`free(): invalid next size`). Dims of no static partner stay -1.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-record-dim-classes)' %s | FileCheck %s
// RUN: ukc compile %s --arch sm_90a --no-cubin --reference -o %t.pkg | FileCheck %s --check-prefix=REF

// CHECK-LABEL: func.func @pinned_through_a_reshape
// CHECK-SAME: ukernel.dim_classes = {{\[\[}}0, -1], [-1], [-1]]
// CHECK-SAME: ukernel.pinned_dims = {{\[\[}}8, -1], [-1], [-1]]
// CHECK-LABEL: func.func @free
// CHECK-SAME: ukernel.pinned_dims = {{\[\[}}-1, -1], [-1, -1]]
// REF: reference outputs (MLIR on the CPU) of 2 function(s)
func.func @pinned_through_a_reshape(%x: memref<?x768xbf16>, %w: memref<768xbf16>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %x, %c0 : memref<?x768xbf16>
  %e = memref.expand_shape %x [[0], [1, 2]] output_shape [%d, 48, 16] : memref<?x768xbf16> into memref<?x48x16xbf16>
  %we = memref.expand_shape %w [[0, 1]] output_shape [48, 16] : memref<768xbf16> into memref<48x16xbf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%e, %we : memref<?x48x16xbf16>, memref<48x16xbf16>) outs(%out : memref<8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %o: f32):
    %p = arith.mulf %a, %b : bf16
    %f = arith.extf %p : bf16 to f32
    %s = arith.addf %o, %f : f32
    linalg.yield %s : f32
  }
  return
}

func.func @free(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  return
}
