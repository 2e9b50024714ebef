// A fused producer costs no call: the kernel inlines the ukernel, the
// address passed at its input_map fusion point is then a constant, and LLVM
// inlines the producer's function (libdevice's tanhf with it) into the
// ukernel's loop. The PTX has no indirect call and no call of the map.
// REQUIRES: libdevice
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// CHECK: softcap_argmax: ukernel uk_argmax_ogt_f32i64
// CHECK: sm_90: linked uk_argmax_ogt_f32i64.sm_90.bc, libdevice.10.bc
// PTX: .entry softcap_argmax(
// PTX-NOT: prototype
// PTX-NOT: __ukernel_input_map
// PTX-NOT: __nv_tanhf
func.func @softcap_argmax(%x: tensor<4x128256xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
  %inv = arith.constant 0.0333333351 : f32
  %cap = arith.constant 30.0 : f32
  %pe = tensor.empty() : tensor<4x128256xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x128256xf32>) outs(%pe : tensor<4x128256xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.mulf %v, %inv : f32
    %t = math.tanh %d : f32
    %c = arith.mulf %t, %cap : f32
    linalg.yield %c : f32
  } -> tensor<4x128256xf32>
  %zero = arith.constant 0 : i64
  %ninf = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<4xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
  %ev = tensor.empty() : tensor<4xf32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<4x128256xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64):
    %k = linalg.index 1 : index
    %kk = arith.index_cast %k : index to i64
    %m = arith.maximumf %a, %b : f32
    %p = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %p, %kk, %c : i64
    linalg.yield %m, %s : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
}
