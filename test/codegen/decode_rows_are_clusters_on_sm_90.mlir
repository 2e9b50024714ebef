// From sm_90 a split decode row runs as one thread-block cluster: the
// kernel declares its cluster dims (`.reqnctapercluster`, so a plain launch
// runs the grid as clusters), its 8 parts of 1024 threads meet in
// distributed shared memory (mapa, barrier.cluster) and no scratch global
// is made. When the lowest arch is sm_80 the same dispatch combines its
// parts through global scratch, and its sm_90 code declares no cluster.
// RUN: rm -rf %t.90 %t.80 && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.90.pkg --dump-dir %t.90
// RUN: FileCheck %s --check-prefix=CLUSTER < %t.90/7.kernels.sm_90.ptx
// RUN: FileCheck %s --check-prefix=KERNEL < %t.90/3.kernels.mlir
// RUN: ukc compile %s --arch sm_80,sm_90 --no-cubin --no-cache -o %t.80.pkg --dump-dir %t.80
// RUN: FileCheck %s --check-prefix=SCRATCH < %t.80/7.kernels.sm_90.ptx

// CLUSTER-NOT: __ukernel_scratch
// CLUSTER: .entry next_token(
// CLUSTER: .maxntid 1024, 1, 1
// CLUSTER: .reqnctapercluster 1, 8, 1
// CLUSTER: barrier.cluster.arrive
// CLUSTER: barrier.cluster.wait
// CLUSTER: mapa.u64

// KERNEL: func.func @next_token
// KERNEL-SAME: ukernel.block = [1024, 1, 1]
// KERNEL-SAME: ukernel.cluster = [1, 8, 1]
// KERNEL-SAME: ukernel.grid = ["1", "8", "1"]

// SCRATCH: __ukernel_scratch_0
// SCRATCH: .entry next_token(
// SCRATCH-NOT: .reqnctapercluster
// SCRATCH: atom.global.add
module {
  func.func @next_token(%x: tensor<1x128256xbf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
