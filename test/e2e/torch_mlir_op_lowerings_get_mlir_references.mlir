// Ops as torch-mlir lowers them (test/realir/g_*.mlir, the `g_` cases of
// export.py, unedited): group and batch norm, pooling, nearest upsampling,
// index_select and gather, masked softmax, tril, arange, one_hot,
// activations, var/std/amax, flip and roll, repeat and expand, chunk and
// stack, pad, a 3-D by 2-D bf16 matmul, cross-entropy, a depthwise conv1d,
// nn.MultiheadAttention, nn.TransformerEncoderLayer, f16 bmm, integer ops,
// nan_to_num, argmin, max with indices, any, bf16 silu. Each compiles for
// sm_90a and upstream MLIR runs it on the CPU (`--reference`). Before, three
// failed: the matmul (its result written into a view defined after the
// matmul that stores into it: "operand does not dominate this use"),
// cross-entropy (a scalar tail of loads and stores kept the dispatch from
// splitting into kernels: "the dispatch has ops besides its ukernel call"),
// and repeat/expand (a broadcast fused into a sum over its broadcast dim:
// "invalid indexing maps"). cumprod is a tm_tensor op: a located error.
// REQUIRES: libdevice
// RUN: rm -rf %t && mkdir -p %t
// RUN: bash -c 'for f in %S/../realir/g_*.mlir; do n=$(basename $f .mlir); [ $n = g_cumprod ] && continue; \
// RUN:   ukc compile $f --arch sm_90a --no-cubin -o %t/$n.pkg --reference | grep -c "reference outputs (MLIR on the CPU) of 1 function" | sed "s/^/$n: /"; done' | FileCheck %s
// RUN: ukc compile %S/../realir/g_matmul_bcast.mlir --arch sm_90a --no-cubin -o %t/m.pkg | FileCheck %s --check-prefix=MATMUL
// RUN: not ukc compile %S/../realir/g_cumprod.mlir --arch sm_90a --no-cubin -o %t/c.pkg 2>&1 | FileCheck %s --check-prefix=TM
// The 3-D by 2-D matmul: one kernel, the bf16 rounding fused, the result
// written in place.
// MATMUL: wrote {{.*}}: 1 kernel(s)
// MATMUL: ukernel uk_matmul_wgmma_narrow_bf16_kn
// TM: error: Dialect `tm_tensor' not found for custom op
// CHECK: g_arange: 1
// CHECK: g_argmin: 1
// CHECK: g_avgpool: 1
// CHECK: g_batchnorm_eval: 1
// CHECK: g_bool_any: 1
// CHECK: g_chunk_stack: 1
// CHECK: g_clamp_act: 1
// CHECK: g_conv1d_dw: 1
// CHECK: g_cross_entropy: 1
// CHECK: g_encoder_layer: 1
// CHECK: g_f16_bmm: 1
// CHECK: g_flip_roll: 1
// CHECK: g_gather: 1
// CHECK: g_groupnorm: 1
// CHECK: g_index_select: 1
// CHECK: g_int_ops: 1
// CHECK: g_interp: 1
// CHECK: g_masked_fill: 1
// CHECK: g_matmul_bcast: 1
// CHECK: g_max_dim: 1
// CHECK: g_maxpool: 1
// CHECK: g_mha: 1
// CHECK: g_one_hot: 1
// CHECK: g_pad: 1
// CHECK: g_repeat_expand: 1
// CHECK: g_silu_bf16: 1
// CHECK: g_tril_mask: 1
// CHECK: g_var_std: 1
// CHECK: g_where_nan: 1
