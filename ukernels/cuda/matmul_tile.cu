// Matmul tile ukernel on tensor cores (mma.sync m16n8k16, sm_80 and newer):
// one workgroup computes one BM x BN tile of C over the whole K.
//
// Built per (input type, B layout) with the defines of matmul_common.h into
// uk_matmul_tile_<bf16|f16>_<nk|kn> (UK_TILE_SYMBOL), and with the tile's
// shape as the registry gives it (ukernels/src/matmul/catalog.rs): UK_TILE_BM x UK_TILE_BN
// of C, K chunks of UK_TILE_BK in UK_TILE_STAGES stages of a cp.async
// pipeline, UK_TILE_WARPS_M x UK_TILE_WARPS_N warps, times UK_TILE_WARPS_K
// that split each stage's K steps. The skinny ukernels for decode
// (uk_matmul_skinny[_wide]_<t>_nk, UK_TILE_SYMBOL) are this code with a
// tile of 16 rows. bench/matmul_sweep.sh builds other shapes for tuning.
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
// Every thread of a workgroup of exactly 32 x WARPS_M x WARPS_N x WARPS_K
// threads (x; y = z = 1) calls it with the same arguments. Dynamic shared memory: STAGES
// x (BM + BN) x BK x 2 bytes, which the launch must provide.
// Any M, N, K (edges are masked); rows whose start is 16-byte aligned with
// K (nk) or N (kn) a multiple of 8 take 16-byte asynchronous copies, others
// element loads.

#include "matmul_common.h"

#if !defined(UK_TILE_BM) || !defined(UK_TILE_BN) || !defined(UK_TILE_BK) || !defined(UK_TILE_STAGES) ||            \
    !defined(UK_TILE_WARPS_M) || !defined(UK_TILE_WARPS_N) || !defined(UK_TILE_SYMBOL)
#error "the registry names each build and gives its shape: define UK_TILE_SYMBOL, _BM, _BN, _BK, _STAGES, _WARPS_M, _WARPS_N"
#endif
#define BM UK_TILE_BM
#define BN UK_TILE_BN
#define BK UK_TILE_BK
#define STAGES UK_TILE_STAGES
// Warps that split each stage's K steps among them (their partial tiles
// summed through shared memory at the end): for tiles of a few rows, where
// the warps of M x N alone would be too few (decode).
#ifndef UK_TILE_WARPS_K
#define UK_TILE_WARPS_K 1
#endif
#define WARPS_MN (UK_TILE_WARPS_M * UK_TILE_WARPS_N)
#define WK UK_TILE_WARPS_K
#define THREADS (32 * WARPS_MN * WK)
#define KSW (BK / 16 / WK) // k16 steps per warp per stage
// The k16 step after whose fragment loads a warp issues a later K-tile's
// copies (and first waits for the stage it refills to be read by all). With
// the fragments double-buffered, 3 of 4 (the last step) was fastest on an
// H100, and the only step at which ptxas kept the general loop free of
// spills (edge tiles 6% faster than at 1 or 2); at 2 without double
// buffering it was 3-4% faster than at 0 (bench/results/
// 2026-12-05-tile-early-barrier, run2 and run5).
#ifndef UK_TILE_ISSUE_STEP
#define UK_TILE_ISSUE_STEP 3
#endif
#define ISSUE_STEP (UK_TILE_ISSUE_STEP < KSW ? UK_TILE_ISSUE_STEP : KSW - 1)
#define WARP_M (BM / UK_TILE_WARPS_M)
#define WARP_N (BN / UK_TILE_WARPS_N)
#define MT (WARP_M / 16) // m16 tiles per warp
#define NT (WARP_N / 8)  // n8 tiles per warp
#define CA (BK / 8)      // 16-byte chunks per row of a [rows][BK] tile
#define CB (BN / 8)      // 16-byte chunks per row of a [BK][BN] tile
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
static_assert(BM * CA % THREADS == 0 && BN * CA % THREADS == 0, "every thread copies whole chunks of a stage");
static_assert(KSW * WK * 16 == BK && KSW >= 1, "the K steps of a stage split evenly among the warps of K");
static_assert((WK - 1) * BM * BN * 4 <= STAGES * STAGE_BYTES, "the partial tiles fit in the stages");

