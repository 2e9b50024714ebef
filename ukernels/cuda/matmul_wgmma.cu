// Hopper matmul ukernel (sm_90a only): a workgroup computes 128 x BN tiles
// of C over the whole K with wgmma, its operands brought into shared memory
// by the tensor memory accelerator (TMA).
//
// Built per input type and B layout into uk_matmul_wgmma_<bf16|f16>_<nk|kn>
// (B stored N x K, K contiguous: both operands K-major; or K x N, N
// contiguous: B MN-major, which wgmma reads transposed from shared memory,
// so torch.mm's layout needs no transpose), with clang for sm_90a: wgmma and
// tensormap.replace exist only for the arch-specific target, whose PTX
// loads only on compute capability exactly 9.0. 8-bit float inputs
// (uk_matmul_wgmma_narrow_<f8e4m3fn|f8e5m2>_nk, UK_AB_FP8): B as N x K
// only, 128 bytes of K per stage row (128 elements: k32 per instruction),
// each stage's products summed apart and added in f32 (see
// multiply_stage_promoted).
//
// Workgroup: two consumer warpgroups (warps 0-7) and a producer (warps 8 and
// on). One producer thread issues the TMA loads of a 128 x 64 A tile and a
// BN x 64 B tile per stage (of 16-bit inputs: 128 bytes of K) in the
// 128-byte swizzle, each stage's arrival
// counted on a "full" mbarrier. Each consumer multiplies its 64 rows of A
// with all of B (four m64nBNk16 per stage), keeps one batch of wgmma in
// flight, and hands a stage back on its "empty" mbarrier once the wgmma
// reading it completed. Then each consumer writes its 64 x BN accumulators
// to C.
//
// Tile walk (UK_WGMMA_PERSISTENT = 1): a workgroup computes tile after
// tile, stage and barrier phase counted on across them, so the producer
// loads the next tile's first stages while the consumers store the last
// one, and the tensor maps are built once per workgroup, not per tile. The
// caller passes the workgroup's index as `tile_m` and the number of
// workgroups as `tile_n` (at most one per SM: the walk assumes they all
// run at once to be fast, not to be correct). Otherwise the workgroup
// computes the one tile (tile_m, tile_n).
//
// Clusters (UK_WGMMA_CLUSTER_M = 2): the caller launches clusters of two
// workgroups along the grid's y (cluster dims 1 x 2 x 1), which compute
// tiles in the same columns of C, in neighbouring rows of tiles. Each
// producer loads its own A tile and one half of the shared B tile,
// multicast into both workgroups, so a workgroup reads 32 KiB per stage
// from L2 instead of 48. A stage is refilled only after the consumers of
// both workgroups handed it back (the "empty" mbarrier counts the peer's
// consumer warps too), and a producer leaves only after every stage was
// handed back, so that no workgroup exits while its peer still writes to
// its shared memory or arrives on its barriers.
//
// The shape comes from the registry (catalog.rs) as defines: the symbol
// (UK_WGMMA_SYMBOL: one per width, uk_matmul_wgmma[_narrow]_<type>_nk),
// UK_WGMMA_BN (128 or 256), UK_WGMMA_STAGES, UK_WGMMA_PRODUCER_WARPS, UK_WGMMA_CLUSTER_M
// (1 or 2), UK_WGMMA_PERSISTENT and UK_WGMMA_SPLIT_TAIL. A producer of one warpgroup (4 warps)
// gives registers back with `setmaxnreg` (UK_WGMMA_PRODUCER_REGS), which
// the consumers take (UK_WGMMA_CONSUMER_REGS); a producer of one warp does
// not, so that a workgroup of 288 threads leaves room for two per SM
// (ptxas sizes the whole kernel by its entry register count).
//
// Split tail (UK_WGMMA_SPLIT_TAIL = 1, persistent 256-wide tiles): where
// the walk's last round would keep at most half the workgroups busy, its
// tiles are computed as halves 128 columns wide (m64n128k16, a B box of half
// the rows), twice as many units of about half the time each.
//
// Split K (`k_splits` > 1, persistent walk, TMA): each C tile is computed
// as `k_splits` units, unit s over the s-th of k_splits near-equal ranges of
// K tiles, walked like tiles (all tiles' first units, then all second
// ones...), so that C of fewer tiles than SMs still keeps them busy. A unit
// writes its f32 accumulators to the workspace in the threads' own order,
// then counts itself done on the tile's counter (fence, one atomic); the
// last of a tile's units to count reads the others' partials, sums all
// k_splits of them in the order of s (the same sum whichever unit is last:
// results do not depend on timing), stores the tile (C or the store fusion
// point) and zeroes the counter for the next launch. No unit waits for
// another, so it stays correct when the walkers do not all run at once.
// Workspace: right after the tensor maps in `desc` (see
// `WgmmaShape::split_k_bytes`): a u32 counter per C tile (padded to 256
// bytes), then tiles x k_splits x 128 x BN floats. Counters start zeroed.
//
// Tensor maps (A, B, and with a split tail B in half-width boxes): built by
// the workgroup itself (tensormap.replace on zeroed 128-byte objects in
// shared memory, then copied with a proxy fence into `desc`, global memory
// of at least the registry's descriptor bytes, 128 per map + 128, the caller
// owns).
// Every workgroup of one launch writes the same bytes there, so the
// workgroups need no ordering among them; two launches running at once must
// not share `desc`. Where TMA cannot describe an operand (a base not 16-byte
// aligned, a row stride not a multiple of 16 bytes), the consumers load the
// tiles themselves with cp.async instead (same tiles, same result).
//
// Semantics and ABI: those of the tile ukernel (matmul_tile.cu), with tiles
// of 128 x BN, `tile_m` and `tile_n` as above, and two more parameters,
// `desc` and `desc_offset` (bytes), and `k_splits` (1: K whole). It has the store fusion point
// (matmul_common.h). A workgroup whose tile starts past M (the second of a
// cluster at the last row of tiles) computes it from zeros and stores
// nothing.
// Dynamic shared memory: 1 KiB + the stages + 1 KiB of alignment slack.
// The caller must be a kernel of exactly 32 x (8 + UK_WGMMA_PRODUCER_WARPS)
// threads whose registers are capped for the registry's occupancy
// (.maxntid, .minnctapersm). The ukernel must be inlined into its kernel:
// ptxas serialises wgmma across a call.

