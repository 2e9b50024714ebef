// Family-specific targets (PTX ISA 8.8): `sm_100f` and `sm_120f` parse,
// select per arch with their limits (sm_120f: 99 KiB of shared memory, the
// small tile), emit PTX `.target sm_100f` / `sm_120f` at `.version 8.8`,
// and the package marks those images family-specific (`10.0f`: the loader
// gives them to 10.x and 12.x devices of a minor not below theirs). Two
// forms of one capability, or a family form of an arch without one, are
// usage errors that write nothing.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc compile %S/../realir/e_mm.mlir --arch sm_80,sm_90a,sm_100f,sm_120f --no-cubin -o %t/f.pkg --dump-dir %t/dump | FileCheck %s
// RUN: ukc-run info %t/f.pkg | FileCheck %s --check-prefix=INFO
// RUN: cat %t/dump/sm_120f/7.kernels.sm_120f.ptx | FileCheck %s --check-prefix=PTX
// RUN: not ukc compile %S/../realir/e_mm.mlir --arch sm_100,sm_100f -o %t/two.pkg 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not ukc compile %S/../realir/e_mm.mlir --arch sm_90f -o %t/two.pkg 2>&1 | FileCheck %s --check-prefix=NOFAMILY
// RUN: not ls %t/two.pkg

// CHECK: wrote {{.*}}f.pkg: 3 kernel(s), PTX for sm_80, sm_90a, sm_100f, sm_120f
// CHECK-DAG: e_mm: ukernel uk_matmul_tile_bf16_kn (for sm_80,sm_100f)
// CHECK-DAG: e_mm: ukernel uk_matmul_wgmma_narrow_bf16_kn (for sm_90a)
// CHECK-DAG: e_mm: ukernel uk_matmul_tile_small_bf16_kn (for sm_120f)
// INFO-DAG: PTX for 8.0, 10.0f;
// INFO-DAG: PTX for 9.0a;
// INFO-DAG: PTX for 12.0f;
// PTX: .version 8.8
// PTX-NEXT: .target sm_120f
// TWO: ukc: error: --arch: sm_100 and sm_100f are two forms of one capability
// NOFAMILY: ukc: error: --arch: 'sm_90f': sm_90 has no family-specific form
