// Every math op upstream lowers for NVVM, in f32, f16 and bf16, one
// elementwise dispatch each over 4096 elements (named math_<op>_<type>):
// the transcendental ones become libdevice calls (f16/bf16 widened to f32
// and rounded back), the exact ones (absf, sqrt, fma, floor, ceil, trunc,
// roundeven, copysign) NVPTX instructions. Compiled for sm_80 and sm_90 with
// cubins. On a GPU: `ukc-run run PKG --save DIR` then
// `python3 bench/math_check.py DIR` compares every kernel with torch.
// REQUIRES: libdevice, ptxas
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.pkg | FileCheck %s
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin -o %t.ptx.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=PTX-ONLY
// RUN: FileCheck %s --check-prefix=LIBDEVICE < %t.dump/4.llvm.mlir
// RUN: FileCheck %s --check-prefix=LINKED < %t.dump/6.linked.sm_90.ll

// CHECK: wrote {{.*}}: 105 kernel(s), PTX for sm_80, sm_90; cubin for sm_80, sm_90
// CHECK: sm_80: linked libdevice.10.bc
// CHECK: sm_90: linked libdevice.10.bc
// INFO: math_tanh_f32: PTX for 8.0, 9.0; cubin for 8.0, 9.0; block
// INFO: math_erf_bf16: PTX for 8.0, 9.0; cubin for 8.0, 9.0; block
// PTX-ONLY: wrote {{.*}}: 105 kernel(s), PTX for sm_90{{$}}

// The 16-bit forms call the f32 function between an extension and a
// truncation; f32 calls it directly; exact ops stay intrinsics.
// LIBDEVICE-DAG: llvm.func @__nv_tanhf(f32) -> f32
// LIBDEVICE-DAG: llvm.func @__nv_erff(f32) -> f32
// LIBDEVICE-DAG: llvm.func @__nv_powif(f32, i32) -> f32
// LIBDEVICE-DAG: llvm.func @__nv_atan2f(f32, f32) -> f32
// LIBDEVICE-DAG: llvm.intr.sqrt
// LIBDEVICE-DAG: llvm.intr.fma
// LIBDEVICE-DAG: llvm.intr.roundeven
// LIBDEVICE-LABEL: llvm.func @math_tanh_bf16(
// LIBDEVICE: llvm.fpext {{.*}} : bf16 to f32
// LIBDEVICE-NEXT: llvm.call @__nv_tanhf
// LIBDEVICE-NEXT: llvm.fptrunc {{.*}} : f32 to bf16

