// Matmuls of bf16 (f16) outputs accumulate as the IR says by default: every
// partial sum rounded to 16 bits, on the default path. `--matmul-accumulation
// f32` (module attribute ukernel.matmul_accumulation = "f32") makes them sum
// in f32 on the matmul ukernels and round once, the truncation fused into
// the store; the remark names the option. The MLIR reference follows the
// chosen semantics (`ukc-run run` checks each on a GPU).
// RUN: ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=IR
// RUN: ukc compile %s --arch sm_90a --no-cubin -o %t.ir.pkg | FileCheck %s --check-prefix=IRPKG
// RUN: ukc explain %s --arch sm_90a --matmul-accumulation f32 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: ukc compile %s --arch sm_90a --no-cubin --matmul-accumulation f32 -o %t.pkg --reference | FileCheck %s
// RUN: not ukc compile %s --matmul-accumulation f16 -o %t.bad.pkg 2>&1 | FileCheck %s --check-prefix=BAD
// IR: the output type is bf16; the ukernels accumulate and write f32 (`ukc --matmul-accumulation f32`
// IRPKG: projection_bf16: ukernel none
// IRPKG: batch_accumulate_f16: ukernel none
// REMARK: remark: ukernel: accumulates in f32 and rounds to bf16 once (ukernel.matmul_accumulation = "f32"); the IR's linalg.matmul rounds every partial sum to bf16
// REMARK: remark: ukernel: accumulates in f32 and rounds to f16 once
// CHECK: reference outputs (MLIR on the CPU) of 2 function(s)
// CHECK-DAG: projection_bf16: ukernel uk_matmul_wgmma_narrow_bf16_nk
// CHECK-DAG: batch_accumulate_f16__k1: ukernel uk_matmul_skinny_wide_f16_kn
// BAD: error: invalid value 'f16' for '--matmul-accumulation
module {
  func.func @projection_bf16(%x: tensor<256x512xbf16>, %w: tensor<384x512xbf16>) -> tensor<256x384xbf16> {
    %zero = arith.constant 0.0 : bf16
    %e = tensor.empty() : tensor<256x384xbf16>
    %f = linalg.fill ins(%zero : bf16) outs(%e : tensor<256x384xbf16>) -> tensor<256x384xbf16>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<256x512xbf16>, tensor<384x512xbf16>) outs(%f : tensor<256x384xbf16>) -> tensor<256x384xbf16>
    return %y : tensor<256x384xbf16>
  }
  func.func @batch_accumulate_f16(%a: tensor<64x16x128xf16>, %b: tensor<64x128x1024xf16>, %c: tensor<64x16x1024xf16>) -> tensor<64x16x1024xf16> {
    %y = linalg.batch_matmul ins(%a, %b : tensor<64x16x128xf16>, tensor<64x128x1024xf16>) outs(%c : tensor<64x16x1024xf16>) -> tensor<64x16x1024xf16>
    return %y : tensor<64x16x1024xf16>
  }
}
