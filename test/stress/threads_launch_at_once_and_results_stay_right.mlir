// 16 threads, a stream each, launch every function of Inputs/mixed.mlir (a
// matmul ukernel with a fused bias, an argmax ukernel, a default-path branch
// with a temporary) at once for 10 s on one GPU: every check against MLIR's
// CPU results passes, and the figures of device memory and RSS over the run
// are printed (flat when nothing leaks per launch). On a machine without a
// GPU lit reports it unsupported.
// REQUIRES: gpu
// RUN: ukc compile %S/Inputs/mixed.mlir --reference -o %t.pkg > /dev/null 2>&1
// RUN: ukc-run stress %t.pkg --threads 16 --seconds 10 | FileCheck %s
// CHECK: stress: 16 threads, a stream each, 3 functions
// CHECK: launches: {{[0-9]+}} ({{[0-9]+}} per second), checks: {{[0-9]+}}, mismatches: 0
// CHECK: memory over {{[0-9]+}} samples
