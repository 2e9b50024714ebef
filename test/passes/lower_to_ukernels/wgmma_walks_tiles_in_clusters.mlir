// The wgmma ukernel walks tiles in clusters: its configuration records how
// many workgroups walk (one per SM of the target, 132 on sm_90a, in whole
// clusters; fewer where there are fewer tiles: here the narrow variant's
// 32, twice as many as 128 x 256 tiles would give), the dispatch launches that
// many along y and passes each its index and the count in place of a tile,
// and the call carries the cluster shape (`ukernel-split-kernels` moves it
// to the kernel that holds the call, codegen writes `.reqnctapercluster`). With a dynamic M the walkers are the SM count.
// RUN: ukernel-opt --split-input-file --ukernel-explain --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' \
// RUN:   --mlir-elide-resource-strings-if-larger=1 %s | FileCheck %s

// CHECK-LABEL: func.func @prefill
// CHECK-NOT: ukernel.cluster
// CHECK: %[[W:.*]] = arith.constant 132 : index
// CHECK: scf.parallel (%{{.*}}, %[[Y:.*]]) = ({{.*}}) to (%{{.*}}, %[[W]])
// CHECK: %[[I:.*]] = arith.index_cast %[[Y]] : index to i32
// CHECK: %[[N:.*]] = arith.constant 132 : i32
// CHECK: func.call @uk_matmul_wgmma_bf16_nk({{.*}}, %[[I]], %[[N]], %{{.*}}) {ukernel.cluster = array<i32: 1, 2, 1>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @prefill(%a: memref<2048x4096xbf16>, %b: memref<4096x4096xbf16>, %c: memref<2048x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<2048x4096xf32>)
    // expected-remark@+1 {{128 x 256 tiles, workgroups of 384 threads, K whole, 132 workgroups walking 256 tiles (2 rounds) in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<2048x4096xbf16>, memref<4096x4096xbf16>) outs(%c : memref<2048x4096xf32>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @few_tiles
// CHECK: %[[W:.*]] = arith.constant 32 : index
// CHECK: scf.parallel (%{{.*}}, %[[Y:.*]]) = ({{.*}}) to (%{{.*}}, %[[W]])
// CHECK: %[[I:.*]] = arith.index_cast %[[Y]] : index to i32
// CHECK: %[[N:.*]] = arith.constant 32 : i32
// CHECK: func.call @uk_matmul_wgmma_narrow_bf16_nk({{.*}}, %[[I]], %[[N]], %{{.*}}) {ukernel.cluster = array<i32: 1, 2, 1>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @few_tiles(%a: memref<300x129xbf16>, %b: memref<1000x129xbf16>, %c: memref<300x1000xf32>) {
    // expected-remark@+1 {{128 x 128 tiles, workgroups of 384 threads, K whole, 32 workgroups walking 32 tiles (1 round) in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<300x129xbf16>, memref<1000x129xbf16>) outs(%c : memref<300x1000xf32>)
    return
  }
}

// -----

// CHECK-LABEL: func.func @dynamic_m
// CHECK: %[[W:.*]] = arith.constant 132 : index
// CHECK: scf.parallel (%{{.*}}, %[[Y:.*]]) = ({{.*}}) to (%{{.*}}, %[[W]])
// CHECK: func.call @uk_matmul_wgmma_bf16_nk({{.*}}ukernel.cluster = array<i32: 1, 2, 1>
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all"}>} {
  func.func @dynamic_m(%a: memref<?x4096xbf16>, %b: memref<4096x4096xbf16>, %c: memref<?x4096xf32>) {
    // expected-remark@+1 {{132 workgroups walking the tiles in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<?x4096xbf16>, memref<4096x4096xbf16>) outs(%c : memref<?x4096xf32>)
    return
  }
}

// -----

// A target of 115 SMs gets 114 walkers: whole clusters. 512 tiles are 4
// rounds and 56, at most half a round: that last round is walked in halves.
// CHECK-LABEL: func.func @smaller_part
// CHECK: %[[W:.*]] = arith.constant 114 : index
// CHECK: scf.parallel (%{{.*}}, %[[Y:.*]]) = ({{.*}}) to (%{{.*}}, %[[W]])
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90a", ukernels = "all", sm_count = 115 : i64}>} {
  func.func @smaller_part(%a: memref<4096x4096xbf16>, %b: memref<4096x4096xbf16>, %c: memref<4096x4096xf32>) {
    // expected-remark@+1 {{114 workgroups walking 512 tiles (5 rounds, the last of half-width tiles) in clusters of 2 along M sharing B;}}
    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<4096x4096xbf16>, memref<4096x4096xbf16>) outs(%c : memref<4096x4096xf32>)
    return
  }
}
