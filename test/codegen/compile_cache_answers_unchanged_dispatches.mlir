// ukc's compile cache: a second compile of unchanged dispatches takes each
// kernel's PTX (and cubin) per arch from the cache and writes the same
// package; a changed dispatch (only that one), another arch or --no-cache
// compiles again.
// RUN: rm -rf %t.cache
// RUN: env UKC_CACHE_DIR=%t.cache ukc compile %s --arch sm_80,sm_90 -o %t.1.pkg --timing 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env UKC_CACHE_DIR=%t.cache ukc compile %s --arch sm_80,sm_90 -o %t.2.pkg --timing 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: cmp %t.1.pkg %t.2.pkg
// RUN: sed 's/2.0 : f32/3.0 : f32/' %s > %t.changed.mlir
// RUN: env UKC_CACHE_DIR=%t.cache ukc compile %t.changed.mlir --arch sm_80,sm_90,sm_100 -o %t.3.pkg --timing 2>&1 | FileCheck %s --check-prefix=CHANGED
// RUN: env UKC_CACHE_DIR=%t.cache ukc compile %s --arch sm_90 --no-cache -o %t.4.pkg --timing 2>&1 | FileCheck %s --check-prefix=NOCACHE

// COLD-NOT: compile cache
// COLD: sm_80: link, O3 and PTX of 2 modules
// COLD: sm_90: link, O3 and PTX of 2 modules
// WARM-NOT: link, O3 and PTX
// WARM: sm_80: 2 of 2 modules from the compile cache
// WARM: sm_90: 2 of 2 modules from the compile cache
// WARM-NOT: link, O3 and PTX
// CHANGED: sm_80: 1 of 2 modules from the compile cache
// CHANGED-NEXT: sm_80: link, O3 and PTX of 1 modules
// CHANGED: sm_90: 1 of 2 modules from the compile cache
// CHANGED-NEXT: sm_90: link, O3 and PTX of 1 modules
// CHANGED-NOT: sm_100: {{.*}} from the compile cache
// CHANGED: sm_100: link, O3 and PTX of 2 modules
// NOCACHE-NOT: compile cache
// NOCACHE: sm_90: link, O3 and PTX of 2 modules
module {
  func.func @scale(%x: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i] : memref<64xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %x[%i] : memref<64xf32>
    }
    return
  }

  func.func @shift(%x: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i] : memref<64xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %x[%i] : memref<64xf32>
    }
    return
  }
}