#include "matmul_common.h"

// B as K x N: the stage's B tile is BN / 64 boxes of 64 K rows x 64
// columns (8 KiB each, 128-byte swizzle), which the descriptor walks as
// MN-major atoms: 64 columns x 8 K rows of 1 KiB, the next 8 K rows 1 KiB
// on, the next 64 columns 8 KiB on.
#if defined(UK_B_KN)
#define B_KN 1
#define UK_TNSP_B "1"
#else
#define B_KN 0
#define UK_TNSP_B "0"
#endif
#define B_BOX_BYTES (64 * BK_BYTES)
// 8-bit inputs: wgmma reads both operands K-major (it transposes 16-bit
// types only), so B as N x K alone; K per instruction is 32 (32 bytes, as
// 16 of a 16-bit type), and the instruction takes no transpose operands.
#if UK_AB_FP8
#if B_KN
#error "8-bit inputs take B as N x K only"
#endif
#define AB_BYTES 1
#define MMA_K "32"
#define MMA_TAIL "p, 1, 1;"
#else
#define AB_BYTES 2
#define MMA_K "16"
#define MMA_TAIL "p, 1, 1, 0, " UK_TNSP_B ";"
#endif

#if !defined(UK_WGMMA_SYMBOL) || !defined(UK_WGMMA_BN) || !defined(UK_WGMMA_STAGES) || !defined(UK_WGMMA_PRODUCER_WARPS) || \
    (UK_WGMMA_PRODUCER_WARPS == 4 && (!defined(UK_WGMMA_PRODUCER_REGS) || !defined(UK_WGMMA_CONSUMER_REGS)))
#error "the wgmma ukernel takes its shape from the registry"
#endif

#ifndef UK_WGMMA_CLUSTER_M
#define UK_WGMMA_CLUSTER_M 1
#endif
#ifndef UK_WGMMA_PERSISTENT
#define UK_WGMMA_PERSISTENT 0
#endif
#ifndef UK_WGMMA_WALK_ROWS
#define UK_WGMMA_WALK_ROWS 0
#endif
#ifndef UK_WGMMA_SPLIT_TAIL
#define UK_WGMMA_SPLIT_TAIL 0
#endif
#if UK_WGMMA_SPLIT_TAIL && (UK_WGMMA_BN != 256 || !UK_WGMMA_PERSISTENT)
#error "a split tail needs 256-wide tiles and the persistent walk"
#endif
// Tensor maps: A, B, and B in half-width boxes for a split tail.
#define TMAPS (UK_WGMMA_SPLIT_TAIL ? 3 : 2)
#if UK_WGMMA_CLUSTER_M != 1 && UK_WGMMA_CLUSTER_M != 2
#error "UK_WGMMA_CLUSTER_M must be 1 or 2"
#endif
#define CLUSTER UK_WGMMA_CLUSTER_M
#if B_KN && (UK_WGMMA_BN / CLUSTER % 64 != 0 || (UK_WGMMA_SPLIT_TAIL && UK_WGMMA_BN / 2 / CLUSTER % 64 != 0))
#error "B as K x N: each workgroup of a cluster loads whole boxes of 64 columns"
#endif

#define BM 128
#define BN UK_WGMMA_BN
// A stage's K: 128 bytes of each row (the 128-byte swizzle's row).
#define BK_BYTES 128
#define BK (BK_BYTES / AB_BYTES)
#define STAGES UK_WGMMA_STAGES
#define ACC (BN / 2)
#define CONSUMER_WARPS 8
#define THREADS (32 * (CONSUMER_WARPS + UK_WGMMA_PRODUCER_WARPS))
#define A_BYTES (BM * BK_BYTES)
#define B_BYTES (BN * BK_BYTES)
#define STAGE_BYTES (A_BYTES + B_BYTES)
// Shared memory: barriers and the tensor maps being built in the first 1 KiB,
// then the stages (1024-byte aligned, as the 128-byte swizzle needs).
#define SMEM_FULL 0
#define SMEM_EMPTY 64
#define SMEM_TMAP 256
#define SMEM_LAST 960 // split K: whether this unit is its tile's last
#define SMEM_TILES 1024

#define UK_SYMBOL UK_WGMMA_SYMBOL

#if defined(UK_AB_BF16)
#define TMAP_ELEMTYPE 10 // tensormap.replace's code for .bf16
#elif UK_AB_FP8
#define TMAP_ELEMTYPE 0 // .u8: the 8-bit floats' bytes
#else
#define TMAP_ELEMTYPE 6 // .f16
#endif

extern __attribute__((shared)) __attribute__((aligned(1024))) char uk_matmul_smem[];

// Byte offset of 16-byte chunk c (0..7) of row r in a [rows][64] tile with
// the 128-byte swizzle: chunks of each 128-byte row XORed with the row mod 8
// (what TMA writes with CU_TENSOR_MAP_SWIZZLE_128B).
static UK_DEVICE UK_INLINE u32 swz128(u32 r, u32 c) { return r * 128 + ((c ^ (r & 7)) << 4); }