#define UK_SYMBOL UK_TILE_SYMBOL

// The loop's lambdas forced inline in bench/matmul_sweep.sh's builds: clang
// left run_stage a call per K-tile in some of them, which then timed slower
// than the same shape inlined. The registry's builds inline them unforced;
// forcing it there too changed how their linked module was optimised (other
// code, measured no faster), so they keep clang's choice.
#ifdef UK_TILE_FORCE_INLINE
#define UK_INLINE_LAMBDA __attribute__((always_inline))
#else
#define UK_INLINE_LAMBDA
#endif

extern __attribute__((shared)) __attribute__((aligned(128))) char uk_matmul_smem[];

// Byte offset of 16-byte chunk `c` of row `r` in a [rows][BK] tile:
// XOR-swizzled within each 128-byte line group so that the 8 rows one
// ldmatrix reads hit distinct banks.
// (Rows of 128 bytes or more: the chunk's low 3 bits XOR the row's.)
static UK_DEVICE UK_INLINE u32 swz_rk(u32 r, u32 c) {
  if constexpr (CA >= 8) return r * (CA * 16) + ((c ^ (r & 7)) << 4);
  else return r * (CA * 16) + ((c ^ ((r / (8 / CA)) & (CA - 1))) << 4);
}
// Byte offset of chunk `c` of row `r` in a [BK][BN] tile.
// Rows of fewer than 8 chunks (a skinny tile's 32 columns) XOR with the
// row's group of 8 / CB rows instead, as swz_rk does.
[[maybe_unused]] static UK_DEVICE UK_INLINE u32 swz_kn(u32 r, u32 c) {
  if constexpr (CB >= 8) return r * (CB * 16) + ((c ^ (r & 7)) << 4);
  else return r * (CB * 16) + ((c ^ ((r / (8 / CB)) & (CB - 1))) << 4);
}

struct Operands {
  const AB *a;
  const AB *b;
  i64 lda, ldb, m, n, k, m0, n0;
  bool a_vec, b_vec;
#ifdef UK_TILE_STAGGER_K
  i64 ktiles, kt_rot;
#endif
};

// Staggered K (UK_TILE_STAGGER_K, the registry's wide skinny ukernel): where
// K is a whole number of K-tiles, the workgroup of column tile j walks them
// from K-tile j x ktiles / (column tiles) on, wrapping round, so that the
// workgroups of a launch read different stretches of the weight rows at any
// moment rather than all the same one. The sum's order changes with j, and
// stays fixed for a given j. (A macro, not a function: an added function,
// inlined all the same, changed how the other builds' linked module was
// optimised, and so their code.)
#ifdef UK_TILE_STAGGER_K
#define KTILE_K0(o, kt) (((kt) + (o).kt_rot < (o).ktiles ? (kt) + (o).kt_rot : (kt) + (o).kt_rot - (o).ktiles) * BK)
#else
#define KTILE_K0(o, kt) ((kt) * BK)
#endif

