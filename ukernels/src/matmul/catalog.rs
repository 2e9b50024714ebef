//! The matmul family's variants: a tensor-core tile ukernel (any M, both B
//! layouts), the same ukernel in two skinny shapes for decode (M <= 16, B as
//! N x K) and a GEMV ukernel on the CUDA cores (M = 1, large B as N x K), for
//! bf16 and f16 inputs with f32 accumulation and output. Included by
//! `build.rs`.

use crate::variant::{
    AbiParam, AbiType as T, CLUSTER_M, HarnessDef, MIN_WORKGROUPS_PER_SM, PERSISTENT, PORTABLE_ARCHES,
    MAX_K_SPLITS, RULES_CHOOSE, SPLIT_TAIL_PERMILLE, SUMS_TAG, TENSOR_CORE_SUMS, TILE_THROUGHPUT_PERMILLE,
    VariantDef,
};

pub const FAMILY: &str = "matmul";

/// A shape the tile ukernel (`cuda/matmul_tile.cu`) is built in: C tile per
/// workgroup, K chunk per pipeline stage, stages, warps along M, N and K
/// (those of K split each stage's K steps and sum their partial tiles at the
/// end), the workgroups per SM its kernels are built for, and whether each
/// workgroup starts its K loop at a K-tile of its own (`stagger_k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileShape {
    pub m: i64,
    pub n: i64,
    pub k: i64,
    pub stages: i64,
    pub warps: [i64; 3],
    pub workgroups_per_sm: i64,
    pub stagger_k: bool,
}

impl TileShape {
    pub const fn threads(&self) -> u32 {
        (32 * self.warps[0] * self.warps[1] * self.warps[2]) as u32
    }

    /// Dynamic shared memory: per stage an m x k A tile and a k x n B tile of
    /// 16-bit elements (the partial tiles of the warps of K reuse it), and
    /// the stage's two mbarriers of 8 bytes.
    pub const fn shared_memory_bytes(&self) -> u32 {
        (self.stages * ((self.m + self.n) * self.k * 2 + 16)) as u32
    }

