// Test kernels that launch each matmul ukernel directly on whole matrices
// (offsets 0): tile (blockIdx.y, blockIdx.x) of C. Used to check and time the
// ukernels on a GPU independently of the compiler's codegen.
#include "matmul_harness.h"

// Each with the occupancy bound of its registry entry (min_workgroups_per_sm).
UK_MM_HARNESS_BOUNDED(uk_matmul_tile_bf16_nk, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_tile_bf16_kn, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_tile_f16_nk, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_tile_f16_kn, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_skinny_bf16_nk, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_skinny_f16_nk, 1)
UK_MM_HARNESS_BOUNDED(uk_matmul_skinny_wide_bf16_nk, 2)
UK_MM_HARNESS_BOUNDED(uk_matmul_skinny_wide_f16_nk, 2)
UK_MM_HARNESS_BOUNDED(uk_matmul_gemv_bf16_nk, 4)
UK_MM_HARNESS_BOUNDED(uk_matmul_gemv_f16_nk, 4)
