// Skinny matmul ukernel for decode shapes (M <= 16 rows of A against a weight
// B stored N x K, K contiguous: torch's F.linear layout), on tensor cores.
//
// Memory-bound: B is streamed once with 16-byte loads that bypass L1, four
// in flight per thread per step (built for 3 workgroups per SM: at most 80
// registers; on an H200 six in flight gained 5% on a 16384 x 16384 weight
// but lost 3-8% at 16 rows of 4096 and 11008 columns). One workgroup of 256
// threads computes 16 columns of C for all M rows: its 8 warps split K (warp
// w takes the 64-wide K chunks w, w + 8, ...), each accumulating a 16 x 16
// block with mma.sync m16n8k16 (A padded to 16 rows with zeros; these are
// the defaults, UK_SKINNY_* defines change them for tuning), then the warps'
// blocks are summed through shared memory. Inside a 32-wide K chunk each thread feeds
// the tensor core the 8 consecutive K values it loaded in one 16-byte load,
// for both A and B: a permutation of K inside the chunk, applied to both
// operands alike, which leaves the dot products unchanged.
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu), with
// m <= 16, tile_m = 0 and tile_n selecting columns [16 * tile_n, 16 * tile_n + 16).
// Built only for the nk layout: uk_matmul_skinny_<bf16|f16>_nk.
// Workgroup: exactly 256 threads. Static shared memory: 8192 bytes.

// The weight loads ask L2 to fetch 256 bytes around each (L2::256B): on an
// H200 that cut up to 5% off every decode shape with the weight cold in L2
// (and cost 8-9% at 8-16 rows of a 4096 x 4096 weight warm in L2).
#ifndef UK_SKINNY_NO_L2_PREFETCH
#define UK_STREAM_L2_256B
#endif
#include "matmul_common.h"

#ifndef UK_B_NK
#error "the skinny ukernel reads B as N x K"
#endif

// The shape; -D overrides exist for tuning sweeps.
#ifndef UK_SKINNY_WARPS
#define UK_SKINNY_WARPS 8
#endif
#ifndef UK_SKINNY_NT
#define UK_SKINNY_NT 2 // n8 tiles per workgroup
#endif
#ifndef UK_SKINNY_U
#define UK_SKINNY_U 2 // 32-wide K sub-chunks per warp step
#endif
#define WARPS UK_SKINNY_WARPS
#define THREADS (32 * WARPS)
#define NT UK_SKINNY_NT
#define COLS (8 * NT)          // columns of C per workgroup
#define U UK_SKINNY_U
#define CHUNK (32 * U)         // K per warp step
#define MAX_ROWS 16

#ifdef UK_SKINNY_SYMBOL
#define UK_SYMBOL UK_SKINNY_SYMBOL
#else
#define UK_SYMBOL UK_MM_NAME(skinny_, UK_AB_NAME, UK_LAYOUT_NAME)
#endif

static __attribute__((shared)) __attribute__((aligned(16))) float uk_skinny_partial[WARPS][MAX_ROWS][COLS];

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS) {
  (void)tile_m;
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5;
  const u32 g = lane >> 2, q = lane & 3;
  const AB *A = a + a_offset;
  const AB *B = b + b_offset;
  const bool a_vec = uk_aligned16(A) && (lda & 7) == 0;
  const bool b_vec = uk_aligned16(B) && (ldb & 7) == 0;
  const i64 n0 = (i64)tile_n * COLS;

  // This thread's rows: A rows g and g + 8, B rows (columns of C) n0 + 8 j + g.
  const bool a_lo = (i64)g < m, a_hi = (i64)g + 8 < m;
  const AB *a_row_lo = A + (i64)g * lda, *a_row_hi = A + ((i64)g + 8) * lda;
  bool b_in[NT];
  const AB *b_row[NT];
#pragma unroll
  for (int j = 0; j < NT; j++) {
    b_in[j] = n0 + 8 * j + g < n;
    b_row[j] = B + (n0 + 8 * j + g) * ldb;
  }

  float acc[NT][4];
#pragma unroll
  for (int j = 0; j < NT; j++)
#pragma unroll
    for (int r = 0; r < 4; r++) acc[j][r] = 0.0f;
  const u32x4 zero = {0, 0, 0, 0};
  for (i64 k0 = (i64)warp * CHUNK; k0 < k; k0 += (i64)WARPS * CHUNK) {
    u32x4 bw[U][NT], aw[U][2];
    // Loads first (U x NT weight loads in flight), then the tensor-core work.
#pragma unroll
    for (int u = 0; u < U; u++) {
      i64 col = k0 + u * 32 + q * 8;
#pragma unroll
      for (int j = 0; j < NT; j++) bw[u][j] = b_in[j] ? uk_load8(b_row[j], col, k, b_vec, true) : zero;
    }
#pragma unroll
    for (int u = 0; u < U; u++) {
      i64 col = k0 + u * 32 + q * 8;
      aw[u][0] = a_lo ? uk_load8(a_row_lo, col, k, a_vec, false) : zero;
      aw[u][1] = a_hi ? uk_load8(a_row_hi, col, k, a_vec, false) : zero;
    }
#pragma unroll
    for (int u = 0; u < U; u++) {
      // Two k16 steps per 32-wide sub-chunk: elements 0-3 of each load, then 4-7.
      u32 af0[4] = {aw[u][0].x, aw[u][1].x, aw[u][0].y, aw[u][1].y};
      u32 af1[4] = {aw[u][0].z, aw[u][1].z, aw[u][0].w, aw[u][1].w};
#pragma unroll
      for (int j = 0; j < NT; j++) {
        uk_mma16816(acc[j], af0, bw[u][j].x, bw[u][j].y);
        uk_mma16816(acc[j], af1, bw[u][j].z, bw[u][j].w);
      }
    }
  }

  // acc[j][r] is C[g + 8 * (r >= 2), 8 * j + 2 * q + (r & 1)] of this warp's K share.
#pragma unroll
  for (int j = 0; j < NT; j++)
#pragma unroll
    for (int r = 0; r < 4; r++) uk_skinny_partial[warp][g + 8 * (r >> 1)][8 * j + 2 * q + (r & 1)] = acc[j][r];
  __syncthreads();
  for (u32 e = tid; e < MAX_ROWS * COLS; e += THREADS) {
    const u32 row = e / COLS, col = e % COLS;
    float sum = 0.0f;
#pragma unroll
    for (int w = 0; w < WARPS; w++) sum += uk_skinny_partial[w][row][col];
    const i64 out_col = n0 + col;
    if ((i64)row < m && out_col < n) {
      if (store) {
        uk_epilogue(epilogue, row, out_col, sum);
      } else {
        float *p = c + c_offset + (i64)row * ldc + out_col;
        *p = accumulate ? *p + sum : sum;
      }
    }
  }
  // The next call of this ukernel in the same workgroup reuses the partials.
  __syncthreads();
}
