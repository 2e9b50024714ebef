// The IR torch-mlir emits for real blocks (test/realir, unedited) compiles
// for sm_90a, with ukernels and without, and upstream MLIR runs every one
// of its functions on the CPU (`--reference`): the reference outputs that
// `ukc-run run` compares the GPU's with (bench/results/2026-12-06-oracle).
// REQUIRES: libdevice
// RUN: ukc compile %S/../realir/a_llama_mlp.mlir --arch sm_90a --no-cubin -o %t.a.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/b_gpt2_mlp.mlir --arch sm_90a --no-cubin -o %t.b.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/c_lm_head_argmax.mlir --arch sm_90a --no-cubin -o %t.c.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/d_rmsnorm_qkv.mlir --arch sm_90a --no-cubin -o %t.d.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/e_mm.mlir --arch sm_90a --no-cubin -o %t.e.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/e_mm.mlir --arch sm_90a --ukernels none --no-cubin -o %t.e0.pkg --reference | FileCheck %s
// RUN: ukc compile %S/../realir/e_bmm.mlir --arch sm_90a --no-cubin -o %t.f.pkg --reference | FileCheck %s
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.c.pkg.ref/manifest.txt
// RUN: FileCheck %s --check-prefix=MANIFEST-D < %t.d.pkg.ref/manifest.txt

// CHECK: reference outputs (MLIR on the CPU) of 1 function(s) in {{.*}}.pkg.ref
// CHECK-NOT: no reference

// The LM head's argmax writes its index (i64) and its max value; bf16 in
// the function makes the tolerance 8 * 2^-8 plus the K = 4096 f32 sum's.
// MANIFEST: ukernel-reference 2
// MANIFEST-NEXT: kernel c_lm_head_argmax seed {{[0-9]+}} dynamic_size 1000 tolerance 3.1{{[0-9]*}}e-2
// MANIFEST: output {{[0-9]+}} i64 2 c_lm_head_argmax.arg{{[0-9]+}}.bin

// RMSNorm + q/k/v: three outputs.
// MANIFEST-D: kernel d_rmsnorm_qkv
// MANIFEST-D-NEXT: output 5 bf16 1x4096
// MANIFEST-D-NEXT: output 6 bf16 1x4096
// MANIFEST-D-NEXT: output 7 bf16 1x4096