// Issues the copies of K-tile `kt` into shared-memory stage `stage`.
static UK_DEVICE UK_INLINE void load_stage(const Operands &o, u32 smem, int stage, i64 kt, u32 tid) {
  const u32 a_tile = smem + stage * STAGE_BYTES;
  const u32 b_tile = a_tile + A_BYTES;
  const i64 k0 = KTILE_K0(o, kt);
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

// The 16-byte chunks one thread copies per stage when both operands take
// asynchronous copies. Chunk i of a thread is chunk tid + i x THREADS of
// the stage; THREADS is a whole number of rows of chunks, so a thread keeps
// one column of chunks and its chunks step down the rows ROW_STEP apart. The
// plan holds chunk 0's source at K-tile 0 and the step between chunks, not
// an address per chunk, which at the 256 x 128 tile took 36 of the
// registers the accumulators and two steps' fragments need.
#define A_CHUNKS (BM * CA / THREADS)
#define B_CHUNKS (BN * CA / THREADS)
#define A_ROW_STEP (THREADS / CA)
#if defined(UK_B_NK)
#define B_ROW_STEP (THREADS / CA)
static_assert(THREADS % CA == 0, "a thread copies one column of chunks");
#else
#define B_ROW_STEP (THREADS / CB)
static_assert(THREADS % CA == 0 && THREADS % CB == 0, "a thread copies one column of chunks");
#endif
static_assert(A_CHUNKS < 32 && B_CHUNKS < 32, "a bit per chunk in a 32-bit mask");
struct CopyPlan {
  const AB *a_src, *b_src; // chunk 0's source at K-tile 0
  i64 a_step, b_step;      // elements from one chunk's source to the next's
  u32 a_r, a_c, b_r, b_c;  // chunk 0's row and chunk column in the stage's tiles
  u32 a_in, b_in;          // bit i: chunk i's row (M, N) is in bounds
};

static UK_DEVICE UK_INLINE CopyPlan copy_plan(const Operands &o, u32 tid) {
  CopyPlan p;
  p.a_r = tid / CA;
  p.a_c = tid % CA;
  p.a_src = o.a + (o.m0 + p.a_r) * o.lda + p.a_c * 8;
  p.a_step = A_ROW_STEP * o.lda;
  p.a_in = 0;
#pragma unroll
  for (int i = 0; i < A_CHUNKS; i++) p.a_in |= (u32)(o.m0 + p.a_r + i * A_ROW_STEP < o.m) << i;
#if defined(UK_B_NK)
  p.b_r = tid / CA;
  p.b_c = tid % CA;
  p.b_src = o.b + (o.n0 + p.b_r) * o.ldb + p.b_c * 8;
  p.b_in = 0;
#pragma unroll
  for (int i = 0; i < B_CHUNKS; i++) p.b_in |= (u32)(o.n0 + p.b_r + i * B_ROW_STEP < o.n) << i;
#else
  p.b_r = tid / CB;
  p.b_c = tid % CB;
  p.b_src = o.b + (i64)p.b_r * o.ldb + o.n0 + p.b_c * 8;
  p.b_in = o.n0 + p.b_c * 8 < o.n ? (1u << B_CHUNKS) - 1 : 0;
#endif
  p.b_step = B_ROW_STEP * o.ldb;
  return p;
}

// Shared offsets of a thread's chunk i (constants apart from chunk 0's where
// ROW_STEP is a multiple of the swizzle's 8 rows).
static UK_DEVICE UK_INLINE u32 a_chunk_dst(const CopyPlan &p, int i) { return swz_rk(p.a_r + i * A_ROW_STEP, p.a_c); }
static UK_DEVICE UK_INLINE u32 b_chunk_dst(const CopyPlan &p, int i) {
#if defined(UK_B_NK)
  return swz_rk(p.b_r + i * B_ROW_STEP, p.b_c);
#else
  return swz_kn(p.b_r + i * B_ROW_STEP, p.b_c);
#endif
}

// load_stage for operands that take asynchronous copies, from a copy plan.
// A chunk out of bounds reads nothing from its source, row 0 of the operand.
static UK_DEVICE UK_INLINE void copy_stage(const Operands &o, const CopyPlan &p, u32 smem, int stage, i64 kt) {
  const u32 a_tile = smem + stage * STAGE_BYTES;
  const u32 b_tile = a_tile + A_BYTES;
  const i64 k0 = KTILE_K0(o, kt);
  const bool a_k_in = k0 + p.a_c * 8 < o.k;
  const AB *a_src = p.a_src + k0;
#pragma unroll
  for (int i = 0; i < A_CHUNKS; i++, a_src += p.a_step) {
    bool in = ((p.a_in >> i) & 1) && a_k_in;
    uk_cp_async16(a_tile + a_chunk_dst(p, i), in ? a_src : o.a, in ? 16 : 0);
  }
#if defined(UK_B_NK)
  const AB *b_src = p.b_src + k0;
#else
  const AB *b_src = p.b_src + k0 * o.ldb;
#endif
#pragma unroll
  for (int i = 0; i < B_CHUNKS; i++, b_src += p.b_step) {
#if defined(UK_B_NK)
    bool in = ((p.b_in >> i) & 1) && k0 + p.b_c * 8 < o.k;
#else
    bool in = ((p.b_in >> i) & 1) && k0 + p.b_r + i * B_ROW_STEP < o.k;
#endif
    uk_cp_async16(b_tile + b_chunk_dst(p, i), in ? b_src : o.b, in ? 16 : 0);
  }
}

// copy_stage for a K-tile wholly inside K of a tile whose rows (M and N) are
// all in bounds: no chunk tests anything, so a copy is an address add and
// the copy itself; the masked form spends 7 instructions per chunk, a fifth
// of the mainloop's at the 256 x 128 tile. Edge tiles and the last partial
// K-tile keep copy_stage (a variant that tested rows only, for edge tiles,
// measured no faster and made ptxas spill in the general loop).
static UK_DEVICE UK_INLINE void copy_whole_stage(const Operands &o, const CopyPlan &p, u32 smem, u32 stage, i64 kt) {
  const u32 a_tile = smem + stage * STAGE_BYTES;
  const u32 b_tile = a_tile + A_BYTES;
  const i64 k0 = KTILE_K0(o, kt);
  const AB *a_src = p.a_src + k0;
#pragma unroll
  for (int i = 0; i < A_CHUNKS; i++, a_src += p.a_step) uk_cp_async16_whole(a_tile + a_chunk_dst(p, i), a_src);
#if defined(UK_B_NK)
  const AB *b_src = p.b_src + k0;
#else
  const AB *b_src = p.b_src + k0 * o.ldb;
#endif
#pragma unroll
  for (int i = 0; i < B_CHUNKS; i++, b_src += p.b_step) uk_cp_async16_whole(b_tile + b_chunk_dst(p, i), b_src);
}

// mbarriers in shared memory after the stages (sm_80: test_wait polls).
static UK_DEVICE UK_INLINE void tile_mbar_init(u32 bar, u32 count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static UK_DEVICE UK_INLINE void tile_mbar_inval(u32 bar) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(bar) : "memory");
}
static UK_DEVICE UK_INLINE void tile_mbar_arrive(u32 bar) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
}
// This thread's arrival, made when its earlier cp.async have landed.
static UK_DEVICE UK_INLINE void tile_mbar_arrive_copies(u32 bar) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(bar) : "memory");
}
// This thread's arrival after loads of either kind: now for its stores to
// shared memory (release), and the phase held until its cp.async land.
static UK_DEVICE UK_INLINE void tile_mbar_arrive_loads(u32 bar) {
  asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(bar) : "memory");
  tile_mbar_arrive(bar);
}
// Waits until the phase of parity `parity` completed.
static UK_DEVICE UK_INLINE void tile_mbar_wait(u32 bar, u32 parity) {
  u32 done;
  do {
    asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
  } while (!done);
}

