// The harness kernel of a matmul ukernel: launches NAME directly on whole
// matrices (offsets 0), tile (blockIdx.y, blockIdx.x) of C, as
// harness_NAME(a, lda, b, ldb, c, ldc, m, n, k, accumulate).
#pragma once

#include "../common.h"

// WORKGROUPS_PER_SM (of THREADS threads) is the occupancy bound that
// compiled kernels calling NAME get from the registry, so that both have the
// same registers.
#define UK_MM_HARNESS_SIZED(NAME, THREADS, WORKGROUPS_PER_SM)                                        \
  extern "C" UK_DEVICE void NAME(const u16 *a, i64 a_offset, i64 lda, const u16 *b, i64 b_offset,   \
                                 i64 ldb, float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k,     \
                                 i32 tile_m, i32 tile_n, i32 accumulate, void *store, char *out,    \
                                 i64 out_offset, i64 ldo, const char *operand, i64 operand_offset); \
  extern "C" UK_GLOBAL __attribute__((launch_bounds(THREADS, WORKGROUPS_PER_SM))) void harness_##NAME( \
      const u16 *a, i64 lda, const u16 *b, i64 ldb, float *c, i64 ldc, i64 m, i64 n, i64 k,          \
      i32 accumulate) {                                                                              \
    NAME(a, 0, lda, b, 0, ldb, c, 0, ldc, m, n, k, (i32)__nvvm_read_ptx_sreg_ctaid_y(),             \
         (i32)__nvvm_read_ptx_sreg_ctaid_x(), accumulate, 0, 0, 0, 0, 0, 0);                        \
  }