// A shared-memory matrix descriptor: K-major, 128-byte swizzle, 8-row groups
// 1024 bytes apart.
static UK_DEVICE UK_INLINE u64 desc(u32 addr) {
  return (u64)((addr & 0x3ffff) >> 4) | ((u64)1 << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
}

// B's descriptor at `addr`: K-major as A's, or (K x N) MN-major, 128-byte
// swizzle, atoms of 64 columns 8 KiB apart (leading byte offset) and groups
// of 8 K rows 1 KiB apart (stride byte offset).
static UK_DEVICE UK_INLINE u64 desc_b(u32 addr) {
#if B_KN
  return (u64)((addr & 0x3ffff) >> 4) | ((u64)(B_BOX_BYTES >> 4) << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
#else
  return desc(addr);
#endif
}

#if BN != 128 && BN != 256
#error "UK_WGMMA_BN must be 128 or 256"
#endif
#if UK_AB_FP8 && BN != 128
#error "8-bit inputs take 128-wide tiles (their stage sums double the accumulators)"
#endif
#if BN == 256
// d (+)= A x B over one instruction's K; SCALE_D = 0 starts d from zero.
template <int SCALE_D> static UK_DEVICE UK_INLINE void wgmma_n256(float *d, u64 desc_a, u64 desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k" MMA_K ".f32." UK_MMA_TYPE_A "." UK_MMA_TYPE_B " "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, " MMA_TAIL "\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "n"(SCALE_D));
}
#endif
template <int SCALE_D> static UK_DEVICE UK_INLINE void wgmma_n128(float *d, u64 desc_a, u64 desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k" MMA_K ".f32." UK_MMA_TYPE_A "." UK_MMA_TYPE_B " "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, " MMA_TAIL "\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(desc_a), "l"(desc_b), "n"(SCALE_D));
}

// --- mbarriers (shared::cta addresses) ---

static UK_DEVICE UK_INLINE void mbar_init(u32 bar, u32 count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
#if CLUSTER == 1
static UK_DEVICE UK_INLINE void mbar_arrive(u32 bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
#endif
static UK_DEVICE UK_INLINE void mbar_expect_tx(u32 bar, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
#if CLUSTER > 1
// Arrives on the barrier at the same offset in workgroup `rank` of the
// cluster. Release at CTA scope (the default): what it orders is wgmma's
// reads of a stage, complete by then, before the peer's TMA refills it;
// `.release.cluster` costs a MEMBAR.ALL.GPU per arrival, which held the
// clustered kernel at 417 TFLOP/s on an H200 (4096^3).
static UK_DEVICE UK_INLINE void mbar_arrive_cluster(u32 bar, u32 rank) {
  asm volatile("{ .reg .b32 r; mapa.shared::cluster.u32 r, %0, %1; "
               "mbarrier.arrive.shared::cluster.b64 _, [r]; }" ::"r"(bar),
               "r"(rank)
               : "memory");
}
#endif
// Waits until the phase of parity `parity` completed. A fresh barrier is in
// phase 0, so waiting for parity 1 returns at once.
static UK_DEVICE UK_INLINE void mbar_wait(u32 bar, u32 parity) {
  u32 done;
  do {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
  } while (!done);
}

// --- tensor maps ---

// Describes a row-major [rows][cols] matrix of 16-bit elements with row
// stride `ld` (elements) for TMA: boxes of 64 columns x `box_rows` rows,
// 128-byte swizzle, zeros outside the matrix. `map` is a zeroed 128-byte
// object in shared memory; one thread writes it.
static UK_DEVICE UK_INLINE void tmap_describe(u32 map, const void *base, u64 rows, u64 cols, u64 ld,
                                              u32 box_rows) {
  asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(map), "l"(base)
               : "memory");
  asm volatile("tensormap.replace.tile.rank.shared::cta.b1024.b32 [%0], 1;" ::"r"(map) : "memory");
  asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], 0, %1;" ::"r"(map), "r"((u32)BK)
               : "memory");
  asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(map), "r"(box_rows)
               : "memory");
  asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 0, %1;" ::"r"(map), "r"((u32)cols)
               : "memory");
  asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(map), "r"((u32)rows)
               : "memory");
  asm volatile("tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%0], 0, %1;" ::"r"(map), "l"(ld * AB_BYTES)
               : "memory");
  asm volatile("tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%0], 0, 1;" ::"r"(map) : "memory");
  asm volatile("tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%0], 1, 1;" ::"r"(map) : "memory");
  asm volatile("tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%0], %1;" ::"r"(map), "n"(TMAP_ELEMTYPE)
               : "memory");
  asm volatile("tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [%0], 0;" ::"r"(map) : "memory");
  asm volatile("tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%0], 3;" ::"r"(map) : "memory");
  asm volatile("tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%0], 0;" ::"r"(map) : "memory");
}

// Whole warp: copies a tensor map from shared to global memory, releasing it
// to the tensormap proxy, and acquires it for this thread's TMA loads.
static UK_DEVICE UK_INLINE void tmap_publish(void *global, u32 map) {
  asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], "
               "128;" ::"l"(global),
               "r"(map)
               : "memory");
  asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(global) : "memory");
}

static UK_DEVICE UK_INLINE void tma_load(u32 dst, const void *map, i32 col, i32 row, u32 bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], "
               "[%4];" ::"r"(dst),
               "l"(map), "r"(col), "r"(row), "r"(bar)
               : "memory");
}

#if CLUSTER > 1
// The same load, written at offset `dst` of every workgroup of the cluster
// in `mask`, each arrival counted on the barrier at offset `bar` of that
// workgroup.
static UK_DEVICE UK_INLINE void tma_load_multicast(u32 dst, const void *map, i32 col, i32 row, u32 bar, u16 mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster "
               "[%0], [%1, {%2, %3}], [%4], %5;" ::"r"(dst),
               "l"(map), "r"(col), "r"(row), "r"(bar), "h"(mask)
               : "memory");
}
#endif

