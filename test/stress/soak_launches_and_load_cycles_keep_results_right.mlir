// 200000 launches of the functions of Inputs/mixed.mlir in one process (a
// line of device memory, RSS and open descriptors every 50000), then 100
// loads and drops of the package on a runtime of its own: the results
// match MLIR's CPU results before, after and every tenth cycle. The
// branch's temporary once was a device malloc per launch, which failed
// after about 16 launches. On a machine without a GPU lit reports it
// unsupported.
// REQUIRES: gpu
// RUN: ukc compile %S/Inputs/mixed.mlir --reference -o %t.pkg > /dev/null 2>&1
// RUN: ukc-run soak %t.pkg --launches 200000 --report-every 50000 --load-cycles 100 | FileCheck %s
// CHECK: launches 50000: {{.*}} device free {{.*}} MiB, RSS {{.*}} MiB, open descriptors {{[0-9]+}}
// CHECK: launches 200000:
// CHECK: load cycles 100:
// CHECK: mismatches: 0
