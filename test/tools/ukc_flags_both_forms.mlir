// ukc and ukc-run take --flag=value and --flag value alike, and reject
// unknown flags with a non-zero exit.
// RUN: ukc explain %s --ukernels=none | FileCheck %s --check-prefix=NONE
// RUN: ukc explain %s --ukernels none | FileCheck %s --check-prefix=NONE
// RUN: ukc explain %s --arch=sm_90 | FileCheck %s --check-prefix=ALL
// RUN: bash -c 'ukc explain %s --no-such-flag; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: bash -c 'ukc-run info %s --no-such-flag; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: bash -c 'ukc-run run --repeat=two x.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=BADVALUE

// NONE: no ukernel: argmax matched, but disabled by ukernels = "none"
// ALL: selected uk_argmax_ogt_f32i64 (bitcode for sm_90)
// UNKNOWN: error: unexpected argument '--no-such-flag'
// UNKNOWN: exit code 2
// BADVALUE: error: invalid value 'two' for '--repeat <REPEAT>'
// BADVALUE: exit code 2
func.func @argmax(%in: tensor<2x1000xf32>) -> tensor<2xi64> {
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<2xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
  %ev = tensor.empty() : tensor<2xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<2x1000xf32>) outs(%fv, %fi : tensor<2xf32>, tensor<2xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %m = arith.maximumf %a, %b : f32
    %p = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %p, %ii, %c : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<2xf32>, tensor<2xi64>)
  return %r#1 : tensor<2xi64>
}
