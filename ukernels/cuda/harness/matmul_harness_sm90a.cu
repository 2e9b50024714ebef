// Test kernels that launch each sm_90a-only matmul ukernel directly on whole
// matrices (offsets 0): tile (blockIdx.y, blockIdx.x) of C (persistent:
// blockIdx.y of gridDim.y workgroups walking the tiles), in workgroups of
// UK_WGMMA_THREADS threads, as harness_NAME(a, lda, b, ldb, c, ldc, m, n, k, accumulate,
// desc, k_splits) with `desc` the registry's `desc_bytes` of global memory for the
// tensor maps (and, for k_splits > 1, the split-K workspace after them, zeroed), bounded for the registry's occupancy
// (UK_WGMMA_WORKGROUPS_PER_SM) and launched in clusters along y as compiled
// kernels are (the linker gives them the registry's cluster shape; the
// grid's y is a multiple of it). Built for sm_90a.
#include "../common.h"

#if !defined(UK_WGMMA_THREADS) || !defined(UK_WGMMA_WORKGROUPS_PER_SM) || !defined(UK_WGMMA_PERSISTENT)
#error "the harness takes the wgmma ukernel's workgroup from the registry"
#endif

// A persistent ukernel takes the workgroup's index and the workgroup count.
#if UK_WGMMA_PERSISTENT
#define HARNESS_TILE_N (i32) __nvvm_read_ptx_sreg_nctaid_y()
#else
#define HARNESS_TILE_N (i32) __nvvm_read_ptx_sreg_ctaid_x()
#endif

#define UK_MM_HARNESS_WGMMA(NAME)                                                                    \
  extern "C" UK_DEVICE void NAME(const u16 *a, i64 a_offset, i64 lda, const u16 *b, i64 b_offset,   \
                                 i64 ldb, float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k,     \
                                 i32 tile_m, i32 tile_n, i32 accumulate, void *store, char *out,    \
                                 i64 out_offset, i64 ldo, const char *operand, i64 operand_offset,  \
                                 char *desc, i64 desc_offset, i32 k_splits);                        \
  extern "C" UK_GLOBAL __attribute__((launch_bounds(UK_WGMMA_THREADS, UK_WGMMA_WORKGROUPS_PER_SM))) void     \
      harness_##NAME(                                                                                \
      const u16 *a, i64 lda, const u16 *b, i64 ldb, float *c, i64 ldc, i64 m, i64 n, i64 k,          \
      i32 accumulate, char *desc, i32 k_splits) {                                                    \
    NAME(a, 0, lda, b, 0, ldb, c, 0, ldc, m, n, k, (i32)__nvvm_read_ptx_sreg_ctaid_y(), HARNESS_TILE_N,  \
         accumulate, 0, 0, 0, 0, 0, 0, desc, 0, k_splits);                                            \
  }

UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_bf16_nk)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_f16_nk)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_narrow_bf16_nk)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_narrow_f16_nk)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_bf16_kn)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_f16_kn)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_narrow_bf16_kn)
UK_MM_HARNESS_WGMMA(uk_matmul_wgmma_narrow_f16_kn)
