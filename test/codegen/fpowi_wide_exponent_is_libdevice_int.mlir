// math.fpowi with an i64 exponent (what torch-mlir emits for x ** 2 and
// RMSNorm) calls libdevice's __nv_powif(float, int) with an i32: the
// exponent clamped into i32's range with its parity kept, never the i64
// passed where an int is declared (that returned 0 on the GPU). An i16
// exponent is sign-extended.
// REQUIRES: libdevice
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s < %t.dump/4.llvm.mlir
// CHECK: llvm.func @__nv_powif(f32, i32) -> f32
// CHECK-LABEL: llvm.func @square_by_i64_exponents
// CHECK: llvm.icmp "sgt"
// CHECK: llvm.icmp "slt"
// CHECK: llvm.trunc {{.*}} : i64 to i32
// CHECK: llvm.call @__nv_powif({{.*}}) : (f32, i32) -> f32
// CHECK-LABEL: llvm.func @by_i16_exponents
// CHECK: llvm.sext {{.*}} : i16 to i32
// CHECK: llvm.call @__nv_powif({{.*}}) : (f32, i32) -> f32
#map = affine_map<(d0) -> (d0)>
func.func @square_by_i64_exponents(%x: tensor<64xf32>, %n: tensor<64xi64>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%x, %n : tensor<64xf32>, tensor<64xi64>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %b: i64, %o: f32):
    %p = math.fpowi %a, %b : f32, i64
    linalg.yield %p : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @by_i16_exponents(%x: tensor<64xf32>, %n: tensor<64xi16>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%x, %n : tensor<64xf32>, tensor<64xi16>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %b: i16, %o: f32):
    %p = math.fpowi %a, %b : f32, i16
    linalg.yield %p : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
