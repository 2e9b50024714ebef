// GEMV-shaped matmul ukernel for one row of A against B stored K x N
// (torch.mm's layout; attention's scores at decode, q x K^T with K cached
// as head_dim x tokens), on the CUDA cores.
//
// A stream over B's rows: each lane owns 8 adjacent columns of C and reads
// them 16 bytes at a time from the rows of K it is given; the 8 lanes that
// share a row read 128 contiguous bytes of it, so a warp reads 4 rows and a
// workgroup 32 rows per step, UNROLL steps in flight. The skinny tensor-core
// ukernel stages B through shared memory with 2 workgroups per SM; at the
// short K of attention (128) each of its workgroups does one stage, so its
// few workgroups per SM wait on memory one after another. This one keeps
// every load in registers and runs many workgroups per SM.
//
// Each lane sums its rows in K order in f32; the 4 lanes of a warp that
// share columns add theirs by a fixed butterfly, and the 8 warps add theirs
// through shared memory in warp order: the result does not depend on timing.
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu), with
// m <= MAX_M, tile_m = 0 and tile_n selecting columns [COLS * tile_n,
// COLS * tile_n + COLS). Built for the kn layout: uk_matmul_gemv_<bf16|f16>_kn.
// Workgroup: exactly 256 threads. Static shared memory: WARPS x MAX_M x COLS
// floats.

#include "matmul_common.h"

#ifndef UK_B_KN
#error "the kn gemv ukernel reads B as K x N"
#endif

#define WARPS 8
#define COLS 64                         // columns of C per workgroup
#define LANES_N (COLS / 8)              // lanes that share a row of B
#define ROWS_PER_WARP (32 / LANES_N)    // rows of B a warp reads per step
#define ROWS_PER_STEP (WARPS * ROWS_PER_WARP)
#ifndef UK_GEMV_KN_UNROLL
#define UK_GEMV_KN_UNROLL 4 // the registry's GEMV_KN_UNROLL (catalog.rs), which passes it
#endif
#define UNROLL UK_GEMV_KN_UNROLL // steps of loads in flight per lane
#ifndef UK_GEMV_MAX_M
#define UK_GEMV_MAX_M 1
#endif
#define MAX_M UK_GEMV_MAX_M
static_assert(LANES_N * ROWS_PER_WARP == 32, "a warp's lanes cover whole rows");

#define UK_SYMBOL UK_MM_NAME(gemv_, UK_AB_NAME, UK_LAYOUT_NAME)

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS) {
  (void)tile_m;
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5;
  const u32 group = lane % LANES_N, row_in_warp = lane / LANES_N;
  const AB *A = a + a_offset;
  const AB *B = b + b_offset;
  const bool b_vec = uk_aligned16(B) && (ldb & 7) == 0;
  const i64 n_base = (i64)tile_n * COLS;
  const i64 col = n_base + group * 8;
  const bool live = col < n;

  float acc[MAX_M][8];
#pragma unroll
  for (int i = 0; i < MAX_M; i++)
#pragma unroll
    for (int e = 0; e < 8; e++) acc[i][e] = 0.0f;
  const u32x4 zero = {0, 0, 0, 0};
  for (i64 k0 = (i64)warp * ROWS_PER_WARP + row_in_warp; k0 < k; k0 += ROWS_PER_STEP * UNROLL) {
    u32x4 w[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; u++) {
      const i64 row = k0 + (i64)u * ROWS_PER_STEP;
      w[u] = live && row < k ? uk_load8(B + row * ldb, col, n, b_vec, true) : zero;
    }
#pragma unroll
    for (int u = 0; u < UNROLL; u++) {
      const i64 row = k0 + (i64)u * ROWS_PER_STEP;
      if (row >= k) break;
#pragma unroll
      for (int i = 0; i < MAX_M; i++) {
        if (i >= m) break;
        const float x = uk_ab_to_f32(A[(i64)i * lda + row]);
#pragma unroll
        for (int e = 0; e < 8; e++) acc[i][e] += x * uk_elem8(w[u], e);
      }
    }
  }
  // The lanes of a warp that share columns differ in lane bits 3 and 4.
#pragma unroll
  for (int i = 0; i < MAX_M; i++)
#pragma unroll
    for (int e = 0; e < 8; e++)
      for (u32 d = LANES_N; d < 32; d <<= 1) acc[i][e] += __nvvm_shfl_sync_bfly_f32(0xffffffffu, acc[i][e], d, 0x1f);
  __attribute__((shared)) static float partial[WARPS][MAX_M][COLS];
  if (row_in_warp == 0) {
#pragma unroll
    for (int i = 0; i < MAX_M; i++)
#pragma unroll
      for (int e = 0; e < 8; e++) partial[warp][i][group * 8 + e] = acc[i][e];
  }
  __syncthreads();
  // Thread t < COLS / 2 adds up columns 2t and 2t + 1 over the warps, in
  // warp order, and stores them.
  if (tid < COLS / 2) {
    const i64 c0 = n_base + 2 * tid;
#pragma unroll
    for (int i = 0; i < MAX_M; i++) {
      if (i >= m) break;
      float v0 = 0.0f, v1 = 0.0f;
#pragma unroll
      for (int w = 0; w < WARPS; w++) {
        v0 += partial[w][i][2 * tid];
        v1 += partial[w][i][2 * tid + 1];
      }
      if (store) {
        uk_epilogue2(epilogue, i, c0, n, v0, v1);
      } else {
#pragma unroll
        for (int h = 0; h < 2; h++) {
          if (c0 + h >= n) continue;
          float *p = c + c_offset + (i64)i * ldc + c0 + h;
          const float v = h ? v1 : v0;
          *p = accumulate ? *p + v : v;
        }
      }
    }
  }
  // The next call in the same workgroup may overwrite the partial sums.
  __syncthreads();
}
