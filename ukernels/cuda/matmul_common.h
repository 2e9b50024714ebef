// Shared pieces of the matmul ukernels: operand types, tensor-core and
// asynchronous-copy instructions as inline PTX (clang has no builtins for
// mma.sync m16n8k16, ldmatrix or cp.async with a source size).
//
// Built with -DUK_AB_BF16 or -DUK_AB_F16 (both inputs of that type; f32
// accumulation and f32 output), -DUK_AB_F8E4M3FN or -DUK_AB_F8E5M2 (8-bit
// floats: the wgmma ukernel alone), or -DUK_AB_F32 (the CUDA-core ukernel), and -DUK_B_NK (B stored N x K, K contiguous:
// the weight layout of torch's F.linear) or -DUK_B_KN (B stored K x N).
#pragma once

#include "common.h"

#if defined(UK_AB_BF16)
#define UK_AB_NAME bf16
#define UK_MMA_TYPE "bf16"
#elif defined(UK_AB_F16)
#define UK_AB_NAME f16
#define UK_MMA_TYPE "f16"
#elif defined(UK_AB_F8E4M3FN)
#define UK_AB_NAME f8e4m3fn
#define UK_MMA_TYPE "e4m3"
#elif defined(UK_AB_F8E5M2)
#define UK_AB_NAME f8e5m2
#define UK_MMA_TYPE "e5m2"
#elif defined(UK_AB_F32)
// f32 inputs: the CUDA-core ukernel (matmul_simt.cu), no tensor-core path.
#define UK_AB_NAME f32
#define UK_MMA_TYPE "unused"
#else
#error "define UK_AB_BF16, UK_AB_F16, UK_AB_F8E4M3FN, UK_AB_F8E5M2 or UK_AB_F32"
#endif
#if defined(UK_AB_F8E4M3FN) || defined(UK_AB_F8E5M2)
#define UK_AB_FP8 1
#else
#define UK_AB_FP8 0
#endif
// The type of each operand in tensor-core instructions: both UK_MMA_TYPE,
// but an 8-bit B may be the other 8-bit type (-DUK_B_AS_F8E4M3FN or
// -DUK_B_AS_F8E5M2: f8E4M3FN activations by f8E5M2 weights, or the reverse).
#define UK_MMA_TYPE_A UK_MMA_TYPE
#if defined(UK_B_AS_F8E4M3FN) && UK_AB_FP8
#define UK_MMA_TYPE_B "e4m3"
#elif defined(UK_B_AS_F8E5M2) && UK_AB_FP8
#define UK_MMA_TYPE_B "e5m2"
#else
#define UK_MMA_TYPE_B UK_MMA_TYPE
#endif

#if defined(UK_B_NK)
#define UK_LAYOUT_NAME nk
#elif defined(UK_B_KN)
#define UK_LAYOUT_NAME kn
#else
#error "define UK_B_NK or UK_B_KN"
#endif

#if defined(UK_AB_F32)
typedef float AB;
#elif UK_AB_FP8
typedef u8 AB; // the 8-bit float's bits
#else
typedef u16 AB; // bf16 or f16 bits
#endif
typedef struct {
  u32 x, y, z, w;
} u32x4;

#define UK_CAT5(a, b, c, d, e) a##b##c##d##e
#define UK_MM_NAME(v, t, l) UK_CAT5(uk_matmul_, v, t, _, l)

// Generic address of shared memory -> the 32-bit shared-window address the
// ldmatrix / cp.async operands take.
static UK_DEVICE UK_INLINE u32 uk_smem_addr(const void *p) {
  u32 a;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}

// 16 bytes global -> shared, asynchronously; bytes past `src_bytes` (0 or 16)
// are zero-filled, so out-of-bounds chunks cost no load.
static UK_DEVICE UK_INLINE void uk_cp_async16(u32 dst, const void *src, u32 src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(src_bytes) : "memory");
}
// The same copy of 16 bytes that are all in bounds: no source size to select.
static UK_DEVICE UK_INLINE void uk_cp_async16_whole(u32 dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}
static UK_DEVICE UK_INLINE void uk_cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> static UK_DEVICE UK_INLINE void uk_cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

