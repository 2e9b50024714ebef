// A PTX error is a compile error: ptxas's message, the arch and the kernel
// whose code it is in (its module's PTX file is named after it), under the
// input's name, and no package. With --no-cubin the same PTX is written (the
// driver would reject it at load).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib --cuda-feature=+ptx80 -O3 -emit-llvm -c %S/Inputs/bad_asm_ukernel.cu -o %t/uk_argmax_ogt_f32i64.sm_80.bc
// RUN: bash -c 'ukc compile %s --arch sm_80 --object %t/uk_argmax_ogt_f32i64.sm_80.bc -o %t/out.pkg; echo "exit code $?"; ls %t/out.pkg || echo no package' 2>&1 | FileCheck %s -DFILE=%s
// RUN: ukc compile %s --arch sm_80 --object %t/uk_argmax_ogt_f32i64.sm_80.bc --no-cubin -o %t/ptx.pkg | FileCheck %s --check-prefix=PTX-ONLY

// CHECK: [[FILE]]: error: ptxas failed for sm_80 in kernel 'decode':
// CHECK: decode.ptx, line {{[0-9]+}}; error {{.*}}bogus
// CHECK: exit code 1
// CHECK: no package
// PTX-ONLY: wrote {{.*}}ptx.pkg: 1 kernel(s), PTX for sm_80{{$}}
// PTX-ONLY: decode: ukernel uk_argmax_ogt_f32i64
// PTX-ONLY: sm_80: linked uk_argmax_ogt_f32i64.sm_80.bc
module {
  func.func @decode(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
