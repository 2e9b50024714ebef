// A branch that makes a new tensor (`scf.if` yielding a negf's result or the
// argument): bufferization allocates inside the branch, and
// `buffer-hoisting` moves the allocation to the dispatch's entry, where it
// becomes a temporary the runtime passes. Left inside the branch it was a
// device `malloc` by every thread at every launch, never freed: on an H100
// the kernel wrote through a null pointer after about 16 launches.
// RUN: rm -rf %t && ukc compile %s --arch sm_90a --no-cubin -o %t.pkg --dump-dir %t > /dev/null
// RUN: FileCheck %s < %t/3.kernels.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t/4.llvm.mlir
// CHECK-LABEL: func.func @negate_if(
// CHECK-SAME: ukernel.temporaries = [3], ukernel.temporary_sizes = {{\[\["512"\]\]}}
// CHECK-NOT: memref.alloc
// CHECK: scf.if
// LLVM-NOT: malloc
module {
  func.func @negate_if(%x: tensor<512xf32>, %flag: i1) -> tensor<512xf32> {
    %r = scf.if %flag -> tensor<512xf32> {
      %e = tensor.empty() : tensor<512xf32>
      %n = linalg.negf ins(%x : tensor<512xf32>) outs(%e : tensor<512xf32>) -> tensor<512xf32>
      scf.yield %n : tensor<512xf32>
    } else {
      scf.yield %x : tensor<512xf32>
    }
    return %r : tensor<512xf32>
  }
}
