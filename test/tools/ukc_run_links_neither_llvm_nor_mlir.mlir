// The runtime-only runner is what GPU machines without LLVM 22 run: its
// binary needs neither libLLVM nor libMLIR, and exports no MLIR or LLVM
// symbol (no static copy of either).
// RUN: bash -c 'ldd "$(command -v ukc-run)"' | FileCheck %s
// RUN: bash -c 'nm -D --defined-only "$(command -v ukc-run)" | grep -c "mlir\|LLVM" || true' | FileCheck %s --check-prefix=SYMBOLS
// CHECK-NOT: libMLIR
// CHECK-NOT: libLLVM
// CHECK: libc.so
// CHECK-NOT: libMLIR
// CHECK-NOT: libLLVM
// SYMBOLS: {{^0$}}