// The A and B fragments of one warp for k16 step `ks` of a stage.
static UK_DEVICE UK_INLINE void load_fragments(u32 af[MT][4], u32 bf[NT][2], u32 a_tile, u32 wm0, u32 wn0, int ks,
                                               u32 lane) {
  const u32 b_tile = a_tile + A_BYTES;
#pragma unroll
  for (int i = 0; i < MT; i++) {
    u32 r = wm0 + i * 16 + (lane & 7) + ((lane >> 3) & 1) * 8;
    uk_ldmatrix_x4(af[i], a_tile + swz_rk(r, ks * 2 + (lane >> 4)));
  }
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
}

// The stage a warp reads and the stage it refills move on by one, each
// phase flipping where its stage wraps.
static UK_DEVICE UK_INLINE void advance_stages(u32 &read_stage, u32 &read_phase, u32 &write_stage, u32 &write_phase) {
  if (read_stage == STAGES - 1) read_phase ^= 1;
  read_stage = read_stage == STAGES - 1 ? 0 : read_stage + 1;
  if (write_stage == STAGES - 1) write_phase ^= 1;
  write_stage = write_stage == STAGES - 1 ? 0 : write_stage + 1;
}

// One k16 step's mma of the warp's MT x NT tiles.
static UK_DEVICE UK_INLINE void mma_step(float acc[MT][NT][4], const u32 af[MT][4], const u32 bf[NT][2]) {
#pragma unroll
  for (int i = 0; i < MT; i++)
#pragma unroll
    for (int j = 0; j < NT; j++) uk_mma16816(acc[i][j], af[i], bf[j][0], bf[j][1]);
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
#ifdef UK_TILE_STAGGER_K
  o.ktiles = ktiles;
  o.kt_rot = k % BK == 0 ? (i64)tile_n * ktiles / ((n + BN - 1) / BN) : 0;
#endif
  // Operands that take asynchronous copies follow a copy plan. On an H200 it
  // sped the 128 x 128 tile built for 2 workgroups per SM up by 12% with B
  // as N x K and slowed it by 9% with B as K x N, from the registers it
  // holds (bench/results/2026-12-03-h200-tile-pipeline, run1); the tiles
  // built for 1 per SM that run2 measured fastest all had it.
  const bool planned = o.a_vec && o.b_vec;
  const CopyPlan plan = copy_plan(o, tid);
  // K-tiles below this one lie wholly inside K (copy_whole_stage).
  const i64 whole_ktiles = planned ? k / BK : 0;
  const bool all_rows = o.m0 + BM <= m && o.n0 + BN <= n;
#define LOAD_STAGE(stage, kt)                                                                                \
  do {                                                                                                       \
    if ((kt) < whole_ktiles && all_rows)                                                                     \
      copy_whole_stage(o, plan, smem, stage, kt);                                                            \
    else if (planned)                                                                                        \
      copy_stage(o, plan, smem, stage, kt);                                                                  \
    else                                                                                                     \
      load_stage(o, smem, stage, kt, tid);                                                                   \
  } while (0)
#ifdef UK_TILE_FRAG_PIPE
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < ktiles) LOAD_STAGE(s, s);
    uk_cp_async_commit();
  }
