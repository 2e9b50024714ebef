// A disk that fills up: writing the package (or the IR) fails with the
// system's error and exit 1, the previous package stays as it was and no
// temporary is left beside it; the compile cache filling up is no error
// (it is best effort), and the entries written before it filled give the
// same package as a compile without the cache.
// REQUIRES: tmpfs
// A run that failed half-way left its mount: unmounted first.
// RUN: bash -c 'umount %t/disk 2>/dev/null; rm -rf %t'
// RUN: mkdir -p %t/disk && mount -t tmpfs -o size=64k tmpfs %t/disk
// RUN: echo old > %t/disk/p.pkg
// RUN: bash -c 'ukc compile %S/../e2e/argmax_dispatches.mlir --arch sm_90 --no-cubin --no-cache -o %t/disk/p.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=PACKAGE
// RUN: cat %t/disk/p.pkg | FileCheck %s --check-prefix=OLD
// RUN: ls -a %t/disk | FileCheck %s --check-prefix=LEFT
// RUN: bash -c 'ukernel-opt %S/../e2e/argmax_dispatches.mlir --mlir-print-debuginfo -o %t/disk/p.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=IR
// RUN: cat %t/disk/p.pkg | FileCheck %s --check-prefix=OLD
// RUN: rm %t/disk/p.pkg && mkdir %t/disk/cache
// RUN: env UKC_CACHE_DIR=%t/disk/cache ukc compile %S/../e2e/argmax_dispatches.mlir --arch sm_80,sm_90 --no-cubin -o %t/cached.pkg
// RUN: env UKC_CACHE_DIR=%t/disk/cache ukc compile %S/../e2e/argmax_dispatches.mlir --arch sm_80,sm_90 --no-cubin -o %t/cached2.pkg
// RUN: ukc compile %S/../e2e/argmax_dispatches.mlir --arch sm_80,sm_90 --no-cubin --no-cache -o %t/cold.pkg
// RUN: cmp %t/cached.pkg %t/cold.pkg
// RUN: cmp %t/cached2.pkg %t/cold.pkg
// RUN: umount %t/disk
// PACKAGE: p.pkg: error: cannot write package: No space left on device
// PACKAGE: exit code 1
// OLD: old
// LEFT: .
// LEFT-NEXT: ..
// LEFT-NEXT: p.pkg
// LEFT-EMPTY:
// IR: No space left on device
// IR: exit code 1
