// `ukc compile` says which GPUs the package would hand an image they
// cannot run: the sm_80 tile kernels (144 KiB of shared memory) reach 8.6,
// 8.9 and 12.x devices (portable PTX runs forward), which allow 99 KiB per
// workgroup; the runtime refuses them there. With sm_86 and sm_120 in the
// list, each of those devices gets a variant selected for it: no warning.
// The package is written either way.
// RUN: ukc compile %S/../e2e/matmul_dispatches.mlir --arch sm_80 --no-cubin -o %t.80.pkg 2>&1 >/dev/null | FileCheck %s
// RUN: ukc compile %S/../e2e/matmul_dispatches.mlir --arch sm_80,sm_86,sm_120 --no-cubin -o %t.all.pkg 2>&1 >/dev/null | FileCheck %s --check-prefix=SERVED --allow-empty
// RUN: ls %t.80.pkg %t.all.pkg

// CHECK: ukc: warning: mm_{{.*}} and {{[0-9]+}} more: the image a 8.6 device would load needs 147504 bytes of shared memory per workgroup, the device allows 101376; add --arch sm_86 to serve it
// CHECK-NEXT: ukc: warning: {{.*}} a 8.9 device {{.*}} add --arch sm_89 to serve it
// CHECK-NEXT: ukc: warning: {{.*}} a 12.0 device {{.*}} add --arch sm_120 to serve it
// CHECK-NEXT: ukc: warning: {{.*}} a 12.1 device {{.*}} add --arch sm_121 to serve it
// SERVED-NOT: warning
