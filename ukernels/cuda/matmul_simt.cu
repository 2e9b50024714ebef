// f32 matmul ukernel on the CUDA cores (f32 inputs, f32 products summed
// in f32, each product added by one fused multiply-add; no TF32, whose
// 10-bit mantissas an f32 linalg.matmul does not allow), for B stored
// N x K or K x N.
//
// A C tile of BM x BN per workgroup of 256 threads, each thread an 8 x 8
// block of it (rows ty + 16 i, columns 4 tx + 64 j + {0..3}: the 16 x 16
// threads interleave, so that a warp's shared-memory reads of one k are
// broadcasts of A and 16-byte reads of adjacent B columns). K is walked in
// chunks of BK: A's chunk is stored k-major (transposed) and B's k-major,
// two buffers, the next chunk's global loads in registers while the current
// one is multiplied. Each product is one f32 FMA into the thread's
// accumulator, k in order: a sum over K in the order of K (as a sequential
// loop computes it, but fused multiply-adds).
//
// Loads are element by element with bounds (zeros past M, N, K): any
// strides, offsets and edges; the 256 threads of a chunk read contiguous
// runs of each operand's rows.
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu) with f32 A
// and B; tile (tile_m, tile_n) of C. It has the store fusion point
// (matmul_common.h). Workgroup: exactly 256 threads. Static shared memory:
// 2 x BK x (BM + BN) floats.

#include "matmul_common.h"

#ifndef UK_AB_F32
#error "the simt ukernel takes f32 inputs"
#endif

#define BM 128
#define BN 128
#define BK 8
#define THREADS 256
// Elements of A's (B's) chunk each thread loads: BM x BK / THREADS.
#define LOADS (BM * BK / THREADS)
static_assert(BM == BN && LOADS == 4, "the loaders below assume square tiles of 4 loads per thread");

#if defined(UK_B_NK)
#define B_KN 0
#else
#define B_KN 1
#endif

#define UK_SYMBOL UK_MM_NAME(simt_, UK_AB_NAME, UK_LAYOUT_NAME)

// Element (r, c) of a row-major matrix with leading dimension ld, zero
// outside rows x cols.
static UK_DEVICE UK_INLINE float at(const float *p, i64 ld, i64 r, i64 c, i64 rows, i64 cols) {
  return r < rows && c < cols ? p[r * ld + c] : 0.0f;
}

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS) {
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  __attribute__((shared)) static float as[2][BK][BM];
  __attribute__((shared)) static float bs[2][BK][BN];
  const u32 tid = uk_tid();
  const u32 tx = tid % 16, ty = tid / 16;
  const float *A = a + a_offset;
  const float *B = b + b_offset;
  const i64 m0 = (i64)tile_m * BM, n0 = (i64)tile_n * BN;

  // Loader coordinates. A (M x K, K contiguous) and B as N x K: thread t
  // loads row t / 2 of the tile, k (t % 2) * 4 .. + 3. B as K x N: row
  // (t / 32) of the chunk, columns (t % 32) * 4 .. + 3.
  const u32 lr = tid / 2, lk = (tid % 2) * 4;
  const u32 kr = tid / 32, kc = (tid % 32) * 4;
  float ra[LOADS], rb[LOADS];
  auto load = [&](i64 k0) {
#pragma unroll
    for (int i = 0; i < LOADS; i++) ra[i] = at(A, lda, m0 + lr, k0 + lk + i, m, k);
#pragma unroll
    for (int i = 0; i < LOADS; i++)
      rb[i] = B_KN ? at(B, ldb, k0 + kr, n0 + kc + i, k, n) : at(B, ldb, n0 + lr, k0 + lk + i, n, k);
  };
  auto stash = [&](int buf) {
#pragma unroll
    for (int i = 0; i < LOADS; i++) as[buf][lk + i][lr] = ra[i];
#pragma unroll
    for (int i = 0; i < LOADS; i++) {
      if (B_KN)
        bs[buf][kr][kc + i] = rb[i];
      else
        bs[buf][lk + i][lr] = rb[i];
    }
  };

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; i++)
#pragma unroll
    for (int j = 0; j < 8; j++) acc[i][j] = 0.0f;

  const i64 chunks = (k + BK - 1) / BK;
  if (chunks > 0) {
    load(0);
    stash(0);
  }
  __syncthreads();
  for (i64 t = 0; t < chunks; t++) {
    const int buf = (int)(t & 1);
    if (t + 1 < chunks) load((t + 1) * BK);
#pragma unroll
    for (int kk = 0; kk < BK; kk++) {
      float fa[8], fb[8];
#pragma unroll
      for (int i = 0; i < 8; i++) fa[i] = as[buf][kk][ty + 16 * i];
#pragma unroll
      for (int j = 0; j < 2; j++)
#pragma unroll
        for (int e = 0; e < 4; e++) fb[4 * j + e] = bs[buf][kk][4 * tx + 64 * j + e];
#pragma unroll
      for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] = __builtin_fmaf(fa[i], fb[j], acc[i][j]);
    }
    // The other buffer was last read in the previous chunk, which every
    // thread finished before the barrier at its end.
    if (t + 1 < chunks) stash(buf ^ 1);
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 8; i++) {
    const i64 row = m0 + ty + 16 * i;
    if (row >= m) continue;
#pragma unroll
    for (int j = 0; j < 2; j++) {
#pragma unroll
      for (int e = 0; e < 4; e += 2) {
        const i64 col = n0 + 4 * tx + 64 * j + e;
        const float v0 = acc[i][4 * j + e], v1 = acc[i][4 * j + e + 1];
        if (store) {
          uk_epilogue2(epilogue, row, col, n, v0, v1);
        } else {
#pragma unroll
          for (int h = 0; h < 2; h++) {
            if (col + h >= n) continue;
            float *p = c + c_offset + row * ldc + col + h;
            const float v = h ? v1 : v0;
            *p = accumulate ? *p + v : v;
          }
        }
      }
    }
  }
}
