// ukernel-decompose-pack on its own: a linalg.pack becomes one parallel
// generic over the packed destination that extracts each element from the
// source at (outer index) * tile + (index in the tile), the outer dims read
// through outer_dims_perm. A tiled dim the tile does not divide is
// bounds-tested (the padding value where past the end) and clamped, so no
// read leaves the source; a dim it divides is neither. An unpack reads the
// packed source at (index / tile, index % tile).
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-decompose-pack)' %s | FileCheck %s

// CHECK-LABEL: func.func @pack_padded
// CHECK-NOT: linalg.pack
// CHECK-DAG: %[[PAD:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C60:.*]] = arith.constant 60 : index
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%{{.*}} : tensor<16x8x8x8xf32>)
// CHECK: %[[O0:.*]] = linalg.index 0
// CHECK: %[[O1:.*]] = linalg.index 1
// CHECK: %[[I0:.*]] = linalg.index 2
// CHECK: %[[I1:.*]] = linalg.index 3
// CHECK: %[[S:.*]] = arith.muli %[[O1]], %[[C8]]
// CHECK: %[[R:.*]] = arith.addi %[[S]], %[[I0]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[R]], %[[C60]]
// CHECK: %[[CL:.*]] = arith.minui %[[R]]
// CHECK: %[[S2:.*]] = arith.muli %[[O0]]
// CHECK: %[[C:.*]] = arith.addi %[[S2]], %[[I1]]
// CHECK-NOT: arith.cmpi
// CHECK: %[[V:.*]] = tensor.extract %arg0[%[[CL]], %[[C]]]
// CHECK: %[[Y:.*]] = arith.select %[[IN]], %[[V]], %[[PAD]]
// CHECK: linalg.yield %[[Y]]
func.func @pack_padded(%x: tensor<60x128xf32>) -> tensor<16x8x8x8xf32> {
  %e = tensor.empty() : tensor<16x8x8x8xf32>
  %pad = arith.constant 0.5 : f32
  %r = linalg.pack %x padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<60x128xf32> -> tensor<16x8x8x8xf32>
  return %r : tensor<16x8x8x8xf32>
}

// A dynamic source dim is read with tensor.dim for the bounds test.
// CHECK-LABEL: func.func @pack_dynamic
// CHECK: %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x16xf32>
// CHECK: linalg.generic
// CHECK: arith.cmpi ult, %{{.*}}, %[[D]]
func.func @pack_dynamic(%x: tensor<?x16xf32>, %e: tensor<?x16x4xf32>) -> tensor<?x16x4xf32> {
  %pad = arith.constant 0.0 : f32
  %r = linalg.pack %x padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<?x16xf32> -> tensor<?x16x4xf32>
  return %r : tensor<?x16x4xf32>
}

// CHECK-LABEL: func.func @unpack
// CHECK-NOT: linalg.unpack
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<60x128xf32>)
// CHECK: %[[X0:.*]] = linalg.index 0
// CHECK: %[[X1:.*]] = linalg.index 1
// CHECK: %[[Q0:.*]] = arith.divui %[[X0]]
// CHECK: %[[R0:.*]] = arith.remui %[[X0]]
// CHECK: %[[Q1:.*]] = arith.divui %[[X1]]
// CHECK: %[[R1:.*]] = arith.remui %[[X1]]
// CHECK: tensor.extract %arg0[%[[Q1]], %[[Q0]], %[[R0]], %[[R1]]] : tensor<16x8x8x8xf32>
func.func @unpack(%x: tensor<16x8x8x8xf32>) -> tensor<60x128xf32> {
  %e = tensor.empty() : tensor<60x128xf32>
  %r = linalg.unpack %x outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<16x8x8x8xf32> -> tensor<60x128xf32>
  return %r : tensor<60x128xf32>
}