#else
  if (tid < 2 * STAGES) tile_mbar_init(smem + STAGES * STAGE_BYTES + tid * 8, THREADS);
  __syncthreads();
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < ktiles) {
      LOAD_STAGE(s, s);
      tile_mbar_arrive_loads(smem + STAGES * STAGE_BYTES + s * 8);
    }
  }
#endif

  const u32 warp_k = warp / WARPS_MN, warp_mn = warp % WARPS_MN;
  const u32 wm0 = (warp_mn / UK_TILE_WARPS_N) * WARP_M; // warp's rows within the tile
  const u32 wn0 = (warp_mn % UK_TILE_WARPS_N) * WARP_N; // warp's columns within the tile
#ifdef UK_TILE_FRAG_PIPE
  // Fragments double-buffered: each k16 step loads the next step's
  // fragments (across stages too) before its own mma, and the barrier that
  // hands over the next stage sits before the last step of a stage.
  static_assert(BK >= 32, "the barrier sits before the last of at least two k16 steps");
  static_assert(WK == 1, "double-buffered fragments with the warps of M x N only");
  uk_cp_async_wait<STAGES - 2>();
  __syncthreads();
  u32 af[2][MT][4], bf[2][NT][2];
  load_fragments(af[0], bf[0], smem, wm0, wn0, 0, lane);
  for (i64 kt = 0; kt < ktiles; kt++) {
    const u32 a_tile = smem + (u32)(kt % STAGES) * STAGE_BYTES;
    const u32 a_next = smem + (u32)((kt + 1) % STAGES) * STAGE_BYTES;
#pragma unroll
    for (int ks = 0; ks < BK / 16; ks++) {
      if (ks + 1 < BK / 16)
        load_fragments(af[(ks + 1) & 1], bf[(ks + 1) & 1], a_tile, wm0, wn0, ks + 1, lane);
      else
        load_fragments(af[(ks + 1) & 1], bf[(ks + 1) & 1], a_next, wm0, wn0, 0, lane);
      if (ks == 0) {
        // Stage (kt - 1) % STAGES: every warp read it before the last barrier.
        i64 next = kt + STAGES - 1;
        if (next < ktiles) LOAD_STAGE((int)(next % STAGES), next);
        uk_cp_async_commit();
      }
      mma_step(acc, af[ks & 1], bf[ks & 1]);
      if (ks == BK / 16 - 2) {
        // Stage kt + 1 has landed, for the next step's fragments.
        uk_cp_async_wait<STAGES - 2>();
        __syncthreads();
      }
    }
  }
