// A dispatch returning one tensor twice (and an argument twice) gets a copy
// for each repeat (ukernel-distinct-results), so each result is a buffer of
// its own: bufferization returned one allocation twice and upstream's
// buffer-results-to-out-params crashed on it (a SIGSEGV of ukc). Both
// results are out-parameters (written by one kernel: the copy runs over the
// same points), and the CPU reference is computed for the function.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.dump/1.configured.mlir
// CHECK: reference outputs (MLIR on the CPU) of 2 function(s)
// CHECK: same_twice: ukernel none
// CHECK: argument_twice: ukernel none
// IR-LABEL: func.func @same_twice(%arg0: memref<32xf32>, %arg1: memref<32xf32>, %arg2: memref<32xf32>)
// IR: linalg.map { math.absf } ins(%arg0 : memref<32xf32>) outs(%arg1 : memref<32xf32>)
// IR: linalg.generic {{.*}} ins(%arg1 : memref<32xf32>) outs(%arg2 : memref<32xf32>)
// The argument returned as it is stays the argument (a result written in
// place); its repeat is a copy into an out-parameter.
// IR-LABEL: func.func @argument_twice(%arg0: memref<8xf32>, %arg1: memref<8xf32>)
// IR: linalg.generic {{.*}} ins(%arg0 : memref<8xf32>) outs(%arg1 : memref<8xf32>)
module {
  func.func @same_twice(%a: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
    %e = tensor.empty() : tensor<32xf32>
    %r = linalg.map { math.absf } ins(%a : tensor<32xf32>) outs(%e : tensor<32xf32>)
    return %r, %r : tensor<32xf32>, tensor<32xf32>
  }
  func.func @argument_twice(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    return %a, %a : tensor<8xf32>, tensor<8xf32>
  }
}
