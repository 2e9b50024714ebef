// ukernel-gpu-distribute on its own: a call left after inlining is a call
// to a function declared without a body, which no kernel can run: a located
// error that names the callee (before: "'func.call' writes memory and has
// results").
// RUN: ukernel-opt --verify-diagnostics --pass-pipeline='builtin.module(ukernel-gpu-distribute)' %s

module {
  func.func private @external(memref<64xf32>) -> f32
  // expected-error @below {{ukernel: the dispatch calls @external, which has no body in the module (a declaration): a dispatch may call only functions it defines, which are inlined}}
  func.func @calls_external(%a: memref<64xf32>, %b: memref<f32>) attributes {ukernel.access = ["read", "write"], ukernel.dim_classes = [[-1], []]} {
    %x = func.call @external(%a) : (memref<64xf32>) -> f32
    memref.store %x, %b[] : memref<f32>
    return
  }
}
