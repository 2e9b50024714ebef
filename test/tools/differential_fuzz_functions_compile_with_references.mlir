// ukc-fuzz's differential mode writes small valid linalg functions (several
// roots, fills shared between matmuls, transposes, elementwise chains, row
// sums broadcast back); each compiles, with ukernels and without, and gets
// reference outputs from upstream MLIR on the CPU. On a GPU machine,
// `ukc-run run` compares each kernel with them (bench/results/2026-12-06-oracle).
// With --long-rows the rows are 256 to 4096 elements: their row sums run in
// two stages (ukernel-two-stage-reductions) and still get references.
// REQUIRES: libdevice
// RUN: ukc-fuzz --linalg-functions 40 --seed 7 --write %t.mlir
// RUN: ukc compile %t.mlir --arch sm_90a --no-cubin -o %t.pkg --reference | FileCheck %s
// RUN: ukc compile %t.mlir --arch sm_80 --ukernels none --no-cubin -o %t.none.pkg --reference | FileCheck %s
// RUN: ukc-fuzz --linalg-functions 3 --seed 7 | FileCheck %s --check-prefix=TEXT
// RUN: ukc-fuzz --linalg-functions 20 --seed 7 --long-rows --write %t.long.mlir
// RUN: ukernel-opt %t.long.mlir --ukernel-fuse-elementwise --ukernel-two-stage-reductions | FileCheck %s --check-prefix=LONG
// RUN: ukc compile %t.long.mlir --arch sm_90a --no-cubin -o %t.long.pkg --reference | FileCheck %s --check-prefix=LONGREF

// CHECK: wrote {{.*}}: {{[0-9]+}} kernel(s)
// CHECK: reference outputs (MLIR on the CPU) of 40 function(s)
// CHECK-NOT: no reference

// LONG: tensor.expand_shape
// LONGREF: reference outputs (MLIR on the CPU) of 20 function(s)
// LONGREF-NOT: no reference

// TEXT: module {
// TEXT: func.func @f0(
// TEXT: func.func @f1(
// TEXT: func.func @f2(
// TEXT-NOT: func.func
