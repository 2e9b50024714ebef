// Test kernels that launch each matmul ukernel directly on whole matrices
// (offsets 0): tile (blockIdx.y, blockIdx.x) of C. Used to check and time the
// ukernels on a GPU independently of the compiler's codegen.
#include "matmul_harness.h"

// Each with the workgroup size and occupancy bound of its registry entry
// (min_workgroups_per_sm), which build.rs passes as defines.
#define UK_TILE_HARNESS(NAME) UK_MM_HARNESS_SIZED(NAME, UK_TILE_THREADS, UK_TILE_WORKGROUPS_PER_SM)
UK_TILE_HARNESS(uk_matmul_tile_bf16_nk)
UK_TILE_HARNESS(uk_matmul_tile_bf16_kn)
UK_TILE_HARNESS(uk_matmul_tile_f16_nk)
UK_TILE_HARNESS(uk_matmul_tile_f16_kn)
#define UK_TILE_SMALL_HARNESS(NAME) UK_MM_HARNESS_SIZED(NAME, UK_TILE_SMALL_THREADS, UK_TILE_SMALL_WORKGROUPS_PER_SM)
UK_TILE_SMALL_HARNESS(uk_matmul_tile_small_bf16_nk)
UK_TILE_SMALL_HARNESS(uk_matmul_tile_small_bf16_kn)
UK_TILE_SMALL_HARNESS(uk_matmul_tile_small_f16_nk)
UK_TILE_SMALL_HARNESS(uk_matmul_tile_small_f16_kn)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_bf16_nk, UK_SKINNY_THREADS, UK_SKINNY_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_f16_nk, UK_SKINNY_THREADS, UK_SKINNY_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_wide_bf16_nk, UK_SKINNY_WIDE_THREADS, UK_SKINNY_WIDE_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_wide_f16_nk, UK_SKINNY_WIDE_THREADS, UK_SKINNY_WIDE_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_bf16_kn, UK_SKINNY_THREADS, UK_SKINNY_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_f16_kn, UK_SKINNY_THREADS, UK_SKINNY_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_wide_bf16_kn, UK_SKINNY_WIDE_THREADS, UK_SKINNY_WIDE_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_skinny_wide_f16_kn, UK_SKINNY_WIDE_THREADS, UK_SKINNY_WIDE_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_gemv_bf16_nk, UK_GEMV_THREADS, UK_GEMV_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_gemv_f16_nk, UK_GEMV_THREADS, UK_GEMV_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_gemv_bf16_kn, UK_GEMV_THREADS, UK_GEMV_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_gemv_f16_kn, UK_GEMV_THREADS, UK_GEMV_WORKGROUPS_PER_SM)
// f32 inputs (the harness passes them as untyped pointers).
UK_MM_HARNESS_SIZED(uk_matmul_simt_f32_nk, UK_SIMT_THREADS, UK_SIMT_WORKGROUPS_PER_SM)
UK_MM_HARNESS_SIZED(uk_matmul_simt_f32_kn, UK_SIMT_THREADS, UK_SIMT_WORKGROUPS_PER_SM)
