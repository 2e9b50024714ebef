// ukernel-share-kernel-code leaves kernels that could share but must not:
// a family that specializes on sizes (matmul) keeps a kernel per shape,
// with a remark where the sizes differ (none for a kernel identical to
// another); kernels whose sizes differ where a constant is needed
// (an alloca's count) are different code; kernels that reach one scratch
// global (state one passes to the other) stay apart.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-share-kernel-code)' %s --split-input-file 2>&1 | FileCheck %s

// CHECK: remark: kernel keeps its own code: it differs from @mm0 only in sizes, but family 'matmul' specializes its kernels on them
// CHECK-NOT: remark
// CHECK: llvm.func @mm0(%{{.*}}: !llvm.ptr)
// CHECK-NOT: ukernel.shared_code
// CHECK: llvm.func @mm1(%{{.*}}: !llvm.ptr)
// CHECK: llvm.func @mm2(%{{.*}}: !llvm.ptr)
module {
  llvm.func @uk_matmul_probe(!llvm.ptr, i64)
  llvm.func @mm0(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "matmul"}} {
    %0 = llvm.mlir.constant(4096 : i64) : i64
    llvm.call @uk_matmul_probe(%arg0, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @mm1(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "matmul"}} {
    %0 = llvm.mlir.constant(8192 : i64) : i64
    llvm.call @uk_matmul_probe(%arg0, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
  // The same as @mm0 (another layer): no remark, target-nvptx emits it once.
  llvm.func @mm2(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "matmul"}} {
    %0 = llvm.mlir.constant(4096 : i64) : i64
    llvm.call @uk_matmul_probe(%arg0, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
}

// -----

// CHECK-NOT: remark
// CHECK: llvm.func @a0(
// CHECK-NOT: ukernel.shared_code
// CHECK: llvm.alloca %{{.*}} x i32
// CHECK: llvm.func @a1(
module {
  llvm.func @uk_argmax_probe(!llvm.ptr, i64)
  llvm.func @a0(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(4 : i64) : i64
    %1 = llvm.alloca %0 x i32 : (i64) -> !llvm.ptr
    llvm.call @uk_argmax_probe(%1, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @a1(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(8 : i64) : i64
    %1 = llvm.alloca %0 x i32 : (i64) -> !llvm.ptr
    llvm.call @uk_argmax_probe(%1, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
}

// -----

// CHECK-NOT: remark
// CHECK: llvm.func @s0(
// CHECK-NOT: ukernel.shared_code
// CHECK: llvm.func @s1(
module {
  llvm.mlir.global private @__ukernel_scratch_0(dense<0> : tensor<64xi8>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<64 x i8>
  llvm.func @uk_argmax_probe(!llvm.ptr, i64)
  llvm.func @s0(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(4 : i64) : i64
    %1 = llvm.mlir.addressof @__ukernel_scratch_0 : !llvm.ptr
    llvm.call @uk_argmax_probe(%1, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
  llvm.func @s1(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(8 : i64) : i64
    %1 = llvm.mlir.addressof @__ukernel_scratch_0 : !llvm.ptr
    llvm.call @uk_argmax_probe(%1, %0) : (!llvm.ptr, i64) -> ()
    llvm.return
  }
}
