// Matmul tile ukernel on tensor cores (mma.sync m16n8k16, sm_80 and newer):
// one workgroup computes one 128 x 128 tile of C over the whole K.
//
// Built per (input type, B layout) with the defines of matmul_common.h into
// uk_matmul_tile_<bf16|f16>_<nk|kn>.
//
// Semantics: C[m, n] = (accumulate ? C[m, n] : 0) + sum_k A[m, k] * B(k, n)
// with products and sums in f32 (each product of two 16-bit values is exact
// in f32; the sum's order is the ukernel's own). B(k, n) is B[n, k] for the
// nk layout and B[k, n] for kn.
//
// ABI (pointers to global memory, offsets and leading dimensions in elements):
//   void uk_matmul_tile_<t>_<l>(
//       const AB *a, i64 a_offset, i64 lda,   // A: M x K, row stride lda
//       const AB *b, i64 b_offset, i64 ldb,   // B: N x K (nk) or K x N (kn), row stride ldb
//       float *c, i64 c_offset, i64 ldc,      // C: M x N, row stride ldc
//       i64 m, i64 n, i64 k,
//       i32 tile_m, i32 tile_n,               // this workgroup's tile of C
//       i32 accumulate,
//       UkStore store, ...)                   // the store fusion point
//                                             // (matmul_common.h); null: none
// Every thread of a workgroup of exactly 256 threads (x; y = z = 1) calls it
// with the same arguments. Dynamic shared memory: 65536 bytes (4 stages of a
// 128 x 32 A tile and a 32 x 128 B tile), which the launch must provide.
// (The defaults; UK_TILE_* defines change the tile for tuning.)
// Any M, N, K (edges are masked); rows whose start is 16-byte aligned with
// K (nk) or N (kn) a multiple of 8 take 16-byte asynchronous copies, others
// element loads.

#include "matmul_common.h"

// The tile shape; -D overrides exist for tuning sweeps (bench/matmul_tile_sweep.sh).
#ifndef UK_TILE_BM
#define UK_TILE_BM 128
#endif
#ifndef UK_TILE_BN
#define UK_TILE_BN 128
#endif
#ifndef UK_TILE_BK
#define UK_TILE_BK 32
#endif
#ifndef UK_TILE_STAGES
#define UK_TILE_STAGES 4
#endif
#ifndef UK_TILE_WARPS_M
#define UK_TILE_WARPS_M 2
#endif
#ifndef UK_TILE_WARPS_N
#define UK_TILE_WARPS_N 4
#endif
#define BM UK_TILE_BM
#define BN UK_TILE_BN
#define BK UK_TILE_BK
#define STAGES UK_TILE_STAGES
#define THREADS (32 * UK_TILE_WARPS_M * UK_TILE_WARPS_N)
#define WARP_M (BM / UK_TILE_WARPS_M)
#define WARP_N (BN / UK_TILE_WARPS_N)
#define MT (WARP_M / 16) // m16 tiles per warp
#define NT (WARP_N / 8)  // n8 tiles per warp
#define CA (BK / 8)      // 16-byte chunks per row of a [rows][BK] tile
#define CB (BN / 8)      // 16-byte chunks per row of a [BK][BN] tile
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)

#ifdef UK_TILE_SYMBOL
#define UK_SYMBOL UK_TILE_SYMBOL
#else
#define UK_SYMBOL UK_MM_NAME(tile_, UK_AB_NAME, UK_LAYOUT_NAME)
#endif

extern __attribute__((shared)) __attribute__((aligned(128))) char uk_matmul_smem[];

// Byte offset of 16-byte chunk `c` of row `r` in a [rows][BK] tile:
// XOR-swizzled within each 128-byte line group so that the 8 rows one
// ldmatrix reads hit distinct banks.
static UK_DEVICE UK_INLINE u32 swz_rk(u32 r, u32 c) { return r * (CA * 16) + ((c ^ ((r / (8 / CA)) & (CA - 1))) << 4); }
// Byte offset of chunk `c` of row `r` in a [BK][BN] tile.
[[maybe_unused]] static UK_DEVICE UK_INLINE u32 swz_kn(u32 r, u32 c) { return r * (CB * 16) + ((c ^ (r & 7)) << 4); }