    /// The variant `symbol` of the tile ukernel built in this shape, for input
    /// type `ab` and B layout `layout`: its tile, occupancy and shared memory
    /// from the shape, `params` and `tags` besides.
    fn variant(
        &self,
        kind: &'static str,
        symbol: String,
        ab: &'static str,
        layout: &'static str,
        params: &[(&'static str, i64)],
        tags: Vec<(&'static str, &'static str)>,
    ) -> VariantDef {
        let [wm, wn, wk] = self.warps;
        let mut defines = vec![
            format!("UK_AB_{}", ab.to_uppercase()),
            format!("UK_B_{}", layout.to_uppercase()),
            format!("UK_TILE_SYMBOL={symbol}"),
            format!("UK_TILE_BM={}", self.m),
            format!("UK_TILE_BN={}", self.n),
            format!("UK_TILE_BK={}", self.k),
            format!("UK_TILE_STAGES={}", self.stages),
            format!("UK_TILE_WARPS_M={wm}"),
            format!("UK_TILE_WARPS_N={wn}"),
            format!("UK_TILE_WARPS_K={wk}"),
        ];
        if self.stagger_k {
            defines.push("UK_TILE_STAGGER_K".into());
        }
        let mut all_params = vec![
            ("tile_m", self.m),
            ("tile_n", self.n),
            ("tile_k", self.k),
            (MIN_WORKGROUPS_PER_SM, self.workgroups_per_sm),
        ];
        all_params.extend_from_slice(params);
        VariantDef {
            family: FAMILY,
            kind,
            symbol,
            source: "cuda/matmul_tile.cu",
            defines,
            arches: PORTABLE_ARCHES,
            arch_specific: false,
            operand_types: vec![ab, ab, "f32"],
            params: all_params,
            tags,
            workgroup_size: [self.threads(), 1, 1],
            static_shared_memory_bytes: 0,
            dynamic_shared_memory_bytes: self.shared_memory_bytes(),
            abi: abi(),
        }
    }

    /// The defines a harness kernel of this shape takes: `UK_<name>_THREADS`
    /// and `UK_<name>_WORKGROUPS_PER_SM`.
    fn harness_defines(&self, name: &str) -> [String; 2] {
        [
            format!("UK_{name}_THREADS={}", self.threads()),
            format!("UK_{name}_WORKGROUPS_PER_SM={}", self.workgroups_per_sm),
        ]
    }
}

/// The tile ukernel for any M: 8 warps of 64 x 64, 144 KiB of shared memory
/// (within sm_80's 163 KiB per workgroup), one workgroup per SM with up to
/// 255 registers per thread. On an H200 (bf16, harness kernels,
/// bench/results/2026-12-03-h200-tile-pipeline) it ran 4096^3 at 350-383
/// TFLOP/s against 287-326 for a 128 x 128 x 32 tile of 4 stages built for
/// 2 workgroups per SM; copying whole K-tiles without masks, in a loop of
/// their own, took it from 351-355 to 385-388 on an H200
/// (bench/results/2026-12-05-tile-whole-copies, run4 and run5); handing the
/// stages over through mbarriers instead of a workgroup barrier per K-tile
/// from 387-393 to 415-419 on an H100 (bench/results/
/// 2026-12-05-tile-early-barrier, run2); double-buffering its fragments
/// from 406-412 to 421-423 on an H200, 0.54 of cuBLAS in the same rounds
/// (bench/results/2026-12-06-tile-double-buffer, run1).
pub const TILE: TileShape =
    TileShape { m: 256, n: 128, k: 64, stages: 3, warps: [4, 2, 1], workgroups_per_sm: 1, stagger_k: false };

/// The tile ukernel for GPUs with 99 KiB of shared memory per workgroup
/// (sm_86, sm_89, sm_120), where [`TILE`]'s 144 KiB does not fit: 4 warps
/// of 64 x 64 on a 128 x 128 tile, 3 stages of K chunks of 64 in 96 KiB.
/// Ranked after [`TILE`] (registry order), so it serves only where that
/// one cannot launch.
pub const TILE_SMALL: TileShape =
    TileShape { m: 128, n: 128, k: 64, stages: 3, warps: [2, 2, 1], workgroups_per_sm: 1, stagger_k: false };
const _: () = assert!(TILE_SMALL.shared_memory_bytes() <= 99 * 1024);

/// Skinny ukernels for decode shapes (M <= 16, B as N x K): the tile ukernel
/// with a tile of 16 rows, whose 8 warps split each stage's K 4 or 2 ways,
/// so that every copy instruction reads 512 contiguous bytes of a weight
/// row. On an H200 with cold weights (same place) the wide one ran
/// 8 x 16384^2 in 121.8-125.8 us and 8 x 11008 x 4096 in 24.1-24.6 us
/// (runs 3, 4, 6), against 137.3 and 25.5 for the skinny ukernel they
/// replace, whose loads each touched 8 weight rows. The narrow one takes 32
/// columns per workgroup; the wide one 64, and only where that still gives
/// every SM a workgroup ([`MIN_N_WORKGROUPS_PER_SM`]).
///
/// The wide one's workgroups each start at a K-tile of their own, so that
/// its one round of workgroups does not read the same stretch of every
/// weight row at once: on an H100 (weights cold, harness kernels,
/// bench/results/2026-12-06-decode-16-rows, run3) that took 16 x 16384^2
/// from 180.6-180.9 to 178.7-178.8 us and 8 x 16384^2 from 179.7-180.0 to
/// 177.8-178.1, and was level at 16 x 11008 x 4096; the narrow one measured
/// no faster with it (179.6 against 180.5 us at 16 x 16384^2).
pub const SKINNY: TileShape =
    TileShape { m: 16, n: 32, k: 512, stages: 3, warps: [1, 2, 4], workgroups_per_sm: 1, stagger_k: false };
pub const SKINNY_WIDE: TileShape =
    TileShape { m: 16, n: 64, k: 128, stages: 4, warps: [1, 4, 2], workgroups_per_sm: 2, stagger_k: true };
pub const SKINNY_MAX_M: i64 = 16;
/// Registry parameter: the ukernel applies only where N / tile_n is at
/// least this many workgroups per SM of the target.
pub const MIN_N_WORKGROUPS_PER_SM: &str = "min_n_workgroups_per_sm";

/// GEMV ukernel: rows of A it takes, columns of C per workgroup, and the
/// warps of a workgroup that split K (8: every warp reads an eighth of each
/// of the workgroup's 4 columns). On an H200 (bf16, weights cold, harness
/// kernels, bench/results/2026-12-04-h200-narrow-decode) the split read the
/// down-projections 1 x 4096 x 14336 and 1 x 4096 x 11008 in 29.2 and 23.8
/// us against 36.3 and 29.6 for a warp per 4 columns over the whole K (128
/// workgroups for 4096 columns: under one per SM), and was level or faster
/// at every other decode shape.
pub const GEMV_MAX_M: i64 = 1;
/// It is chosen only for weights of at least this many elements. On an H200
/// (bf16, weights cold in L2) it read a 16384 x 16384 weight in 123.0 us and
/// 11008 x 4096 in 23.7 against 141.0 and 26.4 for the skinny ukernel, but
/// lost at 4096 x 4096 (13.0 against 12.4 us).
pub const GEMV_MIN_WEIGHTS: i64 = 1 << 25;
pub const GEMV_N: i64 = 4;
pub const GEMV_WARPS_K: i64 = 8;
/// 512-byte chunks of each of its rows a warp has in flight. One measured
/// 1-2% faster than two in a sweep on an H200 (weights cold, 1 x 16384^2 in
/// 121.1 against 122.6 us, 1 x 11008 x 4096 in 23.4 against 23.9;
/// bench/results/2026-12-06-tile-double-buffer, run2); in the compiled
/// dispatches on an H100 it was within 1% of two, either way, at the five
/// GEMV shapes (bench/results/2026-12-06-decode-16-rows, run1).
pub const GEMV_UNROLL: i64 = 1;
/// Workgroups per SM its kernels are built for (64 registers per thread):
/// the loads in flight that keep the weight stream at full speed.
pub const GEMV_WORKGROUPS_PER_SM: i64 = 4;
pub const GEMV_THREADS: u32 = 256;

/// The f32 ukernel on the CUDA cores (`cuda/matmul_simt.cu`): a square C
/// tile per workgroup of 256 threads, each an 8 x 8 block of it; f32 FMAs
/// in K order, no TF32. Built for 2 workgroups per SM (128 registers).
pub const SIMT_TILE: i64 = 128;
pub const SIMT_THREADS: u32 = 256;
pub const SIMT_WORKGROUPS_PER_SM: i64 = 2;

/// The GEMV ukernel for B as K x N (`cuda/matmul_gemv_kn.cu`): columns of C
/// per workgroup (8 per lane, 8 lanes to a row of B), steps of 32 rows of B
/// each lane has in flight, and the least workgroups per SM the matmul (or
/// batch of them) must give it. It is made for attention's scores at
/// decode, many matmuls of K = 128 and N of a few thousand, where the
/// skinny ukernels' few workgroups per SM each wait on one stage of loads.
pub const GEMV_KN_N: i64 = 64;
pub const GEMV_KN_UNROLL: i64 = 4;
pub const GEMV_KN_MIN_N_WORKGROUPS_PER_SM: i64 = 2;

/// A shape the Hopper ukernel (`cuda/matmul_wgmma.cu`, sm_90a only) is
/// built in: a C tile of 128 x `n` (two consumer warpgroups of 64 rows on
/// wgmma, a producer of `producer_warps` warps on TMA), K chunks of 64 in
/// `stages` stages, and the workgroups per SM its kernels are built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WgmmaShape {
    pub n: i64,
    pub stages: i64,
    pub producer_warps: i64,
    pub workgroups_per_sm: i64,
    /// Workgroups per cluster along M (1 or 2): a cluster's workgroups share
    /// their B tile, each loading a part of it for all (TMA multicast).
    pub cluster_m: i64,
    /// Each workgroup walks C tiles (one workgroup per SM, the tensor maps
    /// built once, the next tile's loads issued during a tile's epilogue)
    /// instead of computing one.
    pub persistent: bool,
    /// The walk goes down this many pairs of tile rows, then across (0:
    /// across whole rows of tiles).
    pub walk_rows: i64,
    /// Throughput per SM, per mille of the widest shape's
    /// ([`TILE_THROUGHPUT_PERMILLE`]).
    pub throughput_permille: i64,
    /// Where the walk's last round would keep at most half the
    /// workgroups busy, its tiles are computed as halves of `n / 2`
    /// columns, at this throughput per mille (0: no split). Needs a
    /// persistent walk of 256-wide tiles.
    pub split_tail_permille: i64,
}

pub const WGMMA_TILE_M: i64 = 128;
/// K per stage of 16-bit inputs (128 bytes a row; 128 of 8-bit inputs).
pub const WGMMA_TILE_K: i64 = 64;

/// Whether the rules choose the FP8 variants of the wgmma ukernel. No: on
/// an H100 their f32 outputs differ from MLIR's f32 sums by up to about 4e-4
/// of the value (the tensor cores keep fewer bits than f32 while summing
/// 8-bit products), so they carry `rules_choose` = 0 and only a tuning
/// record chooses them (README, matmul).
pub const FP8_RULES_CHOOSE: bool = false;

/// The 8-bit float input types (MLIR's names) the wgmma ukernel takes.
pub const FP8_TYPES: [&str; 2] = ["f8E4M3FN", "f8E5M2"];

/// Bytes of one input element.
fn element_bytes(ab: &str) -> i64 {
    if FP8_TYPES.contains(&ab) { 1 } else { 2 }
}

impl WgmmaShape {
    pub const fn threads(&self) -> u32 {
        (32 * (8 + self.producer_warps)) as u32
    }

