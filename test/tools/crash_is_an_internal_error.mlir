// A crash of the compile work (here made to abort on entering a stage) is
// contained: one located line naming the tool, the signal and the stage,
// exit code 3, no output file; never a signal of the tool itself.
// RUN: rm -f %t.pkg %t.out.mlir
// RUN: bash -c 'UKC_DEBUG_CRASH_IN=kernels ukc compile %s -o %t.pkg; echo "exit code $?"; test -e %t.pkg && echo package written || echo no package' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=UKC
// RUN: bash -c 'UKC_DEBUG_CRASH_IN=parse ukernel-opt %s -o %t.out.mlir; echo "exit code $?"; test -e %t.out.mlir && echo output written || echo no output' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OPT
// RUN: bash -c 'cat %s | UKC_DEBUG_CRASH_IN=parse ukc compile - -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=STDIN

// UKC: [[FILE]]: error: internal compiler error: ukc crashed (SIGABRT, an abort) in the kernels stage; nothing was written
// UKC-NEXT: exit code 3
// UKC-NEXT: no package
// OPT: [[FILE]]: error: internal compiler error: ukernel-opt crashed (SIGABRT, an abort) in the parse stage; nothing was written
// OPT-NEXT: exit code 3
// OPT-NEXT: no output
// STDIN: <stdin>: error: internal compiler error: ukc crashed (SIGABRT, an abort) in the parse stage
// STDIN-NEXT: exit code 3
module {
  func.func @f(%x: memref<4xf32>) {
    return
  }
}
