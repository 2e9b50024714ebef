// An unnamed top-level op (a constructor list) and what it refers to, for
// one_module_per_kernel.mlir: copied into every module.
module {
  llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]
  llvm.func @init() {
    llvm.return
  }
  func.func @a(%x: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    memref.store %one, %x[%c0] : memref<4xf32>
    return
  }
  func.func @b(%x: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 2.0 : f32
    memref.store %one, %x[%c0] : memref<4xf32>
    return
  }
}