struct Operands {
  const AB *a;
  const AB *b;
  i64 lda, ldb, m, n, k, m0, n0;
  bool a_vec, b_vec;
};

// Issues the copies of K-tile `kt` into shared-memory stage `stage`.
static UK_DEVICE UK_INLINE void load_stage(const Operands &o, u32 smem, int stage, i64 kt, u32 tid) {
  const u32 a_tile = smem + stage * STAGE_BYTES;
  const u32 b_tile = a_tile + A_BYTES;
  const i64 k0 = kt * BK;
#pragma unroll
  for (int i = 0; i < BM * CA / THREADS; i++) {
    // A: BM rows x CA chunks.
    u32 chunk = tid + i * THREADS;
    u32 r = chunk / CA, c = chunk % CA;
    i64 row = o.m0 + r, col = k0 + c * 8;
    u32 dst = a_tile + swz_rk(r, c);
    const AB *src = o.a + row * o.lda + col;
    bool in = row < o.m && col < o.k;
    if (o.a_vec) {
      uk_cp_async16(dst, in ? src : o.a, in ? 16 : 0);
    } else {
      u32x4 v = {0, 0, 0, 0};
      if (row < o.m) v = uk_load8_masked(o.a + row * o.lda, col, o.k);
      asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
  }
#pragma unroll
  for (int i = 0; i < BN * CA / THREADS; i++) {
    u32 chunk = tid + i * THREADS;
#if defined(UK_B_NK)
    // B: BN rows (n) x CA chunks (k).
    u32 r = chunk / CA, c = chunk % CA;
    i64 row = o.n0 + r, col = k0 + c * 8;
    u32 dst = b_tile + swz_rk(r, c);
    bool in = row < o.n && col < o.k;
    i64 limit = o.k;
    bool row_in = row < o.n;
#else
    // B: BK rows (k) x CB chunks (n).
    u32 r = chunk / CB, c = chunk % CB;
    i64 row = k0 + r, col = o.n0 + c * 8;
    u32 dst = b_tile + swz_kn(r, c);
    bool in = row < o.k && col < o.n;
    i64 limit = o.n;
    bool row_in = row < o.k;
#endif
    const AB *src = o.b + row * o.ldb + col;
    if (o.b_vec) {
      uk_cp_async16(dst, in ? src : o.b, in ? 16 : 0);
    } else {
      u32x4 v = {0, 0, 0, 0};
      if (row_in) v = uk_load8_masked(o.b + row * o.ldb, col, limit);
      asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
  }
}

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS) {
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5;
  const u32 smem = uk_smem_addr(uk_matmul_smem);

  Operands o;
  o.a = a + a_offset;
  o.b = b + b_offset;
  o.lda = lda;
  o.ldb = ldb;
  o.m = m;
  o.n = n;
  o.k = k;
  o.m0 = (i64)tile_m * BM;
  o.n0 = (i64)tile_n * BN;
  o.a_vec = uk_aligned16(o.a) && (lda & 7) == 0 && (k & 7) == 0;
#if defined(UK_B_NK)
  o.b_vec = uk_aligned16(o.b) && (ldb & 7) == 0 && (k & 7) == 0;
#else
  o.b_vec = uk_aligned16(o.b) && (ldb & 7) == 0 && (n & 7) == 0;
#endif

  float acc[MT][NT][4];
#pragma unroll
  for (int i = 0; i < MT; i++)
#pragma unroll
    for (int j = 0; j < NT; j++)
#pragma unroll
      for (int r = 0; r < 4; r++) acc[i][j][r] = 0.0f;

  const i64 ktiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < ktiles) load_stage(o, smem, s, s, tid);
    uk_cp_async_commit();
  }

  const u32 wm0 = (warp / UK_TILE_WARPS_N) * WARP_M; // warp's rows within the tile
  const u32 wn0 = (warp % UK_TILE_WARPS_N) * WARP_N; // warp's columns within the tile
  for (i64 kt = 0; kt < ktiles; kt++) {
    uk_cp_async_wait<STAGES - 2>();
    __syncthreads();
    i64 next = kt + STAGES - 1;
    if (next < ktiles) load_stage(o, smem, (int)(next % STAGES), next, tid);
    uk_cp_async_commit();

    const u32 a_tile = smem + (u32)(kt % STAGES) * STAGE_BYTES;
    const u32 b_tile = a_tile + A_BYTES;
#pragma unroll
    for (int ks = 0; ks < BK / 16; ks++) {
      u32 af[MT][4];
#pragma unroll
      for (int i = 0; i < MT; i++) {
        u32 r = wm0 + i * 16 + (lane & 7) + ((lane >> 3) & 1) * 8;
        uk_ldmatrix_x4(af[i], a_tile + swz_rk(r, ks * 2 + (lane >> 4)));
      }
      u32 bf[NT][2];
#pragma unroll
      for (int j = 0; j < NT; j += 2) {
        u32 t[4];
#if defined(UK_B_NK)
        u32 r = wn0 + j * 8 + (lane & 7) + (lane >> 4) * 8;
        uk_ldmatrix_x4(t, b_tile + swz_rk(r, ks * 2 + ((lane >> 3) & 1)));
#else
        u32 r = ks * 16 + (lane & 7) + ((lane >> 3) & 1) * 8;
        uk_ldmatrix_x4_trans(t, b_tile + swz_kn(r, (wn0 + j * 8) / 8 + (lane >> 4)));
#endif
        bf[j][0] = t[0];
        bf[j][1] = t[1];
        bf[j + 1][0] = t[2];
        bf[j + 1][1] = t[3];
      }
#pragma unroll
      for (int i = 0; i < MT; i++)
#pragma unroll
        for (int j = 0; j < NT; j++) uk_mma16816(acc[i][j], af[i], bf[j][0], bf[j][1]);
    }
  }
  uk_cp_async_wait<0>();
  // The next call of this ukernel in the same workgroup reuses the stages.
  __syncthreads();

  // Accumulator (i, j, r) is C[row, col] with row = g (+8 for r >= 2) and
  // col = 2 * (lane % 4) + (r & 1) within the warp's 16 x 8 tile (i, j).
  float *cbase = c + c_offset;
  const u32 g = lane >> 2, q = lane & 3;
  const bool pairs = (((u64)cbase | (u64)ldc * 4) & 7) == 0;
#pragma unroll
  for (int i = 0; i < MT; i++) {
#pragma unroll
    for (int half = 0; half < 2; half++) {
      i64 row = o.m0 + wm0 + i * 16 + g + half * 8;
      if (row >= m) continue;
      float *crow = cbase + row * ldc;
#pragma unroll
      for (int j = 0; j < NT; j++) {
        i64 col = o.n0 + wn0 + j * 8 + q * 2;
        float v0 = acc[i][j][half * 2], v1 = acc[i][j][half * 2 + 1];
        if (store) {
          uk_epilogue2(epilogue, row, col, n, v0, v1);
        } else if (pairs && col + 1 < n) {
          float *p = crow + col;
          if (accumulate) {
            v0 += p[0];
            v1 += p[1];
          }
          asm volatile("st.global.v2.f32 [%0], {%1, %2};" ::"l"(p), "f"(v0), "f"(v1) : "memory");
        } else {
          if (col < n) crow[col] = accumulate ? crow[col] + v0 : v0;
          if (col + 1 < n) crow[col + 1] = accumulate ? crow[col + 1] + v1 : v1;
        }
      }
    }
  }
}