// One stage's products for consumer warpgroup `group` (its 64 rows of A with
// the first W rows of B: all of them, or half in a split tail), committed as
// one wgmma batch; then waits until at most that batch is in flight, so the
// batch before it has finished reading its stage.
template <int W> static UK_DEVICE UK_INLINE void multiply_stage(float d[ACC], u32 st, u32 group) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
  for (int ks = 0; ks < BK_BYTES / 32; ks++) {
    // The next 32 bytes of K in a K-major row, 16 rows on in a K x N box.
    const u64 da = desc(st + group * 64 * 128 + ks * 32), db = desc_b(st + A_BYTES + ks * (B_KN ? 16 * 128 : 32));
#if BN == 256
    if (W == 256)
      wgmma_n256<1>(d, da, db);
    else
#endif
      wgmma_n128<1>(d, da, db);
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
}

#if UK_AB_FP8
// 8-bit inputs: wgmma keeps fewer bits than f32 when it sums 8-bit products
// into its accumulators, so each stage's products (128 of K) are summed
// apart in `part`, from zero, and added to `d` in f32 once the batch is done
// (the stage is free again on return). 128-wide tiles only: `part` doubles
// the accumulator registers.
static UK_DEVICE UK_INLINE void multiply_stage_promoted(float d[ACC], float part[ACC], u32 st, u32 group) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  const u32 a = st + group * 64 * 128, b = st + A_BYTES;
  wgmma_n128<0>(part, desc(a), desc_b(b));
#pragma unroll
  for (int ks = 1; ks < BK_BYTES / 32; ks++) wgmma_n128<1>(part, desc(a + ks * 32), desc_b(b + ks * 32));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
  for (int i = 0; i < ACC; i++) d[i] += part[i];
}
#endif

// --- the cp.async path, for operands TMA cannot describe ---

static UK_DEVICE UK_INLINE void load_rows(u32 dst_tile, const AB *src, i64 ld, i64 rows_from, i64 rows_limit, i64 k0,
                                          i64 k, bool vec, u32 rows, u32 tid) {
  for (u32 chunk = tid; chunk < rows * 8; chunk += 256) {
    u32 r = chunk >> 3, c = chunk & 7;
    i64 row = rows_from + r, col = k0 + c * (16 / AB_BYTES);
    u32 dst = dst_tile + swz128(r, c);
    bool in = row < rows_limit && col < k;
    if (vec) {
      uk_cp_async16(dst, in ? src + row * ld + col : src, in ? 16 : 0);
    } else {
      u32x4 v = {0, 0, 0, 0};
#if UK_AB_FP8
      if (row < rows_limit) v = uk_load16_bytes_masked(src + row * ld, col, k);
#else
      if (row < rows_limit) v = uk_load8_masked(src + row * ld, col, k);
#endif
      asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
  }
}

#if B_KN
// B as K x N: BK rows of k from k0, BN columns from n0, into the stage's
// boxes of 64 columns.
[[maybe_unused]] static UK_DEVICE UK_INLINE void load_b_kn(u32 dst_tile, const AB *src, i64 ld, i64 n0, i64 n, i64 k0, i64 k, bool vec,
                                          u32 tid) {
  for (u32 chunk = tid; chunk < BK * (BN / 8); chunk += 256) {
    u32 r = chunk / (BN / 8), c = chunk % (BN / 8);
    i64 row = k0 + r, col = n0 + c * 8;
    u32 dst = dst_tile + (c / 8) * B_BOX_BYTES + swz128(r, c % 8);
    bool in = row < k && col < n;
    if (vec) {
      uk_cp_async16(dst, in ? src + row * ld + col : src, in ? 16 : 0);
    } else {
      u32x4 v = {0, 0, 0, 0};
      if (row < k) v = uk_load8_masked(src + row * ld, col, n);
      asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w));
    }
  }
}

#endif

static UK_DEVICE UK_INLINE void load_b(u32 dst_tile, const AB *B, i64 ldb, i64 n0, i64 n, i64 k0, i64 k, bool vec,
                                       u32 tid) {
#if B_KN
  load_b_kn(dst_tile, B, ldb, n0, n, k0, k, vec, tid);
#else
  load_rows(dst_tile, B, ldb, n0, n, k0, k, vec, BN, tid);
#endif
}

