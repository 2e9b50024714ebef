// A package for several arches selects per arch: arches whose selections
// agree are compiled together (PTX per arch, as one kernel), the others
// apart, each group a variant of the function under the same name, with
// its own ukernel, launch and images; the loader picks the variant per
// device (runtime test each_device_gets_the_variant_compiled_for_it).
// Before: the lowest arch decided for all, so a package for sm_80,sm_90a
// ran the Ampere tile on Hopper, and sm_86 / sm_120 got a tile that needs
// more shared memory than they have.
// RUN: ukc compile %s --arch sm_80,sm_86,sm_90a,sm_120 --no-cubin -o %t.pkg | FileCheck %s
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// RUN: ukc compile %s --arch sm_80,sm_90 --no-cubin -o %t.same.pkg | FileCheck %s --check-prefix=SAME
// RUN: ukc explain %s --arch sm_80,sm_86,sm_90a --summary | FileCheck %s --check-prefix=EXPLAIN

// CHECK: wrote {{.*}}: 3 kernel(s), PTX for sm_80, sm_86, sm_90a, sm_120
// CHECK-DAG: linear: ukernel uk_matmul_tile_bf16_nk (for sm_80)
// CHECK-DAG: linear: ukernel uk_matmul_tile_small_bf16_nk (for sm_86,sm_120)
// CHECK-DAG: linear: ukernel uk_matmul_wgmma_bf16_nk (for sm_90a)
// INFO-DAG: linear: PTX for 8.0; block [256, 1, 1]; dynamic shared memory 147504; 21 args; variant for sm_80
// INFO-DAG: linear: PTX for 8.6, 12.0; block [128, 1, 1]; dynamic shared memory 98352; 21 args; variant for sm_86,sm_120
// INFO-DAG: linear: PTX for 9.0a; block [384, 1, 1]; {{.*}}; variant for sm_90a

// ukc explain gives each arch's decisions.
// EXPLAIN: // sm_80
// EXPLAIN-NEXT: 1 dispatch(es), 1 root(s): 1 on ukernels, 0 on the default path
// EXPLAIN-NEXT: uk_matmul_tile_bf16_nk: 1
// EXPLAIN-NEXT: // sm_86
// EXPLAIN: uk_matmul_tile_small_bf16_nk: 1
// EXPLAIN-NEXT: // sm_90a
// EXPLAIN: uk_matmul_wgmma_bf16_nk: 1

// Arches that agree stay one kernel with PTX for each.
// SAME: wrote {{.*}}: 1 kernel(s), PTX for sm_80, sm_90
// SAME-NEXT: linear: ukernel uk_matmul_tile_bf16_nk{{$}}
module {
  func.func @linear(%x: tensor<4096x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %y : tensor<4096x4096xf32>
  }
}
