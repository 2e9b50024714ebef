// A crash inside upstream MLIR that no precheck knows (found by ukc-fuzz:
// linalg.matmul with an indexing map without results segfaults MLIR 22's
// parser) is contained: an internal error naming the stage, exit code 3,
// nothing written; never a signal of the tool.
// RUN: rm -f %t.pkg %t.out
// RUN: bash -c 'ukc compile %S/Inputs/matmul_map_without_results.mlir -o %t.pkg; echo "exit code $?"; test -e %t.pkg && echo written || echo nothing written' 2>&1 | FileCheck %s --check-prefix=UKC
// RUN: bash -c 'ukernel-opt %S/Inputs/matmul_map_without_results.mlir -o %t.out; echo "exit code $?"; test -e %t.out && echo written || echo nothing written' 2>&1 | FileCheck %s --check-prefix=OPT
// UKC: matmul_map_without_results.mlir: error: internal compiler error: ukc crashed (SIGSEGV, a segmentation fault) in the parse stage; nothing was written
// UKC-NEXT: exit code 3
// UKC-NEXT: nothing written
// OPT: matmul_map_without_results.mlir: error: internal compiler error: ukernel-opt crashed (SIGSEGV, a segmentation fault) in the parse stage
// OPT-NEXT: exit code 3
// OPT-NEXT: nothing written
module {}