// The consumers alone (256 threads, named barrier 1), loading tiles two
// ahead with cp.async; `group` is the consumer's warpgroup (0 or 1).
static UK_DEVICE UK_INLINE void mainloop_cp_async(float d[ACC], u32 tiles, const AB *A, i64 lda, const AB *B,
                                                  i64 ldb, i64 m0, i64 n0, i64 m, i64 n, i64 k, u32 ctid,
                                                  u32 group) {
  // Whole 16-byte chunks: rows (and K) in multiples of 16 bytes.
  constexpr i64 chunk = 16 / AB_BYTES;
#if UK_AB_FP8
  float part[ACC];
#endif
  const bool a_vec = uk_aligned16(A) && lda % chunk == 0 && k % chunk == 0;
  const bool b_vec = uk_aligned16(B) && ldb % chunk == 0 && (B_KN ? n : k) % chunk == 0;
  const i64 ktiles = (k + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < 2; s++) {
    if (s < ktiles) {
      u32 st = tiles + s * STAGE_BYTES;
      load_rows(st, A, lda, m0, m, (i64)s * BK, k, a_vec, BM, ctid);
      load_b(st + A_BYTES, B, ldb, n0, n, (i64)s * BK, k, b_vec, ctid);
    }
    uk_cp_async_commit();
  }
  for (i64 kt = 0; kt < ktiles; kt++) {
    uk_cp_async_wait<1>();
    // Shared memory written through the generic proxy, read by wgmma.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("bar.sync 1, 256;" ::: "memory");
    i64 next = kt + 2;
    if (next < ktiles) {
      u32 st = tiles + (u32)(next % STAGES) * STAGE_BYTES;
      load_rows(st, A, lda, m0, m, next * BK, k, a_vec, BM, ctid);
      load_b(st + A_BYTES, B, ldb, n0, n, next * BK, k, b_vec, ctid);
    }
    uk_cp_async_commit();
#if UK_AB_FP8
    multiply_stage_promoted(d, part, tiles + (u32)(kt % STAGES) * STAGE_BYTES, group);
#else
    multiply_stage<BN>(d, tiles + (u32)(kt % STAGES) * STAGE_BYTES, group);
#endif
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  uk_cp_async_wait<0>();
}

// The C tiles one workgroup computes: walk indices first, first + stride,
// ... below count. Persistent (UK_WGMMA_PERSISTENT): the caller passes the
// workgroup's index as tile_m and the number of workgroups as tile_n; the
// workgroups of a cluster (consecutive indices) walk the same tiles, each
// its own row of tiles of the pair (rank along M). Walk indices go down
// UK_WGMMA_WALK_ROWS pairs of tile rows, then across (0: across whole rows),
// so that the workgroups running together share the tiles of A and B they
// read. Otherwise a walk of one tile, (tile_m, tile_n).
//
// Split tail (UK_WGMMA_SPLIT_TAIL, 256-wide tiles): where the last round
// would keep at most half the walkers busy, its tiles are walked as
// twice as many halves, 128 columns each (walk indices from `whole` on: tile
// whole + h / 2, half h % 2), so that the round takes about half the time.
struct TileWalk {
  // Walk indices are 32-bit: C of fewer than 2^32 tiles (2^47 elements).
  // With split K, `count` counts units: `splits` per pair of tiles, all
  // pairs' units of split 0 first (`pairs` pairs per split).
  u32 first, stride, count, whole, tiles_n, pair_rows, rank, splits, pairs;
  i64 base_m, base_n;
  UK_DEVICE TileWalk(i32 tile_m, i32 tile_n, i64 m, i64 n, bool split_tail, u32 k_splits) {
#if UK_WGMMA_PERSISTENT
    tiles_n = (u32)((n + BN - 1) / BN);
    pair_rows = (u32)(((m + BM - 1) / BM + CLUSTER - 1) / CLUSTER);
    splits = k_splits > 1 ? k_splits : 1;
    pairs = tiles_n * pair_rows;
    count = whole = pairs * splits;
    first = (u32)tile_m / CLUSTER;
    // At least one step: a count below a cluster would otherwise never end.
    stride = (u32)tile_n >= CLUSTER ? (u32)tile_n / CLUSTER : 1;
    rank = (u32)tile_m % CLUSTER;
    base_m = base_n = 0;
#if UK_WGMMA_SPLIT_TAIL
    const u32 tail = count % stride;
    if (split_tail && splits == 1 && count > stride && tail > 0 && 2 * tail <= stride) {
      whole = count - tail;
      count = whole + 2 * tail;
    }
#else
    (void)split_tail;
#endif
#else
    (void)m;
    (void)n;
    (void)split_tail;
    (void)k_splits;
    first = 0, stride = 1, count = whole = 1, tiles_n = 1, pair_rows = 1, rank = 0, splits = 1, pairs = 1;
    base_m = (i64)tile_m * BM, base_n = (i64)tile_n * BN;
#endif
  }
  // The first row and column of walk index t's tile, its split of K (0 for
  // K whole), and whether it is a half (the tile's first BN / 2 columns
  // from n0).
  UK_DEVICE bool origin(u32 t, i64 &m0, i64 &n0, u32 &split) const {
    const bool half = t >= whole;
    const u32 h = t - whole;
    if (half) t = whole + h / 2;
    split = t / pairs;
    t -= split * pairs;
    u32 row, col;
#if UK_WGMMA_WALK_ROWS > 0
    const u32 span = UK_WGMMA_WALK_ROWS * tiles_n, group = t / span, q = t - group * span;
    const u32 left = pair_rows - group * UK_WGMMA_WALK_ROWS;
    const u32 rows = left < UK_WGMMA_WALK_ROWS ? left : UK_WGMMA_WALK_ROWS;
    col = q / rows;
    row = group * UK_WGMMA_WALK_ROWS + q % rows;
#else
    row = t / tiles_n;
    col = t % tiles_n;
#endif
    m0 = base_m + ((i64)row * CLUSTER + rank) * BM;
    n0 = base_n + (i64)col * BN + (half ? (i64)(h & 1) * (BN / 2) : 0);
    return half;
  }
  // The K tiles [begin, end) of split s of ktiles.
  UK_DEVICE void k_range(u32 s, i64 ktiles, i64 &begin, i64 &end) const {
    begin = ktiles * s / splits;
    end = ktiles * (s + 1) / splits;
  }
  // The index of the C tile at (m0, n0) among all tiles (rows of tiles in
  // whole clusters), which numbers its counter and partials.
  UK_DEVICE u32 tile_index(i64 m0, i64 n0) const { return (u32)(m0 / BM) * tiles_n + (u32)(n0 / BN); }
  UK_DEVICE u32 tile_count() const { return pair_rows * CLUSTER * tiles_n; }
};

// Writes a consumer warpgroup's 64 x W accumulators (d[0, W / 2)) of the C
// tile at (m0, n0): to C, or through the store fusion point.
template <int W, bool INTERIOR>
static UK_DEVICE UK_INLINE void store_rows(const float d[ACC], i64 m0, i64 n0, float *c, i64 c_offset, i64 ldc, i64 m,
                                           i64 n, i32 accumulate, const UkEpilogue &epilogue, u32 group, u32 warp,
                                           u32 lane) {
  // d[j] is C[row, col] with row = 64 group + 16 (warp % 4) + lane / 4 (+8 for
  // (j / 2) odd) and col = 8 (j / 4) + 2 (lane % 4) + (j & 1). The upper
  // row's pair first, then the lower row's behind one test: the second pair's
  // epilogue then reuses the first's loads of the column's operand (a bias)
  // instead of loading it again under a test of its own.
  float *cbase = c + c_offset;
  const bool pairs = ((u64)cbase & 7) == 0 && (ldc & 1) == 0;
  const i64 row0 = m0 + group * 64 + (warp & 3) * 16 + (lane >> 2);
  if (!INTERIOR && row0 >= m) return;
  const bool lower = INTERIOR || row0 + 8 < m;
  auto pair = [&](i64 row, i64 col, float v0, float v1) {
    float *p = cbase + row * ldc + col;
    if (epilogue.store) {
      if (INTERIOR)
        epilogue.store(epilogue.out, epilogue.out_offset, epilogue.ldo, epilogue.operand, epilogue.operand_offset, row,
                       col, v0, v1, epilogue.aligned ? UK_STORE_VECTOR : UK_STORE_TWO);
      else
        uk_epilogue2(epilogue, row, col, n, v0, v1);
    } else if (pairs && (INTERIOR || col + 1 < n)) {
      f32x2 *q = (f32x2 *)p;
      if (accumulate) {
        f32x2 old = *q;
        v0 += old.x;
        v1 += old.y;
      }
      *q = (f32x2){v0, v1};
    } else {
      if (col < n) p[0] = accumulate ? p[0] + v0 : v0;
      if (col + 1 < n) p[1] = accumulate ? p[1] + v1 : v1;
    }
  };
#pragma unroll
  for (int j = 0; j < W / 2; j += 4) {
    const i64 col = n0 + (j >> 2) * 8 + (lane & 3) * 2;
    pair(row0, col, d[j], d[j + 1]);
    if (lower) pair(row0 + 8, col, d[j + 2], d[j + 3]);
  }
}

// Writes a tile W columns wide: where it lies inside C, with no tests of
// rows and columns per pair, which would keep each pair's epilogue (its
// operand loads included) behind a branch of its own.
template <int W>
static UK_DEVICE UK_INLINE void store_tile(const float d[ACC], i64 m0, i64 n0, float *c, i64 c_offset, i64 ldc, i64 m,
                                           i64 n, i32 accumulate, const UkEpilogue &epilogue, u32 group, u32 warp,
                                           u32 lane) {
  if (m0 + BM <= m && n0 + W <= n)
    store_rows<W, true>(d, m0, n0, c, c_offset, ldc, m, n, accumulate, epilogue, group, warp, lane);
  else
    store_rows<W, false>(d, m0, n0, c, c_offset, ldc, m, n, accumulate, epilogue, group, warp, lane);
}

// A consumer warp hands a stage back to the producer of every workgroup of
// the cluster (each of them refills its part of the stage).
static UK_DEVICE UK_INLINE void hand_back(u32 empty_bar) {
#if CLUSTER > 1
#pragma unroll
  for (u32 r = 0; r < CLUSTER; r++) mbar_arrive_cluster(empty_bar, r);
#else
  mbar_arrive(empty_bar);
#endif
}

// A consumer warpgroup's products over the whole K for a tile W columns
// wide, its operands brought by the producer; `it` counts the K tiles
// consumed over all C tiles (stage and barrier phase).
template <int W>
static UK_DEVICE UK_INLINE void mainloop_tma(float d[ACC], u32 tiles, u32 full, u32 empty, i64 ktiles, u32 &it,
                                             u32 group, u32 lane) {
  // (ktiles: this unit's K tiles, which the producer loads in order.)
#if UK_AB_FP8
  // Each stage's batch is done when its sum is added: the stage goes back
  // at once.
  float part[ACC];
  for (i64 kt = 0; kt < ktiles; kt++, it++) {
    const u32 s = it % STAGES;
    mbar_wait(full + 8 * s, (it / STAGES) & 1);
    multiply_stage_promoted(d, part, tiles + s * STAGE_BYTES, group);
    if (lane == 0) hand_back(empty + 8 * s);
  }
  return;
#endif
  for (i64 kt = 0; kt < ktiles; kt++, it++) {
    const u32 s = it % STAGES;
    mbar_wait(full + 8 * s, (it / STAGES) & 1);
    multiply_stage<W>(d, tiles + s * STAGE_BYTES, group);
    // The batch before this one completed: its stage can be refilled.
    if (kt > 0 && lane == 0) hand_back(empty + 8 * ((it - 1) % STAGES));
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  // The last stage too: the producer refills it for the next C tile (or, in
  // a cluster, waits for it before leaving).
  if (ktiles > 0 && lane == 0) hand_back(empty + 8 * ((it - 1) % STAGES));
}

// Four floats from global memory through L2 only (another SM wrote them).
static UK_DEVICE UK_INLINE f32x4 ld_cg4(const f32x4 *p) {
  float x, y, z, w;
  asm volatile("ld.global.cg.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "l"(p));
  return (f32x4){x, y, z, w};
}

// Accumulators 4j .. 4j + 3, the group a thread writes and reads as one.
static UK_DEVICE UK_INLINE f32x4 group4(const float d[ACC], int j) {
  return (f32x4){d[4 * j], d[4 * j + 1], d[4 * j + 2], d[4 * j + 3]};
}

// Split K, the consumers (256 threads, named barrier 1) after a unit's
// products: writes them as split `split` of tile `tile`'s partials and
// counts the unit done. The last unit of the tile to count gets every
// partial summed in the order of the splits into `d` (true); the others
// leave the tile to it (false).
static UK_DEVICE UK_INLINE bool last_of_tile(float d[ACC], const TileWalk &walk, u32 tile, u32 split,
                                             u32 *counters, f32x4 *partials, u32 smem, u32 ctid) {
  const u32 splits = walk.splits;
  f32x4 *mine = partials + ((u64)tile * splits + split) * (ACC / 4) * 256;
#pragma unroll
  for (int j = 0; j < ACC / 4; j++) mine[j * 256 + ctid] = group4(d, j);
  // Every thread's partial visible on the GPU before the count says so.
  __nvvm_membar_gl();
  asm volatile("bar.sync 1, 256;" ::: "memory");
  if (ctid == 0) {
    u32 before;
    asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(before) : "l"(counters + tile) : "memory");
    const u32 last = before == splits - 1;
    // The next launch finds the counter zeroed.
    if (last) counters[tile] = 0;
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(smem + SMEM_LAST), "r"(last) : "memory");
  }
  asm volatile("bar.sync 1, 256;" ::: "memory");
  u32 last;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(last) : "r"(smem + SMEM_LAST) : "memory");
  if (!last) return false;
  // The other units' partials, which they made visible before counting.
  __nvvm_membar_gl();
  const f32x4 *tile_parts = partials + (u64)tile * splits * (ACC / 4) * 256;
#pragma unroll
  for (int j = 0; j < ACC / 4; j++) {
    f32x4 sum = {};
    for (u32 s = 0; s < splits; s++) {
      const f32x4 p = s == split ? group4(d, j) : ld_cg4(&tile_parts[((u64)s * (ACC / 4) + j) * 256 + ctid]);
      sum = s == 0 ? p : sum + p;
    }
    d[4 * j] = sum.x, d[4 * j + 1] = sum.y, d[4 * j + 2] = sum.z, d[4 * j + 3] = sum.w;
  }
  return true;
}

