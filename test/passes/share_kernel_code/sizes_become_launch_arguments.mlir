// ukernel-share-kernel-code on its own: two argmax kernels that differ only
// in constants (the row length, the scratch bytes) and in the size of
// their scratch globals become one: the first takes the differing
// constants as trailing parameters, its scratch global grows to the larger
// size, the second is erased, and the first's table gives each kernel's
// values. A constant equal in both (the split count) stays a constant; a
// GEP into the scratch global whose array type names the length does not
// keep them apart.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-share-kernel-code)' %s 2>&1 | FileCheck %s

// CHECK: remark: kernel shares the code of @d0: 2 sizes become launch arguments
// CHECK: llvm.mlir.global private @__ukernel_scratch_0(dense<0> : tensor<544xi8>)
// CHECK-SAME: !llvm.array<544 x i8>
// CHECK-NOT: @__ukernel_scratch_1
// CHECK: llvm.func @d0(%{{.*}}: !llvm.ptr, %[[LEN:.*]]: i64, %[[BYTES:.*]]: i64)
// CHECK-SAME: ukernel.shared_code = {d0 = [32000, 272], d1 = [32005, 544]}
// CHECK: %[[SPLITS:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.getelementptr %{{.*}}[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<544 x i8>
// CHECK: llvm.call @uk_argmax_probe(%{{.*}}, %[[LEN]], %{{.*}}, %[[BYTES]], %[[SPLITS]])
// CHECK-NOT: llvm.func @d1

module {
  llvm.mlir.global private @__ukernel_scratch_0(dense<0> : tensor<272xi8>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<272 x i8>
  llvm.mlir.global private @__ukernel_scratch_1(dense<0> : tensor<544xi8>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<544 x i8>
  llvm.func @uk_argmax_probe(!llvm.ptr, i64, !llvm.ptr, i64, i32)
  llvm.func @d0(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(32000 : i64) : i64
    %1 = llvm.mlir.constant(272 : index) : i64
    %2 = llvm.mlir.constant(16 : i32) : i32
    %3 = llvm.mlir.addressof @__ukernel_scratch_0 : !llvm.ptr
    %4 = llvm.getelementptr %3[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<272 x i8>
    llvm.call @uk_argmax_probe(%arg0, %0, %4, %1, %2) : (!llvm.ptr, i64, !llvm.ptr, i64, i32) -> ()
    llvm.return
  }
  llvm.func @d1(%arg0: !llvm.ptr) attributes {nvvm.kernel, ukernel.reference = {family = "argmax"}} {
    %0 = llvm.mlir.constant(32005 : i64) : i64
    %1 = llvm.mlir.constant(544 : index) : i64
    %2 = llvm.mlir.constant(16 : i32) : i32
    %3 = llvm.mlir.addressof @__ukernel_scratch_1 : !llvm.ptr
    %4 = llvm.getelementptr %3[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<544 x i8>
    llvm.call @uk_argmax_probe(%arg0, %0, %4, %1, %2) : (!llvm.ptr, i64, !llvm.ptr, i64, i32) -> ()
    llvm.return
  }
}