static UK_DEVICE UK_INLINE void uk_ldmatrix_x4(u32 r[4], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
static UK_DEVICE UK_INLINE void uk_ldmatrix_x4_trans(u32 r[4], u32 addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}

// d += a * b on one m16n8k16 tile (row-major A, column-major B, f32 accumulators).
static UK_DEVICE UK_INLINE void uk_mma16816(float d[4], const u32 a[4], u32 b0, u32 b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." UK_MMA_TYPE "." UK_MMA_TYPE ".f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// 16 bytes of global memory that the kernel only reads, bypassing L1
// (UK_STREAM_L2_256B, for tuning sweeps: with L2's 256-byte prefetch hint).
#ifdef UK_STREAM_L2_256B
#define UK_STREAM_LOAD "ld.global.nc.L1::no_allocate.L2::256B.v4.u32"
#else
#define UK_STREAM_LOAD "ld.global.nc.L1::no_allocate.v4.u32"
#endif
static UK_DEVICE UK_INLINE u32x4 uk_ld_stream16(const void *p) {
  u32x4 v;
  asm volatile(UK_STREAM_LOAD " {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}
static UK_DEVICE UK_INLINE u32x4 uk_ld16(const void *p) {
  u32x4 v;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

// Eight consecutive elements of a row starting at `col`, zero past `limit`
// (element by element: for unaligned rows and row tails).
#if UK_AB_FP8
// The 16 bytes of `row` at `col` (16 elements), zeros at `limit` and past it.
static UK_DEVICE UK_INLINE u32x4 uk_load16_bytes_masked(const AB *row, i64 col, i64 limit) {
  u32 w[4] = {0, 0, 0, 0};
#pragma unroll
  for (int i = 0; i < 16; i++)
    if (col + i < limit) w[i / 4] |= (u32)row[col + i] << (8 * (i % 4));
  return (u32x4){w[0], w[1], w[2], w[3]};
}
#else
static UK_DEVICE UK_INLINE u32x4 uk_load8_masked(const AB *row, i64 col, i64 limit) {
  u16 e[8];
#pragma unroll
  for (int i = 0; i < 8; i++) e[i] = (col + i < limit) ? row[col + i] : (u16)0;
  u32x4 v;
  v.x = (u32)e[0] | ((u32)e[1] << 16);
  v.y = (u32)e[2] | ((u32)e[3] << 16);
  v.z = (u32)e[4] | ((u32)e[5] << 16);
  v.w = (u32)e[6] | ((u32)e[7] << 16);
  return v;
}
#endif

static UK_DEVICE UK_INLINE bool uk_aligned16(const void *p) { return ((u64)p & 15) == 0; }

#if !defined(UK_AB_F32) && !UK_AB_FP8
// A 16-bit input element, widened to f32 (exact).
static UK_DEVICE UK_INLINE float uk_ab_to_f32(u16 h) {
#if defined(UK_AB_BF16)
  return uk_bf16_to_f32(h);
#else
  return uk_f16_to_f32(h);
#endif
}

// Element i (0..7) of 16 loaded bytes of 16-bit inputs, widened to f32.
static UK_DEVICE UK_INLINE float uk_elem8(const u32x4 &v, int i) {
  u32 w = i < 2 ? v.x : i < 4 ? v.y : i < 6 ? v.z : v.w;
  return uk_ab_to_f32((i & 1) ? (u16)(w >> 16) : (u16)(w & 0xffff));
}
#endif

// The store fusion point (registry tag `fusion = "store"`): when `store` is
// not null the ukernel writes no C; for each pair of adjacent elements of
// its tile it calls
//   store(out, out_offset, ldo, operand, operand_offset, row, col, v0, v1, mode),
// a compiler-generated epilogue (a bias, an activation, a conversion to a
// 16-bit output) that writes the results itself: v0 at col, and v1 at
// col + 1 unless mode is UK_STORE_ONE. UK_STORE_VECTOR writes both with one
// vector store, so the ukernel passes it only where col is even and the
// output is 8-byte aligned with an even offset and row stride (then the
// pair's address is aligned for outputs of up to 4 bytes); UK_STORE_TWO
// writes them one by one. A kernel that inlines the ukernel passes a
// constant function, which LLVM inlines in turn: one copy of the epilogue
// per call site.
#define UK_STORE_ONE 1
#define UK_STORE_VECTOR 2
#define UK_STORE_TWO 3
typedef void (*UkStore)(char *out, i64 out_offset, i64 ldo, const char *operand, i64 operand_offset, i64 row,
                        i64 col, float v0, float v1, i32 mode);
struct UkEpilogue {
  UkStore store;
  char *out;
  i64 out_offset, ldo;
  const char *operand;
  i64 operand_offset;
  bool aligned; // pairs at even columns may use UK_STORE_VECTOR
};
// Column col of `row` alone.
static UK_DEVICE UK_INLINE void uk_epilogue(const UkEpilogue &e, i64 row, i64 col, float v) {
  e.store(e.out, e.out_offset, e.ldo, e.operand, e.operand_offset, row, col, v, v, UK_STORE_ONE);
}
// Columns col and col + 1 of `row` (col even), those below n.
static UK_DEVICE UK_INLINE void uk_epilogue2(const UkEpilogue &e, i64 row, i64 col, i64 n, float v0, float v1) {
  if (col >= n) return;
  const i32 mode = col + 1 >= n ? UK_STORE_ONE : e.aligned ? UK_STORE_VECTOR : UK_STORE_TWO;
  e.store(e.out, e.out_offset, e.ldo, e.operand, e.operand_offset, row, col, v0, v1, mode);
}

// The parameters every matmul ukernel takes after `accumulate`.
#define UK_EPILOGUE_PARAMS                                                                                   \
  UkStore store, char *store_out, i64 store_out_offset, i64 store_ld, const char *store_operand,           \
      i64 store_operand_offset
#define UK_EPILOGUE_INIT                                                                                     \
  {store,                                                                                                    \
   store_out,                                                                                                \
   store_out_offset,                                                                                         \
   store_ld,                                                                                                 \
   store_operand,                                                                                            \
   store_operand_offset,                                                                                     \
   ((u64)store_out & 7) == 0 && ((store_out_offset | store_ld) & 1) == 0}

// 8 elements of `row` (length `len`) at `col`: one 16-byte load (bypassing L1
// when `stream`) when the whole chunk is in bounds and the row is aligned
// (`vec`), else element by element with zeros past the end.
#if !UK_AB_FP8
static UK_DEVICE UK_INLINE u32x4 uk_load8(const AB *row, i64 col, i64 len, bool vec, bool stream) {
  if (vec && col + 8 <= len) return stream ? uk_ld_stream16(row + col) : uk_ld16(row + col);
  return uk_load8_masked(row, col, len);
}
#endif
