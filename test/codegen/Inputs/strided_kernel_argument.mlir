func.func @f(%x: memref<4x4xf32, strided<[1, 4]>>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0, %c0] : memref<4x4xf32, strided<[1, 4]>>
  memref.store %v, %x[%c0, %c0] : memref<4x4xf32, strided<[1, 4]>>
  return
}