extern "C" UK_DEVICE void UK_SYMBOL(const AB *a, i64 a_offset, i64 lda, const AB *b, i64 b_offset, i64 ldb,
                                    float *c, i64 c_offset, i64 ldc, i64 m, i64 n, i64 k, i32 tile_m, i32 tile_n,
                                    i32 accumulate, UK_EPILOGUE_PARAMS, char *desc_base, i64 desc_offset,
                                    i32 k_splits) {
  const UkEpilogue epilogue = UK_EPILOGUE_INIT;
  const u32 tid = uk_tid();
  const u32 lane = tid & 31, warp = tid >> 5;
  const u32 smem = (uk_smem_addr(uk_matmul_smem) + 1023) & ~1023u;
  const u32 full = smem + SMEM_FULL, empty = smem + SMEM_EMPTY, tiles = smem + SMEM_TILES;
  const AB *A = a + a_offset;
  const AB *B = b + b_offset;
  const i64 ktiles = (k + BK - 1) / BK;
  // TMA takes 16-byte aligned bases, row strides in multiples of 16 bytes and
  // 32-bit sizes.
  const bool tma = uk_aligned16(A) && uk_aligned16(B) && lda * AB_BYTES % 16 == 0 && ldb * AB_BYTES % 16 == 0 &&
                   m < (1ll << 31) &&
                   n < (1ll << 31) && k < (1ll << 31);
  // Half tiles and split K with TMA only (the cp.async path loads whole
  // tiles over the whole K).
  // The part count stays opaque to the optimizer. Compiled packages pass it
  // as a constant; folded into the inlined walk, packages in 3 or 6 parts
  // never finished on an H100 or an H200 (4 parts did), while the harness,
  // where the count is a kernel argument, passed 3, 5 and 7. With this
  // empty asm those packages finish and match MLIR's results on an H100
  // (bench/results/2026-12-07-split-k, run11); no fault was found in the
  // folded PTX, so the cause is not known beyond that.
  i32 parts = k_splits;
  asm volatile("" : "+r"(parts));
  const TileWalk walk(tile_m, tile_n, m, n, tma, tma && parts > 1 ? (u32)parts : 1);
  // 128-byte aligned room for the maps in the caller's global memory, then
  // split K's counters and partials.
  char *maps = (char *)(((u64)(desc_base + desc_offset) + 127) & ~(u64)127);
  u32 *counters = (u32 *)(maps + 128 * TMAPS);
  f32x4 *partials = (f32x4 *)((char *)counters + ((walk.tile_count() * 4 + 255) & ~255u));

  if (warp == 0) {
    if (tma) {
      // Zero the maps (8 bytes per lane per step), describe them, publish them.
      for (u32 i = lane; i < TMAPS * 16; i += 32)
        asm volatile("st.shared.u64 [%0], 0;" ::"r"(smem + SMEM_TMAP + i * 8) : "memory");
      __nvvm_bar_warp_sync(0xffffffffu);
      if (lane == 0) {
        tmap_describe(smem + SMEM_TMAP, A, (u64)m, (u64)k, (u64)lda, BM);
#if B_KN
        // Boxes of 64 columns x BK rows of k, whole tiles and halves alike.
        for (u32 i = 1; i < TMAPS; i++) tmap_describe(smem + SMEM_TMAP + 128 * i, B, (u64)k, (u64)n, (u64)ldb, BK);
#else
        tmap_describe(smem + SMEM_TMAP + 128, B, (u64)n, (u64)k, (u64)ldb, BN / CLUSTER);
#if UK_WGMMA_SPLIT_TAIL
        tmap_describe(smem + SMEM_TMAP + 256, B, (u64)n, (u64)k, (u64)ldb, BN / 2 / CLUSTER);
#endif
#endif
      }
      __nvvm_bar_warp_sync(0xffffffffu);
#pragma unroll
      for (u32 i = 0; i < TMAPS; i++) tmap_publish(maps + 128 * i, smem + SMEM_TMAP + 128 * i);
    }
    if (lane == 0) {
      for (int s = 0; s < STAGES; s++) {
        mbar_init(full + 8 * s, 1);
        mbar_init(empty + 8 * s, CONSUMER_WARPS * CLUSTER);
      }
      asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
  }
#if CLUSTER > 1
  // The peer's multicasts and arrivals may target these barriers as soon as
  // it passes this point.
  asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
#else
  __syncthreads();
#endif

  if (warp >= CONSUMER_WARPS) {
    // The producer.
#if UK_WGMMA_PRODUCER_WARPS == 4
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(UK_WGMMA_PRODUCER_REGS));
#endif
    if (tma && tid == 32 * CONSUMER_WARPS) {
#if CLUSTER > 1
      u32 rank;
      asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
#else
      const u32 rank = 0;
      (void)rank;
#endif
      u32 it = 0; // K tiles loaded so far, over all C tiles: stage and round
      for (u32 t = walk.first; t < walk.count; t += walk.stride) {
        i64 m0, n0, kt0, kt1;
        u32 split;
        const bool half = walk.origin(t, m0, n0, split);
        walk.k_range(split, ktiles, kt0, kt1);
        // This workgroup's share of the B tile: its rows (columns of C) and
        // the map whose box has that many rows (K x N: boxes of 64 columns).
        const u32 b_rows = (half ? BN / 2 : BN) / CLUSTER;
        const char *b_map = maps + (half ? 256 : 128);
        for (i64 kt = kt0; kt < kt1; kt++, it++) {
          const u32 s = it % STAGES;
          // The stage's previous contents were consumed (round - 1 hand-backs).
          mbar_wait(empty + 8 * s, ((it / STAGES) & 1) ^ 1);
          const u32 st = tiles + s * STAGE_BYTES;
          mbar_expect_tx(full + 8 * s, A_BYTES + b_rows * CLUSTER * BK_BYTES);
          tma_load(st, maps, (i32)(kt * BK), (i32)m0, full + 8 * s);
#if B_KN
          // Its boxes of 64 columns (b_rows is a multiple of 64).
          for (u32 j = 0; j < b_rows / 64; j++) {
            const u32 box = rank * (b_rows / 64) + j;
#if CLUSTER > 1
            tma_load_multicast(st + A_BYTES + box * B_BOX_BYTES, b_map, (i32)(n0 + 64 * box), (i32)(kt * BK),
                               full + 8 * s, (u16)((1u << CLUSTER) - 1));
#else
            tma_load(st + A_BYTES + box * B_BOX_BYTES, b_map, (i32)(n0 + 64 * box), (i32)(kt * BK), full + 8 * s);
#endif
          }
#elif CLUSTER > 1
          tma_load_multicast(st + A_BYTES + rank * b_rows * BK_BYTES, b_map, (i32)(kt * BK), (i32)(n0 + rank * b_rows),
                             full + 8 * s, (u16)((1u << CLUSTER) - 1));
#else
          tma_load(st + A_BYTES, b_map, (i32)(kt * BK), (i32)n0, full + 8 * s);
#endif
        }
      }
#if CLUSTER > 1
      // Every stage handed back by every consumer of the cluster (see the
      // header) before this workgroup may exit.
      for (u32 j = 0; j < STAGES; j++, it++) mbar_wait(empty + 8 * (it % STAGES), ((it / STAGES) & 1) ^ 1);
#endif
    }
    return;
  }

#if UK_WGMMA_PRODUCER_WARPS == 4
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(UK_WGMMA_CONSUMER_REGS));
#endif
  const u32 ctid = tid, group = ctid >> 7;
  u32 it = 0; // K tiles consumed so far, over all C tiles
  for (u32 t = walk.first; t < walk.count; t += walk.stride) {
    i64 m0, n0, kt0, kt1;
    u32 split;
    const bool half = walk.origin(t, m0, n0, split);
    walk.k_range(split, ktiles, kt0, kt1);
    float d[ACC];
#pragma unroll
    for (int i = 0; i < ACC; i++) d[i] = 0.0f;
    if (tma) {
#if UK_WGMMA_SPLIT_TAIL
      // Separate loops, not a test per stage, so each keeps its wgmma batches
      // in straight-line code.
      if (half) {
        mainloop_tma<BN / 2>(d, tiles, full, empty, ktiles, it, group, lane);
        store_tile<BN / 2>(d, m0, n0, c, c_offset, ldc, m, n, accumulate, epilogue, group, warp, lane);
        continue;
      }
#else
      (void)half;
#endif
      mainloop_tma<BN>(d, tiles, full, empty, kt1 - kt0, it, group, lane);
      if (walk.splits > 1 && !last_of_tile(d, walk, walk.tile_index(m0, n0), split, counters, partials, smem, ctid))
        continue;
    } else {
      // The previous C tile's last stages were read by every consumer.
      asm volatile("bar.sync 1, 256;" ::: "memory");
      mainloop_cp_async(d, tiles, A, lda, B, ldb, m0, n0, m, n, k, ctid, group);
    }
    store_tile<BN>(d, m0, n0, c, c_offset, ldc, m, n, accumulate, epilogue, group, warp, lane);
  }
}
