// ukernel-asserts-trap on what convert-to-llvm makes of cf.assert (a call
// of `puts` with the message's address, then of `abort`): the message goes
// to CUDA's vprintf and abort becomes a trap; the C library's declarations
// go. A message with a `%` is not printed (vprintf would read it as a
// format); its trap stays. On a GPU `puts` does not exist: the PTX of
// torch-mlir's embedding lookup (an index guarded by cf.assert) did not
// load ("Unresolved extern function 'puts'").
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-asserts-trap)' %s | FileCheck %s
// RUN: ukc compile %S/../../realir/f_embedding.mlir --arch sm_90a --no-cubin --dump-dir %t.d -o %t.pkg > /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.d/7.kernels.sm_90a.ptx

// CHECK-NOT: llvm.func @puts
// CHECK-NOT: llvm.func @abort
// CHECK: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @k
// CHECK: %[[A:.*]] = llvm.mlir.addressof @plain
// CHECK: %[[G:.*]] = llvm.getelementptr %[[A]][0]
// CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @vprintf(%[[G]], %[[Z]])
// CHECK-NEXT: llvm.intr.trap
// CHECK: llvm.mlir.addressof @percent
// CHECK-NOT: vprintf
// CHECK: llvm.intr.trap
// CHECK-NOT: puts
// PTX: .extern .func  (.param .b32 func_retval0) vprintf
// PTX-NOT: puts
// PTX: trap;
module {
  llvm.mlir.global private constant @plain(dense<[105, 0]> : tensor<2xi8>) {addr_space = 0 : i32} : !llvm.array<2 x i8>
  llvm.mlir.global private constant @percent(dense<[37, 100, 0]> : tensor<3xi8>) {addr_space = 0 : i32} : !llvm.array<3 x i8>
  llvm.func @abort()
  llvm.func @puts(!llvm.ptr)
  llvm.func @k(%c: i1, %d: i1) {
    llvm.cond_br %c, ^ok, ^fail
  ^fail:
    %a = llvm.mlir.addressof @plain : !llvm.ptr
    %g = llvm.getelementptr %a[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i8>
    llvm.call @puts(%g) : (!llvm.ptr) -> ()
    llvm.call @abort() : () -> ()
    llvm.unreachable
  ^ok:
    llvm.cond_br %d, ^done, ^fail2
  ^fail2:
    %b = llvm.mlir.addressof @percent : !llvm.ptr
    %h = llvm.getelementptr %b[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i8>
    llvm.call @puts(%h) : (!llvm.ptr) -> ()
    llvm.call @abort() : () -> ()
    llvm.unreachable
  ^done:
    llvm.return
  }
}
