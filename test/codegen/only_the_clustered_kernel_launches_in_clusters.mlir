// A dispatch split into kernels launches in clusters only the kernel that
// holds the clustered ukernel (wgmma, clusters of 2 along M): the
// default-path kernel beside it is launched in plain workgroups, whatever
// its grid. Before, the cluster shape sat on the dispatch and reached every
// kernel split from it; a default-path grid of odd size then failed to
// launch (CUDA_ERROR_INVALID_CLUSTER_SIZE).
// REQUIRES: libdevice
// RUN: rm -rf %t && ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --dump-dir %t | FileCheck %s --check-prefix=KERNELS
// RUN: FileCheck %s --input-file=%t/7.kernels.sm_90a.ptx

// KERNELS: proj__k0: ukernel uk_matmul_wgmma
// KERNELS: proj__k1: ukernel none

// CHECK: .entry proj__k0(
// CHECK: .reqnctapercluster 1, 2, 1
// CHECK: .entry proj__k1(
// CHECK-NOT: .reqnctapercluster
module {
  func.func @proj(%x: tensor<512x768xbf16>, %w: tensor<3072x768xbf16>, %v: tensor<77xf32>) -> (tensor<512x3072xf32>, tensor<77xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<512x3072xf32>
    %c = linalg.fill ins(%zero : f32) outs(%e : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %w : tensor<512x768xbf16>, tensor<3072x768xbf16>) outs(%c : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %e2 = tensor.empty() : tensor<77xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v : tensor<77xf32>) outs(%e2 : tensor<77xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.exp %a : f32
      linalg.yield %t : f32
    } -> tensor<77xf32>
    return %y, %s : tensor<512x3072xf32>, tensor<77xf32>
  }
}
