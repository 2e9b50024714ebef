// 8-bit float (FP8) matmuls on the wgmma ukernel (sm_90a): f8E4M3FN or
// f8E5M2 inputs (both the same type), B as N x K, products summed in f32 (the
// ukernel adds each 128-deep stage's wgmma sum into f32 accumulators, as
// the IR's f32 addition asks). Forms: a contraction generic, a named
// linalg.matmul with M and N not whole tiles, per-row and per-column scales
// and per-tensor (0-d) ones rounded to bf16 (the store fusion point), rows of
// 1000 bytes (not 16-byte multiples: the ukernel loads them itself instead
// of by TMA), and C += A x B over a long K. The tensor cores keep fewer
// bits than f32 while they sum 8-bit products (on an H100 the f32 outputs
// were off MLIR's f32 sums by up to 4e-4 of the value), so by default the
// rules keep FP8 IR, which asks for f32 sums, on the default path and say
// why; `--fp8-sums tensor-core` lets them take the ukernel, and the
// reference check then allows one rounding to 2^-11 per result. `ukc-run
// run` checks the package against upstream MLIR's CPU execution
// (`--reference`; the inputs are every finite byte pattern at random). For
// sm_90 (no wgmma) every one takes the default path.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t/rules.pkg | FileCheck %s --check-prefix=RULES
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=WHY
// RUN: ukc compile %s --arch sm_90a --no-cubin --fp8-sums tensor-core -o %t/fp8.pkg --reference | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOLERANCE < %t/fp8.pkg.ref/manifest.txt
// RUN: ukc explain %s --arch sm_90a --fp8-sums tensor-core 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ukc compile %s --arch sm_90 --no-cubin --fp8-sums tensor-core -o %t/sm90.pkg | FileCheck %s --check-prefix=SM90
// RULES-COUNT-6: ukernel none
// WHY: uk_matmul_wgmma_narrow_f8e4m3fn_nk fits, but the rules do not choose it (registry parameter rules_choose = 0{{.*}}`ukc --fp8-sums tensor-core` lets the rules choose it
// TOLERANCE: kernel e4m3_nk_256x512x1024 seed {{[0-9]+}} dynamic_size 1000 tolerance 1.95{{[0-9]*}}e-3
// REMARK: selected uk_matmul_wgmma_narrow_f8e4m3fn_nk {{.*}}; FP8 products summed on tensor cores, with fewer bits than f32 (ukernel.fp8_sums = "tensor-core")
// CHECK: reference outputs (MLIR on the CPU) of 6 function(s)
// CHECK-DAG: e4m3_nk_256x512x1024: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_nk
// CHECK-DAG: named_e4m3_200x320x384: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_nk
// CHECK-DAG: e5m2_scaled_bf16_256x384x2048: ukernel uk_matmul_wgmma_narrow_f8e5m2_nk
// CHECK-DAG: e4m3_unaligned_rows_130x200x1000: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_nk
// CHECK-DAG: e4m3_accumulate_128x256x8192: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_nk
// CHECK-DAG: e4m3_tensor_scaled_bf16_192x256x512: ukernel uk_matmul_wgmma_narrow_f8e4m3fn_nk
// SM90-COUNT-6: ukernel none
module {
  func.func @e4m3_nk_256x512x1024(%a: tensor<256x1024xf8E4M3FN>, %b: tensor<512x1024xf8E4M3FN>) -> tensor<256x512xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x512xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<256x1024xf8E4M3FN>, tensor<512x1024xf8E4M3FN>) outs(%f : tensor<256x512xf32>) {
    ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %acc: f32):
      %xf = arith.extf %x : f8E4M3FN to f32
      %yf = arith.extf %y : f8E4M3FN to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<256x512xf32>
    return %r : tensor<256x512xf32>
  }
  func.func @named_e4m3_200x320x384(%a: tensor<200x384xf8E4M3FN>, %b: tensor<320x384xf8E4M3FN>) -> tensor<200x320xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<200x320xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<200x320xf32>) -> tensor<200x320xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<200x384xf8E4M3FN>, tensor<320x384xf8E4M3FN>) outs(%f : tensor<200x320xf32>) -> tensor<200x320xf32>
    return %r : tensor<200x320xf32>
  }
  func.func @e5m2_scaled_bf16_256x384x2048(%a: tensor<256x2048xf8E5M2>, %b: tensor<384x2048xf8E5M2>, %sa: tensor<256xf32>, %sb: tensor<384xf32>) -> tensor<256x384xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x384xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<256x2048xf8E5M2>, tensor<384x2048xf8E5M2>) outs(%f : tensor<256x384xf32>) {
    ^bb0(%x: f8E5M2, %y: f8E5M2, %acc: f32):
      %xf = arith.extf %x : f8E5M2 to f32
      %yf = arith.extf %y : f8E5M2 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<256x384xf32>
    %o = tensor.empty() : tensor<256x384xbf16>
    %scaled = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<256x384xf32>, tensor<256xf32>, tensor<384xf32>) outs(%o : tensor<256x384xbf16>) {
    ^bb0(%c: f32, %s: f32, %t: f32, %out: bf16):
      %u = arith.mulf %c, %s : f32
      %v = arith.mulf %u, %t : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<256x384xbf16>
    return %scaled : tensor<256x384xbf16>
  }
  func.func @e4m3_unaligned_rows_130x200x1000(%a: tensor<130x1000xf8E4M3FN>, %b: tensor<200x1000xf8E4M3FN>) -> tensor<130x200xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<130x200xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<130x200xf32>) -> tensor<130x200xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<130x1000xf8E4M3FN>, tensor<200x1000xf8E4M3FN>) outs(%f : tensor<130x200xf32>) -> tensor<130x200xf32>
    return %r : tensor<130x200xf32>
  }
  func.func @e4m3_accumulate_128x256x8192(%a: tensor<128x8192xf8E4M3FN>, %b: tensor<256x8192xf8E4M3FN>, %c: tensor<128x256xf32>) -> tensor<128x256xf32> {
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<128x8192xf8E4M3FN>, tensor<256x8192xf8E4M3FN>) outs(%c : tensor<128x256xf32>) -> tensor<128x256xf32>
    return %r : tensor<128x256xf32>
  }
  func.func @e4m3_tensor_scaled_bf16_192x256x512(%a: tensor<192x512xf8E4M3FN>, %b: tensor<256x512xf8E4M3FN>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<192x256xbf16> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<192x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<192x256xf32>) -> tensor<192x256xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<192x512xf8E4M3FN>, tensor<256x512xf8E4M3FN>) outs(%f : tensor<192x256xf32>) -> tensor<192x256xf32>
    %o = tensor.empty() : tensor<192x256xbf16>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%r, %sa, %sb : tensor<192x256xf32>, tensor<f32>, tensor<f32>) outs(%o : tensor<192x256xbf16>) {
    ^bb0(%c: f32, %x: f32, %y: f32, %out: bf16):
      %u = arith.mulf %c, %x : f32
      %v = arith.mulf %u, %y : f32
      %w = arith.truncf %v : f32 to bf16
      linalg.yield %w : bf16
    } -> tensor<192x256xbf16>
    return %s : tensor<192x256xbf16>
  }
}