    /// Dynamic shared memory: 1 KiB of barriers and tensor maps being
    /// built, the stages, and 1 KiB to align them to the 1024 bytes the
    /// 128-byte swizzle needs.
    pub const fn shared_memory_bytes(&self) -> u32 {
        (self.stages * (WGMMA_TILE_M + self.n) * WGMMA_TILE_K * 2) as u32 + 2048
    }

    /// Global memory it writes its tensor maps to: 128 bytes per map (A, B,
    /// and B in half-width boxes where it splits its tail), 128-byte
    /// aligned inside.
    pub const fn desc_bytes(&self) -> i64 {
        128 * (2 + (self.split_tail_permille > 0) as i64) + 128
    }

    fn defines(&self) -> Vec<String> {
        let mut defines = vec![
            format!("UK_WGMMA_BN={}", self.n),
            format!("UK_WGMMA_STAGES={}", self.stages),
            format!("UK_WGMMA_PRODUCER_WARPS={}", self.producer_warps),
            format!("UK_WGMMA_CLUSTER_M={}", self.cluster_m),
            format!("UK_WGMMA_PERSISTENT={}", self.persistent as i32),
            format!("UK_WGMMA_WALK_ROWS={}", self.walk_rows),
            format!("UK_WGMMA_SPLIT_TAIL={}", (self.split_tail_permille > 0) as i32),
        ];
        if self.producer_warps == 4 {
            // A producer warpgroup keeps 40 registers per thread of the
            // kernel's entry count (65536 / threads / workgroups per SM,
            // rounded down to 8: 168 for 384 threads at 1 per SM); the
            // consumers take what it gives back.
            let entry = (65536 / (self.threads() as i64 * self.workgroups_per_sm)) / 8 * 8;
            let consumer = (entry + (entry - 40) / 2) / 8 * 8;
            defines.push("UK_WGMMA_PRODUCER_REGS=40".into());
            defines.push(format!("UK_WGMMA_CONSUMER_REGS={consumer}"));
        }
        defines
    }

