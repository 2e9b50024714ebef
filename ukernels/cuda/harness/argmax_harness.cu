// Test kernels that launch each argmax ukernel directly: row r of the batch is
// blockIdx.y, its split blockIdx.x. Used to check the ukernels on a GPU
// before (and independently of) the compiler's own codegen. Each ukernel
// has two: without an input map, and with the identity as its input map
// (harness_<ukernel>_mapped), which takes the loop fused producers take.
#include "../common.h"

static UK_DEVICE float uk_identity_f32(float x) { return x; }
static UK_DEVICE u16 uk_identity_u16(u16 x) { return x; }

#define UK_HARNESS(NAME, E, I, MAP)                                                                    \
  extern "C" UK_DEVICE void NAME(const E *in, i64 in_offset, E *val, i64 val_offset, I *idx,        \
                                 i64 idx_offset, i64 length, i32 split_index, i32 split_count,      \
                                 char *scratch, i64 scratch_offset, i32 write_value,                \
                                 E (*input_map)(E));                                                \
  UK_HARNESS_KERNEL(NAME, harness_##NAME, E, I, 0)                                                  \
  UK_HARNESS_KERNEL(NAME, harness_##NAME##_mapped, E, I, MAP)

#define UK_HARNESS_KERNEL(NAME, KERNEL, E, I, MAP)                                                  \
  extern "C" UK_GLOBAL void KERNEL(const E *in, i64 in_offset, i64 row_stride, E *val, I *idx,      \
                                   i64 length, i32 split_count, char *scratch, i64 scratch_stride,  \
                                   i32 write_value) {                                               \
    i64 row = __nvvm_read_ptx_sreg_ctaid_y();                                                       \
    i32 split = (i32)__nvvm_read_ptx_sreg_ctaid_x();                                                \
    NAME(in, in_offset + row * row_stride, val, row, idx, row, length, split, split_count,          \
         scratch, row * scratch_stride, write_value, MAP);                                          \
  }

UK_HARNESS(uk_argmax_f32i32, float, i32, uk_identity_f32)
UK_HARNESS(uk_argmax_f32i64, float, i64, uk_identity_f32)
UK_HARNESS(uk_argmax_f16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_f16i64, u16, i64, uk_identity_u16)
UK_HARNESS(uk_argmax_bf16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_bf16i64, u16, i64, uk_identity_u16)
UK_HARNESS(uk_argmax_ogt_f32i32, float, i32, uk_identity_f32)
UK_HARNESS(uk_argmax_ogt_f32i64, float, i64, uk_identity_f32)
UK_HARNESS(uk_argmax_ogt_f16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_ogt_f16i64, u16, i64, uk_identity_u16)
UK_HARNESS(uk_argmax_ogt_bf16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_ogt_bf16i64, u16, i64, uk_identity_u16)
UK_HARNESS(uk_argmax_maxnum_f32i32, float, i32, uk_identity_f32)
UK_HARNESS(uk_argmax_maxnum_f32i64, float, i64, uk_identity_f32)
UK_HARNESS(uk_argmax_maxnum_f16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_maxnum_f16i64, u16, i64, uk_identity_u16)
UK_HARNESS(uk_argmax_maxnum_bf16i32, u16, i32, uk_identity_u16)
UK_HARNESS(uk_argmax_maxnum_bf16i64, u16, i64, uk_identity_u16)
