// A module that carries a transform script beside its functions (for
// mlir-opt's --transform-interpreter) compiles with its CPU reference: the
// script computes nothing at run time, so the package and the reference are
// made of the functions alone. Before, the compile failed in LLVM
// translation ("missing LLVMTranslationDialectInterface ... for op:
// transform.named_sequence"), and with more functions the reference run
// crashed (SIGSEGV).
// RUN: ukc compile %s --arch sm_90a --no-cubin --reference -o %t.pkg | FileCheck %s
// CHECK: wrote {{.*}}: 1 kernel(s)
// CHECK: reference outputs (MLIR on the CPU) of 1 function(s)
module attributes {transform.with_named_sequence} {
  func.func @scale(%x: tensor<64xf32>) -> tensor<64xf32> {
    %e = tensor.empty() : tensor<64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.addf %a, %a : f32
      linalg.yield %t : f32
    } -> tensor<64xf32>
    return %r : tensor<64xf32>
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