    /// Its variant for input type `ab` and B layout `layout`:
    /// `uk_matmul_<name>_<ab>_<layout>` (`ab` lower case), kind `name`.
    fn variant(&self, name: &'static str, ab: &'static str, layout: &'static str) -> VariantDef {
        self.variant_of(name, ab, ab, layout)
    }

    /// Its variant for A of type `a` and B of type `b` (two 8-bit float
    /// types where they differ): `uk_matmul_<name>_<a>[_<b>]_<layout>`.
    fn variant_of(&self, name: &'static str, a: &'static str, b: &'static str, layout: &'static str) -> VariantDef {
        let types = if a == b { a.to_lowercase() } else { format!("{}_{}", a.to_lowercase(), b.to_lowercase()) };
        let symbol = format!("uk_matmul_{name}_{types}_{layout}");
        // A stage holds 128 bytes of K per row: 64 16-bit or 128 8-bit elements.
        let tile_k = WGMMA_TILE_K * 2 / element_bytes(a);
        VariantDef {
            family: FAMILY,
            kind: name,
            source: "cuda/matmul_wgmma.cu",
            defines: [format!("UK_AB_{}", a.to_uppercase()), format!("UK_B_{}", layout.to_uppercase())]
                .into_iter()
                .chain((b != a).then(|| format!("UK_B_AS_{}", b.to_uppercase())))
                .chain(self.defines())
                .chain([format!("UK_WGMMA_SYMBOL={symbol}")])
                .collect(),
            symbol,
            arches: &[90],
            arch_specific: true,
            operand_types: vec![a, b, "f32"],
            params: vec![
                ("tile_m", WGMMA_TILE_M),
                ("tile_n", self.n),
                ("tile_k", tile_k),
                ("desc_bytes", self.desc_bytes()),
                (MIN_WORKGROUPS_PER_SM, self.workgroups_per_sm),
                (CLUSTER_M, self.cluster_m),
                (PERSISTENT, self.persistent as i64),
                (TILE_THROUGHPUT_PERMILLE, self.throughput_permille),
                (MAX_K_SPLITS, WGMMA_MAX_K_SPLITS),
            ]
            .into_iter()
            .chain((self.split_tail_permille > 0).then_some((SPLIT_TAIL_PERMILLE, self.split_tail_permille)))
            .collect(),
            // Inlined (the default): ptxas serialises wgmma across a call
            // (its C7510), which held the called version to about half of
            // cuBLAS on an H200.
            tags: vec![("b_layout", layout), ("fusion", "store")],
            workgroup_size: [self.threads(), 1, 1],
            static_shared_memory_bytes: 0,
            dynamic_shared_memory_bytes: self.shared_memory_bytes(),
            abi: abi_with_desc(),
        }
    }