// After linking and O3 nothing is left to call: every libdevice function
// is inlined and its __nvvm_reflect queries answered.
// LINKED-NOT: call {{.*}}@__nv_
// LINKED-NOT: __nvvm_reflect
// LINKED: define ptx_kernel void @math_absf_f32(
module {
  func.func @math_absf_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.absf %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_acos_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.acos %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_acosh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.acosh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_asin_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.asin %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_asinh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.asinh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_atan_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.atan %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_atanh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.atanh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_cbrt_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.cbrt %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_ceil_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.ceil %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_cos_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.cos %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_cosh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.cosh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_erf_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.erf %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_erfc_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.erfc %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_exp_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.exp %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_exp2_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.exp2 %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_expm1_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.expm1 %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_floor_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.floor %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_log_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.log %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_log10_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.log10 %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_log1p_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.log1p %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_log2_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.log2 %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_round_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.round %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_roundeven_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.roundeven %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_rsqrt_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.rsqrt %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_sin_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.sin %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_sinh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.sinh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_sqrt_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.sqrt %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_tan_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.tan %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_tanh_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.tanh %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_trunc_f32(%a: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %o: f32):
      %y = math.trunc %aa : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_atan2_f32(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %bb: f32, %o: f32):
      %y = math.atan2 %aa, %bb : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_powf_f32(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %bb: f32, %o: f32):
      %y = math.powf %aa, %bb : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_copysign_f32(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %bb: f32, %o: f32):
      %y = math.copysign %aa, %bb : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_fma_f32(%a: tensor<4096xf32>, %b: tensor<4096xf32>, %c: tensor<4096xf32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b, %c : tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %bb: f32, %cc: f32, %o: f32):
      %y = math.fma %aa, %bb, %cc : f32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_fpowi_f32(%a: tensor<4096xf32>, %b: tensor<4096xi32>) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf32>, tensor<4096xi32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%aa: f32, %bb: i32, %o: f32):
      %y = math.fpowi %aa, %bb : f32, i32
      linalg.yield %y : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @math_absf_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.absf %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_acos_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.acos %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_acosh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.acosh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_asin_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.asin %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_asinh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.asinh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_atan_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.atan %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_atanh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.atanh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_cbrt_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.cbrt %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_ceil_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.ceil %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_cos_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.cos %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_cosh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.cosh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_erf_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.erf %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_erfc_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.erfc %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_exp_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.exp %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_exp2_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.exp2 %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_expm1_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.expm1 %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_floor_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.floor %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_log_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.log %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_log10_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.log10 %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_log1p_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.log1p %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_log2_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.log2 %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_round_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.round %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_roundeven_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.roundeven %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_rsqrt_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.rsqrt %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_sin_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.sin %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_sinh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.sinh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_sqrt_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.sqrt %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_tan_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.tan %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_tanh_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.tanh %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_trunc_f16(%a: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %o: f16):
      %y = math.trunc %aa : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_atan2_f16(%a: tensor<4096xf16>, %b: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf16>, tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %bb: f16, %o: f16):
      %y = math.atan2 %aa, %bb : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_powf_f16(%a: tensor<4096xf16>, %b: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf16>, tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %bb: f16, %o: f16):
      %y = math.powf %aa, %bb : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_copysign_f16(%a: tensor<4096xf16>, %b: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf16>, tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %bb: f16, %o: f16):
      %y = math.copysign %aa, %bb : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_fma_f16(%a: tensor<4096xf16>, %b: tensor<4096xf16>, %c: tensor<4096xf16>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b, %c : tensor<4096xf16>, tensor<4096xf16>, tensor<4096xf16>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %bb: f16, %cc: f16, %o: f16):
      %y = math.fma %aa, %bb, %cc : f16
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_fpowi_f16(%a: tensor<4096xf16>, %b: tensor<4096xi32>) -> tensor<4096xf16> {
    %e = tensor.empty() : tensor<4096xf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xf16>, tensor<4096xi32>) outs(%e : tensor<4096xf16>) {
    ^bb0(%aa: f16, %bb: i32, %o: f16):
      %y = math.fpowi %aa, %bb : f16, i32
      linalg.yield %y : f16
    } -> tensor<4096xf16>
    return %r : tensor<4096xf16>
  }
  func.func @math_absf_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.absf %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_acos_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.acos %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_acosh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.acosh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_asin_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.asin %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_asinh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.asinh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_atan_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.atan %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_atanh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.atanh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_cbrt_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.cbrt %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_ceil_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.ceil %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_cos_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.cos %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_cosh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.cosh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_erf_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.erf %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_erfc_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.erfc %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_exp_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.exp %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_exp2_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.exp2 %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_expm1_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.expm1 %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_floor_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.floor %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_log_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.log %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_log10_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.log10 %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_log1p_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.log1p %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_log2_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.log2 %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_round_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.round %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_roundeven_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.roundeven %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_rsqrt_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.rsqrt %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_sin_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.sin %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_sinh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.sinh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_sqrt_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.sqrt %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_tan_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.tan %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_tanh_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.tanh %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_trunc_bf16(%a: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a : tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %o: bf16):
      %y = math.trunc %aa : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_atan2_bf16(%a: tensor<4096xbf16>, %b: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xbf16>, tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %bb: bf16, %o: bf16):
      %y = math.atan2 %aa, %bb : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_powf_bf16(%a: tensor<4096xbf16>, %b: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xbf16>, tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %bb: bf16, %o: bf16):
      %y = math.powf %aa, %bb : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_copysign_bf16(%a: tensor<4096xbf16>, %b: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xbf16>, tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %bb: bf16, %o: bf16):
      %y = math.copysign %aa, %bb : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_fma_bf16(%a: tensor<4096xbf16>, %b: tensor<4096xbf16>, %c: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b, %c : tensor<4096xbf16>, tensor<4096xbf16>, tensor<4096xbf16>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %bb: bf16, %cc: bf16, %o: bf16):
      %y = math.fma %aa, %bb, %cc : bf16
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
  func.func @math_fpowi_bf16(%a: tensor<4096xbf16>, %b: tensor<4096xi32>) -> tensor<4096xbf16> {
    %e = tensor.empty() : tensor<4096xbf16>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4096xbf16>, tensor<4096xi32>) outs(%e : tensor<4096xbf16>) {
    ^bb0(%aa: bf16, %bb: i32, %o: bf16):
      %y = math.fpowi %aa, %bb : bf16, i32
      linalg.yield %y : bf16
    } -> tensor<4096xbf16>
    return %r : tensor<4096xbf16>
  }
}
