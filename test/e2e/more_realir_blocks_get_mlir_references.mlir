// More blocks exported by test/realir/export.py (the `f_` cases: attention
// by SDPA, by hand and by einsum, layer norm, residual + RMSNorm, rotary
// embedding, embedding lookup, a 3-D SwiGLU, tanh GELU, log-softmax, conv2d,
// f16 and f32 linears, sampling with a temperature and a soft-cap, mean
// pooling, baddbmm, a masked sum), unedited: each compiles for sm_90a and
// upstream MLIR runs it on the CPU (`--reference`), which `ukc-run run`
// compares the GPU's results with. cumsum and topk come out of torch-mlir as
// tm_tensor ops, which are not upstream MLIR: a located error.
// REQUIRES: libdevice
// RUN: rm -rf %t && mkdir -p %t
// RUN: bash -c 'for f in %S/../realir/f_*.mlir; do n=$(basename $f .mlir); case $n in f_cumsum|f_topk) continue;; esac; \
// RUN:   ukc compile $f --arch sm_90a --no-cubin -o %t/$n.pkg --reference | grep -c "reference outputs (MLIR on the CPU) of 1 function" | sed "s/^/$n: /"; done' | FileCheck %s
// RUN: ukc compile %S/../realir/f_mlp_3d.mlir --arch sm_90a --no-cubin -o %t/m.pkg | FileCheck %s --check-prefix=MLP3D
// RUN: not ukc compile %S/../realir/f_cumsum.mlir --arch sm_90a --no-cubin -o %t/c.pkg 2>&1 | FileCheck %s --check-prefix=TM
// RUN: not ukc compile %S/../realir/f_topk.mlir --arch sm_90a --no-cubin -o %t/t.pkg 2>&1 | FileCheck %s --check-prefix=TM
// CHECK: f_baddbmm: 1
// CHECK: f_conv2d: 1
// CHECK: f_einsum: 1
// CHECK: f_embedding: 1
// CHECK: f_gelu_tanh: 1
// CHECK: f_layernorm: 1
// CHECK: f_linear_f16: 1
// CHECK: f_linear_f32: 1
// CHECK: f_log_softmax: 1
// CHECK: f_manual_attn: 1
// CHECK: f_mean_pool: 1
// CHECK: f_mlp_3d: 1
// CHECK: f_residual_rms: 1
// CHECK: f_rotary: 1
// CHECK: f_sampling_temp: 1
// CHECK: f_sdpa_causal: 1
// CHECK: f_sdpa_decode: 1
// CHECK: f_softcap_argmax: 1
// CHECK: f_where_sum: 1
// TM: {{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}}: error: Dialect `tm_tensor' not found for custom op
// The 3-D SwiGLU: three kernels, each a matmul ukernel, the activations
// fused into the second's store, the result written in place (no copy).
// MLP3D: wrote {{.*}}: 3 kernel(s)
// MLP3D-COUNT-3: ukernel uk_matmul_wgmma_narrow_bf16_nk
