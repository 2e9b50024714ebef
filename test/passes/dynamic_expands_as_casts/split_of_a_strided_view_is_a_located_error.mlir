// ukernel-dynamic-expands-as-casts: an expand into several dynamic dims of
// a strided view has no contiguous reinterpretation; it is an error at the
// op rather than the crash of upstream's expand-strided-metadata.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-dynamic-expands-as-casts)' %s --verify-diagnostics


func.func @strided(%x: memref<?xf32, strided<[2]>>, %a: index, %b: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{a memref.expand_shape into several dynamic dims of a strided view is not supported}}
  %e = memref.expand_shape %x [[0, 1]] output_shape [%a, %b] : memref<?xf32, strided<[2]>> into memref<?x?xf32, strided<[?, 2]>>
  %v = memref.load %e[%c0, %c0] : memref<?x?xf32, strided<[?, 2]>>
  return %v : f32
}