#else
  // Stages hand over through mbarriers, not a workgroup barrier per
  // K-tile: full[s] completes when every thread's copies into stage s have
  // landed, empty[s] when every thread has read it. A warp waits only for
  // the data it reads and, before refilling a stage, for the slowest warp to
  // have left it, so warps drift apart by up to a stage instead of meeting
  // at every K-tile.
  const u32 full = smem + STAGES * STAGE_BYTES, empty = full + STAGES * 8;
  u32 read_stage = 0, write_stage = STAGES - 1;
  // Parity of the phase a wait needs: the read stage's current use; the
  // write stage's previous use (a fresh barrier's "previous" phase, parity
  // 1, counts as complete).
  u32 read_phase = 0, write_phase = 1;
  // Fragments of a k16 step in buffer (step & 1), the next step's loaded
  // before this one's mma; the next K-tile's first step's loaded before the
  // last step's mma, so that its wait and fragment loads overlap them
  // rather than leave the tensor cores idle between K-tiles.
  static_assert(KSW % 2 == 0, "a K-tile ends on buffer 1, so the next one starts on buffer 0");
  u32 af[2][MT][4], bf[2][NT][2];
  auto open_stage = [&]() UK_INLINE_LAMBDA {
    tile_mbar_wait(full + read_stage * 8, read_phase);
    load_fragments(af[0], bf[0], smem + read_stage * STAGE_BYTES, wm0, wn0, (int)warp_k * KSW, lane);
  };
  // One K-tile's mma, the copies of a later K-tile (`issue`) after step
  // ISSUE_STEP's fragment loads, and (where `next`) the next K-tile opened.
  auto run_stage = [&](bool next, auto issue) UK_INLINE_LAMBDA {
    const u32 a_tile = smem + read_stage * STAGE_BYTES;
    const u32 read_done = empty + read_stage * 8;
#pragma unroll
    for (int kl = 0; kl < KSW; kl++) {
      const int cur = kl & 1;
      if (kl + 1 < KSW) {
        load_fragments(af[cur ^ 1], bf[cur ^ 1], a_tile, wm0, wn0, (int)warp_k * KSW + kl + 1, lane);
        if (kl + 2 == KSW) tile_mbar_arrive(read_done);
      }
      if (kl == ISSUE_STEP) issue();
      if (kl == KSW - 1) {
        advance_stages(read_stage, read_phase, write_stage, write_phase);
        if (next) open_stage();
      }
      mma_step(acc, af[cur], bf[cur]);
    }
  };
  i64 kt = 0;
  // K-tiles whose later K-tile copies whole and unmasked run a loop of
  // their own, with no branch between the fragment loads and the mma: 1-3%
  // faster on an H200 than one loop for all (bench/results/
  // 2026-12-05-tile-whole-copies, run5).
  const i64 straight_end = all_rows ? whole_ktiles - (STAGES - 1) : 0;
  if (straight_end > 0) open_stage();
  for (; kt < straight_end; kt++)
    run_stage(true, [&]() UK_INLINE_LAMBDA {
      tile_mbar_wait(empty + write_stage * 8, write_phase);
      copy_whole_stage(o, plan, smem, write_stage, kt + STAGES - 1);
      tile_mbar_arrive_copies(full + write_stage * 8);
    });
  // The rest (edge tiles, and an interior tile's last STAGES - 1 K-tiles)
  // load one step's fragments at a time: two steps' beside the branches of
  // LOAD_STAGE make ptxas spill. Their first K-tile reloads the fragments
  // the straight loop opened it with.
  for (; kt < ktiles; kt++) {
    tile_mbar_wait(full + read_stage * 8, read_phase);
    const u32 a_tile = smem + read_stage * STAGE_BYTES;
#pragma unroll
    for (int kl = 0; kl < KSW; kl++) {
      u32 af1[MT][4], bf1[NT][2];
      load_fragments(af1, bf1, a_tile, wm0, wn0, (int)warp_k * KSW + kl, lane);
      if (kl == KSW - 1) tile_mbar_arrive(empty + read_stage * 8);
      if (kl == ISSUE_STEP) {
        i64 later = kt + STAGES - 1;
        if (later < ktiles) {
          tile_mbar_wait(empty + write_stage * 8, write_phase);
          LOAD_STAGE(write_stage, later);
          tile_mbar_arrive_loads(full + write_stage * 8);
        }
      }
      mma_step(acc, af1, bf1);
    }
    advance_stages(read_stage, read_phase, write_stage, write_phase);
  }
