// An allocation that cannot leave its branch (its size is computed inside
// it) would be a device `malloc` by every thread at every launch, never
// freed: a located error instead of a kernel that runs out of device heap.
// RUN: not ukc compile %s --arch sm_90a --no-cubin -o %t.pkg 2>&1 | FileCheck %s
// RUN: not test -e %t.pkg
// CHECK: :[[@LINE+2]]:3: error: ukernel: an allocation inside a region (a branch or loop that makes a new tensor) is not supported
module {
  func.func @grow_if(%x: tensor<?xf32>, %flag: i1) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %r = scf.if %flag -> tensor<?xf32> {
      %d = tensor.dim %x, %c0 : tensor<?xf32>
      %two = arith.constant 2 : index
      %n = arith.muli %d, %two : index
      %e = tensor.empty(%n) : tensor<?xf32>
      %one = arith.constant 1.0 : f32
      %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
      scf.yield %f : tensor<?xf32>
    } else {
      scf.yield %x : tensor<?xf32>
    }
    return %r : tensor<?xf32>
  }
}
