// Hopper matmul ukernel (sm_90a only): wgmma from shared memory, one
// workgroup of two warpgroups computing a 128 x 256 tile of C over the whole K.
//
// Built per input type into uk_matmul_wgmma_<bf16|f16>_nk (B stored N x K,
// K contiguous: both operands K-major), with clang for sm_90a: wgmma exists
// only for the arch-specific target, whose PTX loads only on compute
// capability exactly 9.0.
//
// Pipeline: 4 stages of a 128 x 64 A tile and a 256 x 64 B tile (192 KiB of
// dynamic shared memory) filled with 16-byte cp.async in the 128-byte swizzle
// wgmma's descriptors describe; each k-tile, warpgroup g multiplies rows
// [64 g, 64 g + 64) of A with all of B in four m64n256k16 steps.
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu), with tiles
// of 128 x 256. Workgroup: exactly 256 threads. Dynamic shared memory:
// 196608 bytes (plus up to 1 KiB of alignment slack: 197632).

#include "matmul_common.h"

#ifndef UK_B_NK
#error "the wgmma ukernel reads B as N x K"
#endif

#define BM 128
#define BN 256
#define BK 64
#define STAGES 4
#define THREADS 256
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)

#define UK_SYMBOL UK_MM_NAME(wgmma_, UK_AB_NAME, UK_LAYOUT_NAME)

extern __attribute__((shared)) __attribute__((aligned(1024))) char uk_matmul_smem[];

// Byte offset of 16-byte chunk c (0..7) of row r in a [rows][64] tile with
// the 128-byte swizzle: chunks of each 128-byte row XORed with the row mod 8.
static UK_DEVICE UK_INLINE u32 swz128(u32 r, u32 c) { return r * 128 + ((c ^ (r & 7)) << 4); }

// A shared-memory matrix descriptor: K-major, 128-byte swizzle, 8-row groups
// 1024 bytes apart.
static UK_DEVICE UK_INLINE u64 desc(u32 addr) {
  return (u64)((addr & 0x3ffff) >> 4) | ((u64)1 << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
}

static UK_DEVICE UK_INLINE void wgmma_m64n256k16(float d[128], u64 desc_a, u64 desc_b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32." UK_MMA_TYPE "." UK_MMA_TYPE " "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(accumulate));
}

static UK_DEVICE UK_INLINE void load_rows(u32 dst_tile, const AB *src, i64 ld, i64 rows_from, i64 rows_limit, i64 k0,
                                          i64 k, bool vec, u32 rows, u32 tid) {
  for (u32 chunk = tid; chunk < rows * 8; chunk += THREADS) {
    u32 r = chunk >> 3, c = chunk & 7;
    i64 row = rows_from + r, col = k0 + c * 8;
    u32 dst = dst_tile + swz128(r, c);
    bool in = row < rows_limit && col < k;
    if (vec) {
      uk_cp_async16(dst, in ? src + row * ld + col : src, in ? 16 : 0);
    } else {
      u32x4 v = {0, 0, 0, 0};
      if (row < rows_limit) v = uk_load8_masked(src + row * ld, col, k);
      asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
  }
}

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate) {
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5, group = warp >> 2;
  // The swizzle needs 1024-byte aligned tiles.
  const u32 smem = (uk_smem_addr(uk_matmul_smem) + 1023) & ~1023u;
  const AB *A = a + a_offset;
  const AB *B = b + b_offset;
  const i64 m0 = (i64)tile_m * BM, n0 = (i64)tile_n * BN;
  const bool a_vec = uk_aligned16(A) && (lda & 7) == 0 && (k & 7) == 0;
  const bool b_vec = uk_aligned16(B) && (ldb & 7) == 0 && (k & 7) == 0;

  float d[128];
#pragma unroll
  for (int i = 0; i < 128; i++) d[i] = 0.0f;

  // Tiles are loaded two ahead into four stages, and one batch of wgmma stays
  // in flight: the stage a load overwrites was read two batches ago, which
  // every warpgroup has waited for before the barrier that precedes the load.
  const i64 ktiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < 2; s++) {
    if (s < ktiles) {
      u32 st = smem + s * STAGE_BYTES;
      load_rows(st, A, lda, m0, m, (i64)s * BK, k, a_vec, BM, tid);
      load_rows(st + A_BYTES, B, ldb, n0, n, (i64)s * BK, k, b_vec, BN, tid);
    }
    uk_cp_async_commit();
  }
  for (i64 kt = 0; kt < ktiles; kt++) {
    uk_cp_async_wait<1>();
    // Shared memory written through the generic proxy, read by wgmma.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    i64 next = kt + 2;
    if (next < ktiles) {
      u32 st = smem + (u32)(next % STAGES) * STAGE_BYTES;
      load_rows(st, A, lda, m0, m, next * BK, k, a_vec, BM, tid);
      load_rows(st + A_BYTES, B, ldb, n0, n, next * BK, k, b_vec, BN, tid);
    }
    uk_cp_async_commit();

    const u32 st = smem + (u32)(kt % STAGES) * STAGE_BYTES;
    const u32 a_tile = st + group * 64 * 128;
    const u32 b_tile = st + A_BYTES;
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < BK / 16; ks++) wgmma_m64n256k16(d, desc(a_tile + ks * 32), desc(b_tile + ks * 32), 1);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  uk_cp_async_wait<0>();
  __syncthreads();

  // d[j] is C[row, col] with row = 64 group + 16 (warp % 4) + lane / 4 (+8 for
  // (j / 2) odd) and col = 8 (j / 4) + 2 (lane % 4) + (j & 1).
  float *cbase = c + c_offset;
  const i64 row0 = m0 + group * 64 + (warp & 3) * 16 + (lane >> 2);
#pragma unroll
  for (int j = 0; j < 128; j += 2) {
    i64 row = row0 + ((j >> 1) & 1) * 8;
    i64 col = n0 + (j >> 2) * 8 + (lane & 3) * 2;
    if (row >= m) continue;
    float *p = cbase + row * ldc + col;
    float v0 = d[j], v1 = d[j + 1];
    if (col < n) p[0] = accumulate ? p[0] + v0 : v0;
    if (col + 1 < n) p[1] = accumulate ? p[1] + v1 : v1;
  }
}
