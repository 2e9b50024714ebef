// An argument or result whose elements a package cannot carry (complex
// numbers here) is an error at its function, naming the argument and the
// types that are carried, and nothing is written. Before, the compile went
// through codegen and failed when writing the package, without a location.
// Tensors of index are carried as 64-bit integers (their width in the
// kernels and in the CPU reference).
// RUN: rm -f %t.pkg
// RUN: not ukc compile %s --arch sm_90a --no-cubin -o %t.pkg 2>&1 | FileCheck %s
// RUN: not test -e %t.pkg
// CHECK: element_types_packages_cannot_carry_are_located_errors.mlir:[[@LINE+2]]:1: error: ukernel: argument 0 of @complex_add has elements of type complex<f32>, which packages do not carry (they carry f64, f32, f16, bf16, f8E4M3FN, f8E5M2, i64, i32, i16, i8, i1 and index)
// CHECK: error: ukernel: result 0 of @complex_add has elements of type complex<f32>
func.func @complex_add(%x: tensor<8xcomplex<f32>>, %y: tensor<8xf32>) -> tensor<8xcomplex<f32>> {
  %e = tensor.empty() : tensor<8xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xcomplex<f32>>, tensor<8xf32>) outs(%e : tensor<8xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %b: f32, %o: complex<f32>):
    %z = arith.constant 0.0 : f32
    %c = complex.create %b, %z : complex<f32>
    %s = complex.add %a, %c : complex<f32>
    linalg.yield %s : complex<f32>
  } -> tensor<8xcomplex<f32>>
  return %r : tensor<8xcomplex<f32>>
}