    /// The defines its harness kernel takes.
    fn harness_defines(&self) -> Vec<String> {
        vec![
            format!("UK_WGMMA_THREADS={}", self.threads()),
            format!("UK_WGMMA_WORKGROUPS_PER_SM={}", self.workgroups_per_sm),
            format!("UK_WGMMA_PERSISTENT={}", self.persistent as i32),
        ]
    }
}

/// The Hopper ukernel's shape. On an H200 (bf16, B as N x K, harness
/// kernels, bench/results/2026-12-04-h200-wgmma-occupancy) it ran 4096^3 at
/// 612 TFLOP/s against 480 for 128 x 128 tiles in 3 stages with a producer
/// warp at 2 workgroups per SM (96 registers per thread), which also lost
/// with the fused epilogue (293-300 against 236-240 us). Walking tiles in
/// clusters of two (bench/results/2026-12-04-h200-wgmma-cluster, run5)
/// took 4096^3 from 226.0 to 218.3 us, 8192^3 from 1790 to 1723, and the
/// fused bias + GELU + bf16 epilogue at 4096^3 from 215.6-233.0 to
/// 196.5-203.7. Walking down 8 pairs of tile rows before going across
/// (run6) took 8192^3 from 1721-1732 to 1663 us and the fused 2048 x 11008
/// x 4096 from 332-341 to 318-319.
pub const WGMMA: WgmmaShape = WgmmaShape {
    n: 256,
    stages: 4,
    producer_warps: 4,
    workgroups_per_sm: 1,
    cluster_m: 2,
    persistent: true,
    walk_rows: 8,
    throughput_permille: 1000,
    // The halves run at the narrow shape's throughput (assumed: the same
    // wgmma width and B tile, not measured inside this kernel).
    split_tail_permille: HALF_WIDTH_THROUGHPUT_PERMILLE,
};

/// The same ukernel with tiles half as wide, for C of too few 128 x 256
/// tiles to give every SM one: twice the tiles, in 6 stages of 32 KiB.
/// KernelConfig takes it where its rounds of tiles over the SMs, weighed by
/// its throughput, take less time. On an H200 (bf16, harness kernels,
/// bench/results/2026-12-04-h200-wgmma-width) it ran 4096^3 at 549 TFLOP/s
/// against the wide one's 635 (865 per mille), and 512 x 4096 x 4096 in
/// 30.3 us against 46.0.
pub const WGMMA_NARROW: WgmmaShape = WgmmaShape {
    n: 128,
    stages: 6,
    throughput_permille: HALF_WIDTH_THROUGHPUT_PERMILLE,
    split_tail_permille: 0,
    ..WGMMA
};
/// The throughput of 128 x 128 tiles against 128 x 256 ones (per mille),
/// measured with WGMMA_NARROW (above).
const HALF_WIDTH_THROUGHPUT_PERMILLE: i64 = 865;
// One harness module launches both widths with WGMMA's harness defines.
const _: () = assert!(
    WGMMA_NARROW.threads() == WGMMA.threads()
        && WGMMA_NARROW.workgroups_per_sm == WGMMA.workgroups_per_sm
        && WGMMA_NARROW.persistent == WGMMA.persistent
);

/// B's layout: `nk` (N x K, K contiguous: F.linear weights) or `kn` (K x N).
pub const LAYOUTS: [&str; 2] = ["nk", "kn"];

/// The most parts KernelConfig may split K into for the wgmma ukernel
/// (registry parameter `max_k_splits`). The ukernel computes any part count
/// its `k_splits` argument gives: `bench/matmul_bench.py --split-k` checked
/// 48 harness cases (both widths, 1 to 12 parts, both layouts, C = AB and
/// C += AB) on an H100 and timed them, and compiled packages in 3, 4 and 6
/// parts match MLIR's results there (bench/results/2026-12-07-split-k:
/// run7, run11; those in 3 and 6 parts once the ukernel kept its part count
/// opaque to the optimizer, see matmul_wgmma.cu).
pub const WGMMA_MAX_K_SPLITS: i64 = 16;

/// The C ABI of the wgmma ukernel: the common one, then the global memory
/// for its tensor maps and split-K workspace (`desc`, `desc_offset` in
/// bytes), and the parts K is split into (`k_splits`, 1 for K whole).
pub fn abi_with_desc() -> Vec<AbiParam> {
    let mut params = abi();
    params.push(AbiParam { name: "desc", ty: T::Ptr });
    params.push(AbiParam { name: "desc_offset", ty: T::I64 });
    params.push(AbiParam { name: "k_splits", ty: T::I32 });
    params
}

/// The C ABI of every matmul ukernel: operand 0 is A, 1 B, 2 C.
pub fn abi() -> Vec<AbiParam> {
    let p = |name, ty| AbiParam { name, ty };
    vec![
        p("a", T::Ptr),
        p("a_offset", T::I64),
        p("lda", T::I64),
        p("b", T::Ptr),
        p("b_offset", T::I64),
        p("ldb", T::I64),
        p("c", T::Ptr),
        p("c_offset", T::I64),
        p("ldc", T::I64),
        p("m", T::I64),
        p("n", T::I64),
        p("k", T::I64),
        p("tile_m", T::I32),
        p("tile_n", T::I32),
        p("accumulate", T::I32),
        // The store fusion point (matmul_common.h): an epilogue function of
        // one or two adjacent elements, its output and extra operand, or a
        // null function.
        p("store", T::Ptr),
        p("store_out", T::Ptr),
        p("store_out_offset", T::I64),
        p("store_ld", T::I64),
        p("store_operand", T::Ptr),
        p("store_operand_offset", T::I64),
    ]
}

pub fn variants() -> Vec<VariantDef> {
    let mut out = Vec::new();
    // f32 inputs: the CUDA-core ukernel, whatever the shape (the
    // tensor-core ukernels take bf16 and f16 only).
    for layout in LAYOUTS {
        out.push(VariantDef {
            family: FAMILY,
            kind: "simt",
            symbol: format!("uk_matmul_simt_f32_{layout}"),
            source: "cuda/matmul_simt.cu",
            defines: vec!["UK_AB_F32".into(), format!("UK_B_{}", layout.to_uppercase())],
            arches: PORTABLE_ARCHES,
            arch_specific: false,
            operand_types: vec!["f32", "f32", "f32"],
            params: vec![("tile_m", SIMT_TILE), ("tile_n", SIMT_TILE), (MIN_WORKGROUPS_PER_SM, SIMT_WORKGROUPS_PER_SM)],
            tags: vec![("b_layout", layout), ("fusion", "store")],
            workgroup_size: [SIMT_THREADS, 1, 1],
            // Two buffers of a K chunk of 8 of A's and B's tiles.
            static_shared_memory_bytes: (2 * 8 * 2 * SIMT_TILE * 4) as u32,
            dynamic_shared_memory_bytes: 0,
            abi: abi(),
        });
    }
    for ab in ["bf16", "f16"] {
        let type_define = format!("UK_AB_{}", ab.to_uppercase());
        for layout in LAYOUTS {
            // Called, not inlined: on an H200 the kernel that inlines it ran
            // 250 TFLOP/s (bf16 4096^3, B as K x N) against 322 for the same
            // code called (bench/results/2026-12-02-h200-matmul).
            let tags = vec![("b_layout", layout), ("linkage", "call"), ("fusion", "store")];
            out.push(TILE.variant("tile", format!("uk_matmul_tile_{ab}_{layout}"), ab, layout, &[], tags.clone()));
        }
        for layout in LAYOUTS {
            let tags = vec![("b_layout", layout), ("linkage", "call"), ("fusion", "store")];
            out.push(TILE_SMALL.variant(
                "tile_small",
                format!("uk_matmul_tile_small_{ab}_{layout}"),
                ab,
                layout,
                &[],
                tags,
            ));
        }
        for layout in LAYOUTS {
            out.push(WGMMA.variant("wgmma", ab, layout));
            out.push(WGMMA_NARROW.variant("wgmma_narrow", ab, layout));
        }
        out.push(VariantDef {
            family: FAMILY,
            kind: "gemv",
            symbol: format!("uk_matmul_gemv_{ab}_nk"),
            source: "cuda/matmul_gemv.cu",
            defines: vec![
                type_define.clone(),
                "UK_B_NK".into(),
                // Columns per warp: the workgroup's columns over its warps of N.
                format!("UK_GEMV_ROWS={}", GEMV_N * GEMV_WARPS_K / (GEMV_THREADS as i64 / 32)),
                format!("UK_GEMV_WARPS_K={GEMV_WARPS_K}"),
                format!("UK_GEMV_UNROLL={GEMV_UNROLL}"),
            ],
            arches: PORTABLE_ARCHES,
            arch_specific: false,
            operand_types: vec![ab, ab, "f32"],
            params: vec![
                ("tile_m", GEMV_MAX_M),
                ("tile_n", GEMV_N),
                ("max_m", GEMV_MAX_M),
                ("min_weights", GEMV_MIN_WEIGHTS),
                (MIN_WORKGROUPS_PER_SM, GEMV_WORKGROUPS_PER_SM),
            ],
            tags: vec![("b_layout", "nk"), ("fusion", "store")],
            workgroup_size: [GEMV_THREADS, 1, 1],
            // The warps of K > 0 hand their column sums over in f32.
            static_shared_memory_bytes: ((GEMV_WARPS_K - 1) * GEMV_N * GEMV_MAX_M * 4) as u32,
            dynamic_shared_memory_bytes: 0,
            abi: abi(),
        });
        out.push(VariantDef {
            family: FAMILY,
            kind: "gemv",
            symbol: format!("uk_matmul_gemv_{ab}_kn"),
            source: "cuda/matmul_gemv_kn.cu",
            defines: vec![type_define.clone(), "UK_B_KN".into(), format!("UK_GEMV_KN_UNROLL={GEMV_KN_UNROLL}")],
            arches: PORTABLE_ARCHES,
            arch_specific: false,
            operand_types: vec![ab, ab, "f32"],
            params: vec![
                ("tile_m", GEMV_MAX_M),
                ("tile_n", GEMV_KN_N),
                ("max_m", GEMV_MAX_M),
                (MIN_N_WORKGROUPS_PER_SM, GEMV_KN_MIN_N_WORKGROUPS_PER_SM),
                (MIN_WORKGROUPS_PER_SM, GEMV_WORKGROUPS_PER_SM),
            ],
            tags: vec![("b_layout", "kn"), ("fusion", "store")],
            workgroup_size: [GEMV_THREADS, 1, 1],
            // The 8 warps' column sums, added in warp order.
            static_shared_memory_bytes: (8 * GEMV_KN_N * GEMV_MAX_M * 4) as u32,
            dynamic_shared_memory_bytes: 0,
            abi: abi(),
        });
        for (kind, shape, min_n_workgroups) in [("skinny", SKINNY, None), ("skinny_wide", SKINNY_WIDE, Some(1))] {
            let mut params = vec![("max_m", SKINNY_MAX_M)];
            params.extend(min_n_workgroups.map(|w| (MIN_N_WORKGROUPS_PER_SM, w)));
            for layout in LAYOUTS {
                let tags = vec![("b_layout", layout), ("fusion", "store")];
                out.push(shape.variant(
                    kind,
                    format!("uk_matmul_{kind}_{ab}_{layout}"),
                    ab,
                    layout,
                    &params,
                    tags.clone(),
                ));
            }
        }
    }
    // 8-bit floats: the wgmma ukernel of 128-wide tiles (its per-stage f32
    // sums double the accumulators), B as N x K (wgmma reads 8-bit operands
    // K-major only); other shapes and layouts take the default path.
    for (a, b) in FP8_TYPES.iter().flat_map(|&a| FP8_TYPES.iter().map(move |&b| (a, b))) {
        // A and B of one type, or f8E4M3FN by f8E5M2 or the reverse.
        let mut v = WGMMA_NARROW.variant_of("wgmma_narrow", a, b, "nk");
        if !FP8_RULES_CHOOSE {
            v.params.push((RULES_CHOOSE, 0));
        }
        // How it sums: KernelConfig lets the rules choose it where the module
        // allows FP8 sums on tensor cores (`ukc --fp8-sums tensor-core`).
        v.tags.push((SUMS_TAG, TENSOR_CORE_SUMS));
        out.push(v);
    }
    out
}

pub fn harnesses() -> Vec<HarnessDef> {
    vec![
        HarnessDef {
            name: "harness_matmul",
            source: "cuda/harness/matmul_harness.cu",
            // Each harness kernel gets the workgroup size and occupancy bound
            // of the ukernel it launches, as compiled kernels do.
            defines: [
                TILE.harness_defines("TILE"),
                TILE_SMALL.harness_defines("TILE_SMALL"),
                SKINNY.harness_defines("SKINNY"),
                SKINNY_WIDE.harness_defines("SKINNY_WIDE"),
            ]
            .into_iter()
            .flatten()
            .chain([
                format!("UK_GEMV_THREADS={GEMV_THREADS}"),
                format!("UK_GEMV_WORKGROUPS_PER_SM={GEMV_WORKGROUPS_PER_SM}"),
                format!("UK_SIMT_THREADS={SIMT_THREADS}"),
                format!("UK_SIMT_WORKGROUPS_PER_SM={SIMT_WORKGROUPS_PER_SM}"),
            ])
            .collect(),
            arches: PORTABLE_ARCHES,
            arch_specific: false,
        },
        HarnessDef {
            name: "harness_matmul_sm90a",
            source: "cuda/harness/matmul_harness_sm90a.cu",
            defines: WGMMA.harness_defines(),
            arches: &[90],
            arch_specific: true,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defines(symbol: &str) -> Vec<String> {
        variants().into_iter().find(|v| v.symbol == symbol).expect(symbol).defines
    }

    #[test]
    fn only_the_wide_skinny_ukernel_staggers_its_k_walk() {
        // The tile ukernel's workgroups share A rows and B columns through
        // L2 by reading the same K together; the narrow skinny one measured
        // no faster staggered.
        for ab in ["bf16", "f16"] {
            let staggered = |s: &str| defines(s).iter().any(|d| d == "UK_TILE_STAGGER_K");
            assert!(staggered(&format!("uk_matmul_skinny_wide_{ab}_nk")));
            assert!(!staggered(&format!("uk_matmul_skinny_{ab}_nk")));
            assert!(!staggered(&format!("uk_matmul_tile_{ab}_nk")) && !staggered(&format!("uk_matmul_tile_{ab}_kn")));
        }
    }

    #[test]
    fn gemv_is_built_with_the_registry_chunks_in_flight() {
        let d = defines("uk_matmul_gemv_bf16_nk");
        assert!(d.contains(&format!("UK_GEMV_UNROLL={GEMV_UNROLL}")), "{d:?}");
    }
}
