// GEMV-shaped matmul ukernel for one row of A (the registry offers it for
// M = 1 and large weights, where it measured fastest; UK_GEMV_MAX_M builds it
// for up to 4 rows) against a weight B stored N x K (torch's F.linear
// layout), on the CUDA cores.
//
// Purely a stream over B: each warp owns ROWS columns of C (rows of B) and
// reads its share of each of them (every load instruction covering 512
// contiguous bytes of one row: 32 lanes x 16 bytes), ROWS x UNROLL loads in
// flight per thread; each lane multiplies its 8 elements with the same 8 of
// every row of A (L1-resident) in f32, and a warp reduction sums the lanes.
// The WARPS_K warps that share columns split K in turns of UNROLL chunks and
// add their sums through shared memory in a fixed order. Against the
// tensor-core skinny ukernel, whose mma.sync fragments make a load
// instruction touch 8 rows of B at 64 bytes each, this keeps DRAM bursts
// whole.
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu), with
// m <= MAX_M, tile_m = 0 and tile_n selecting columns [COLS * tile_n,
// COLS * tile_n + COLS). The registry builds it with 4 columns per
// workgroup, each read by all 8 warps (ukernels/src/matmul/catalog.rs says
// what that measured); it runs in 64 registers, 4 workgroups per SM.
// Built for the nk layout: uk_matmul_gemv_<bf16|f16>_nk.
// Workgroup: exactly 256 threads. Static shared memory: (WARPS_K - 1) x COLS
// x MAX_M floats.

#include "matmul_common.h"

#ifndef UK_B_NK
#error "the gemv ukernel reads B as N x K"
#endif

// The shape; -D overrides exist for tuning sweeps.
#define WARPS 8
#ifndef UK_GEMV_ROWS
#define UK_GEMV_ROWS 4
#endif
#ifndef UK_GEMV_UNROLL
#define UK_GEMV_UNROLL 1 // the registry's GEMV_UNROLL (catalog.rs), which passes it
#endif
#define ROWS UK_GEMV_ROWS     // columns of C per warp
#define UNROLL UK_GEMV_UNROLL // 512-byte chunks of each row in flight per warp
#ifndef UK_GEMV_MAX_M
#define UK_GEMV_MAX_M 1
#endif
#define MAX_M UK_GEMV_MAX_M // rows of A it takes at most
// Warps that split K among them (each a share of every row of the
// workgroup's columns, their sums added through shared memory in a fixed
// order): for weights of few columns, where a warp per ROWS columns gives
// too few warps to keep enough loads in flight.
#ifndef UK_GEMV_WARPS_K
#define UK_GEMV_WARPS_K 1
#endif
#define WK UK_GEMV_WARPS_K
#define WARPS_N (WARPS / WK)
#define COLS (WARPS_N * ROWS)
static_assert(ROWS % 2 == 0, "the epilogue stores pairs of columns");
static_assert(WARPS_N * WK == WARPS, "the warps of K divide the workgroup");

#ifdef UK_GEMV_SYMBOL
#define UK_SYMBOL UK_GEMV_SYMBOL
#else
#define UK_SYMBOL UK_MM_NAME(gemv_, UK_AB_NAME, UK_LAYOUT_NAME)
#endif

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS) {
  (void)tile_m;
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5;
  const AB *A = a + a_offset;
  const AB *B = b + b_offset;
  const bool a_vec = uk_aligned16(A) && (lda & 7) == 0;
  const bool b_vec = uk_aligned16(B) && (ldb & 7) == 0;
  const u32 warp_n = warp % WARPS_N, warp_k = warp / WARPS_N;
  const i64 n0 = (i64)tile_n * COLS + (i64)warp_n * ROWS;

  float acc[ROWS][MAX_M];
#pragma unroll
  for (int r = 0; r < ROWS; r++)
#pragma unroll
    for (int i = 0; i < MAX_M; i++) acc[r][i] = 0.0f;
  const u32x4 zero = {0, 0, 0, 0};
  // The warps of K take turns at chunks of 256 x UNROLL elements, so that
  // together they read each row front to back.
  for (i64 k0 = (i64)warp_k * 256 * UNROLL + lane * 8; k0 < k; k0 += 256 * UNROLL * WK) {
    u32x4 w[ROWS][UNROLL];
#pragma unroll
    for (int r = 0; r < ROWS; r++)
#pragma unroll
      for (int u = 0; u < UNROLL; u++)
        w[r][u] = n0 + r < n ? uk_load8(B + (n0 + r) * ldb, k0 + u * 256, k, b_vec, true) : zero;
#pragma unroll
    for (int u = 0; u < UNROLL; u++) {
#pragma unroll
      for (int i = 0; i < MAX_M; i++) {
        if (i >= m) break;
        u32x4 x = uk_load8(A + (i64)i * lda, k0 + u * 256, k, a_vec, false);
#pragma unroll
        for (int e = 0; e < 8; e++) {
          float xe = uk_elem8(x, e);
#pragma unroll
          for (int r = 0; r < ROWS; r++) acc[r][i] += xe * uk_elem8(w[r][u], e);
        }
      }
    }
  }
#pragma unroll
  for (int r = 0; r < ROWS; r++)
#pragma unroll
    for (int i = 0; i < MAX_M; i++)
      for (u32 d = 16; d > 0; d >>= 1) acc[r][i] += __nvvm_shfl_sync_bfly_f32(0xffffffffu, acc[r][i], d, 0x1f);
  if constexpr (WK > 1) {
    // Warp (k, n) hands its sums to warp (0, n), which adds them in the
    // order of k: the result does not depend on timing.
    __attribute__((shared)) static float partial[WK - 1][WARPS_N][ROWS][MAX_M];
    if (lane == 0 && warp_k > 0) {
#pragma unroll
      for (int r = 0; r < ROWS; r++)
#pragma unroll
        for (int i = 0; i < MAX_M; i++) partial[warp_k - 1][warp_n][r][i] = acc[r][i];
    }
    __syncthreads();
    if (lane == 0 && warp_k == 0) {
#pragma unroll
      for (int w = 0; w < WK - 1; w++)
#pragma unroll
        for (int r = 0; r < ROWS; r++)
#pragma unroll
          for (int i = 0; i < MAX_M; i++) acc[r][i] += partial[w][warp_n][r][i];
    }
    // The next call in the same workgroup may overwrite the partial sums.
    __syncthreads();
  }
  if (lane != 0 || warp_k != 0) return;
#pragma unroll
  for (int i = 0; i < MAX_M; i++) {
    if (i >= m) break;
    // The warp's columns are adjacent pairs (n0 is even): a fused epilogue
    // stores pairs.
#pragma unroll
    for (int r = 0; r < ROWS; r += 2) {
      const i64 col = n0 + r;
      if (store) {
        uk_epilogue2(epilogue, i, col, n, acc[r][i], acc[r + 1][i]);
      } else {
#pragma unroll
        for (int h = 0; h < 2; h++) {
          if (col + h >= n) continue;
          float *p = c + c_offset + (i64)i * ldc + col + h;
          *p = accumulate ? *p + acc[r + h][i] : acc[r + h][i];
        }
      }
    }
  }
}
