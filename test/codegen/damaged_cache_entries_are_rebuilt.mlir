// A damaged compile-cache entry (truncated, emptied, or bytes that are not
// an entry) is a miss: the module is compiled again, the entry rewritten,
// and the package is byte for byte the one a cold compile writes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env UKC_CACHE_DIR=%t/cache ukc compile %s --arch sm_90 --no-cubin -o %t/cold.pkg > /dev/null
// RUN: ls %t/cache | wc -l | FileCheck %s --check-prefix=ONE
// RUN: bash -c 'f=$(ls %t/cache/*); head -c 20 "$f" > %t/cut && cp %t/cut "$f"'
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90 --no-cubin -o %t/truncated.pkg 2>&1 | FileCheck %s --check-prefix=REBUILT
// RUN: cmp %t/cold.pkg %t/truncated.pkg
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90 --no-cubin -o %t/warm.pkg 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: bash -c 'for f in %t/cache/*; do : > "$f"; done'
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90 --no-cubin -o %t/emptied.pkg 2>&1 | FileCheck %s --check-prefix=REBUILT
// RUN: bash -c 'for f in %t/cache/*; do printf "not a cache entry at all, but long enough to be read as one" > "$f"; done'
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90 --no-cubin -o %t/garbage.pkg 2>&1 | FileCheck %s --check-prefix=REBUILT
// RUN: cmp %t/cold.pkg %t/emptied.pkg
// RUN: cmp %t/cold.pkg %t/garbage.pkg
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90 --no-cubin -o %t/warm2.pkg 2>&1 | FileCheck %s --check-prefix=HIT

// ONE: 1
// REBUILT-NOT: from the compile cache
// REBUILT: module emitted kernel="scale" arch=sm_90
// HIT: module from the compile cache kernel="scale" arch=sm_90
// HIT-NOT: module emitted
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
}