#endif
#undef LOAD_STAGE
  uk_cp_async_wait<0>();
  // The next call of this ukernel in the same workgroup reuses the stages.
  __syncthreads();
#ifndef UK_TILE_FRAG_PIPE
  // and initialises the mbarriers afresh (every phase that anyone waits for
  // has completed).
  if (tid < 2 * STAGES) tile_mbar_inval(smem + STAGES * STAGE_BYTES + tid * 8);
#endif
  if constexpr (WK > 1) {
    // The warps of K > 0 hand their partial tiles to those of K = 0 through
    // the stages: element e of lane l of warp (k, mn) at ((k - 1) x WARPS_MN
    // + mn) x MT x NT x 4 + e, times 32, + l.
    float *partial = (float *)uk_matmul_smem;
    if (warp_k > 0) {
      float *mine = partial + ((warp_k - 1) * WARPS_MN + warp_mn) * (MT * NT * 4 * 32) + lane;
#pragma unroll
      for (int i = 0; i < MT; i++)
#pragma unroll
        for (int j = 0; j < NT; j++)
#pragma unroll
          for (int r = 0; r < 4; r++) mine[((i * NT + j) * 4 + r) * 32] = acc[i][j][r];
    }
    __syncthreads();
    if (warp_k == 0) {
#pragma unroll
      for (int w = 1; w < WK; w++) {
        const float *theirs = partial + ((w - 1) * WARPS_MN + warp_mn) * (MT * NT * 4 * 32) + lane;
#pragma unroll
        for (int i = 0; i < MT; i++)
#pragma unroll
          for (int j = 0; j < NT; j++)
#pragma unroll
            for (int r = 0; r < 4; r++) acc[i][j][r] += theirs[((i * NT + j) * 4 + r) * 32];
      }
    }
    __syncthreads();
  }
  // The warps of K = 0 write C.
  if (WK > 1 && warp_k != 0) return;

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
