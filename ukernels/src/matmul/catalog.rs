//! The matmul family's variants: a tensor-core tile ukernel (any M, both B
//! layouts), a skinny tensor-core ukernel for decode shapes (M <= 16, B as
//! N x K) and a GEMV ukernel on the CUDA cores (M = 1, large B as N x K), for
//! bf16 and f16 inputs with f32 accumulation and output. Included by
//! `build.rs`.

use crate::variant::{AbiParam, AbiType as T, HarnessDef, MIN_WORKGROUPS_PER_SM, PORTABLE_ARCHES, VariantDef};

pub const FAMILY: &str = "matmul";

/// Tile ukernel: C tile per workgroup, K chunk per pipeline stage, stages.
pub const TILE_M: i64 = 128;
pub const TILE_N: i64 = 128;
pub const TILE_K: i64 = 32;
pub const TILE_STAGES: i64 = 4;
pub const TILE_THREADS: u32 = 256;
/// Workgroups per SM its kernels are built for (at most 128 registers per
/// thread). On an H200 the harness kernel ran bf16 4096^3 in 426 us at 2 per
/// SM and 542 us bounded only by its 256 threads (167 registers, 1 per SM).
pub const TILE_WORKGROUPS_PER_SM: i64 = 2;
/// Dynamic shared memory of the tile ukernel: per stage a 128 x 32 A tile
/// and a 32 x 128 B tile of 16-bit elements.
pub const TILE_SHARED_MEMORY_BYTES: u32 = (TILE_STAGES * (TILE_M + TILE_N) * TILE_K * 2) as u32;

/// Skinny ukernel: rows of A it takes at most, columns of C per workgroup.
pub const SKINNY_MAX_M: i64 = 16;
pub const SKINNY_N: i64 = 16;
pub const SKINNY_THREADS: u32 = 256;
/// Workgroups per SM its kernels are built for (at most 80 registers per
/// thread), with 4 weight loads in flight per thread.
pub const SKINNY_WORKGROUPS_PER_SM: i64 = 3;
/// Static shared memory of the skinny ukernel: 8 warps' 16 x 16 f32 partials.
pub const SKINNY_SHARED_MEMORY_BYTES: u32 = 8 * 16 * 16 * 4;

/// GEMV ukernel: rows of A it takes, columns of C per workgroup (8 warps of
/// 4 columns each).
pub const GEMV_MAX_M: i64 = 1;
/// It is chosen only for weights of at least this many elements. On an H200
/// (bf16, weights cold in L2) it read a 16384 x 16384 weight in 123.0 us and
/// 11008 x 4096 in 23.7 against 141.0 and 26.4 for the skinny ukernel, but
/// lost at 4096 x 4096 (13.0 against 12.4 us).
pub const GEMV_MIN_WEIGHTS: i64 = 1 << 25;
pub const GEMV_N: i64 = 32;
/// Workgroups per SM its kernels are built for (64 registers per thread):
/// the loads in flight that keep the weight stream at full speed.
pub const GEMV_WORKGROUPS_PER_SM: i64 = 4;
pub const GEMV_THREADS: u32 = 256;

/// Hopper ukernel (sm_90a only): C tile, K chunk per stage, stages; one
/// producer warpgroup (TMA) and two consumer warpgroups (wgmma).
pub const WGMMA_TILE_M: i64 = 128;
pub const WGMMA_TILE_N: i64 = 256;
pub const WGMMA_TILE_K: i64 = 64;
pub const WGMMA_STAGES: i64 = 4;
pub const WGMMA_THREADS: u32 = 384;
/// Its dynamic shared memory: 1 KiB of barriers and tensor maps being
/// built, the stages, and 1 KiB to align them to the 1024 bytes the
/// 128-byte swizzle needs.
pub const WGMMA_SHARED_MEMORY_BYTES: u32 =
    (WGMMA_STAGES * (WGMMA_TILE_M + WGMMA_TILE_N) * WGMMA_TILE_K * 2) as u32 + 2048;
/// Global memory it writes its two tensor maps to (128 bytes each, 128-byte
/// aligned inside).
pub const WGMMA_DESC_BYTES: i64 = 384;

/// B's layout: `nk` (N x K, K contiguous: F.linear weights) or `kn` (K x N).
pub const LAYOUTS: [&str; 2] = ["nk", "kn"];

/// The C ABI of the wgmma ukernel: the common one, then the global memory
/// for its tensor maps (`desc`, `desc_offset` in bytes).
pub fn abi_with_desc() -> Vec<AbiParam> {
    let mut params = abi();
    params.push(AbiParam { name: "desc", ty: T::Ptr });
    params.push(AbiParam { name: "desc_offset", ty: T::I64 });
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
    for ab in ["bf16", "f16"] {
        let type_define = format!("UK_AB_{}", ab.to_uppercase());
        for layout in LAYOUTS {
            out.push(VariantDef {
                family: FAMILY,
                kind: "tile",
                symbol: format!("uk_matmul_tile_{ab}_{layout}"),
                source: "cuda/matmul_tile.cu",
                defines: vec![type_define.clone(), format!("UK_B_{}", layout.to_uppercase())],
                arches: PORTABLE_ARCHES,
                arch_specific: false,
                operand_types: vec![ab, ab, "f32"],
                params: vec![
                    ("tile_m", TILE_M),
                    ("tile_n", TILE_N),
                    ("tile_k", TILE_K),
                    (MIN_WORKGROUPS_PER_SM, TILE_WORKGROUPS_PER_SM),
                ],
                // Called, not inlined: on an H200 the kernel that inlines it
                // ran 250 TFLOP/s (bf16 4096^3, B as K x N) against 322 for
                // the same code called (bench/results/2026-12-02-h200-matmul).
                tags: vec![("b_layout", layout), ("linkage", "call"), ("fusion", "store")],
                workgroup_size: [TILE_THREADS, 1, 1],
                static_shared_memory_bytes: 0,
                dynamic_shared_memory_bytes: TILE_SHARED_MEMORY_BYTES,
                abi: abi(),
            });
        }
        out.push(VariantDef {
            family: FAMILY,
            kind: "wgmma",
            symbol: format!("uk_matmul_wgmma_{ab}_nk"),
            source: "cuda/matmul_wgmma.cu",
            defines: vec![type_define.clone(), "UK_B_NK".into()],
            arches: &[90],
            arch_specific: true,
            operand_types: vec![ab, ab, "f32"],
            params: vec![
                ("tile_m", WGMMA_TILE_M),
                ("tile_n", WGMMA_TILE_N),
                ("tile_k", WGMMA_TILE_K),
                ("desc_bytes", WGMMA_DESC_BYTES),
            ],
            // Inlined (the default): ptxas serialises wgmma across a call
            // (its C7510), which held the called version to about half of
            // cuBLAS on an H200.
            tags: vec![("b_layout", "nk"), ("fusion", "store")],
            workgroup_size: [WGMMA_THREADS, 1, 1],
            static_shared_memory_bytes: 0,
            dynamic_shared_memory_bytes: WGMMA_SHARED_MEMORY_BYTES,
            abi: abi_with_desc(),
        });
        out.push(VariantDef {
            family: FAMILY,
            kind: "gemv",
            symbol: format!("uk_matmul_gemv_{ab}_nk"),
            source: "cuda/matmul_gemv.cu",
            defines: vec![type_define.clone(), "UK_B_NK".into()],
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
            static_shared_memory_bytes: 0,
            dynamic_shared_memory_bytes: 0,
            abi: abi(),
        });
        out.push(VariantDef {
            family: FAMILY,
            kind: "skinny",
            symbol: format!("uk_matmul_skinny_{ab}_nk"),
            source: "cuda/matmul_skinny.cu",
            defines: vec![type_define.clone(), "UK_B_NK".into()],
            arches: PORTABLE_ARCHES,
            arch_specific: false,
            operand_types: vec![ab, ab, "f32"],
            params: vec![
                ("tile_m", SKINNY_MAX_M),
                ("tile_n", SKINNY_N),
                ("max_m", SKINNY_MAX_M),
                (MIN_WORKGROUPS_PER_SM, SKINNY_WORKGROUPS_PER_SM),
            ],
            tags: vec![("b_layout", "nk"), ("fusion", "store")],
            workgroup_size: [SKINNY_THREADS, 1, 1],
            static_shared_memory_bytes: SKINNY_SHARED_MEMORY_BYTES,
            dynamic_shared_memory_bytes: 0,
            abi: abi(),
        });
    }
    out
}

pub fn harnesses() -> Vec<HarnessDef> {
    vec![
        HarnessDef {
            name: "harness_matmul",
            source: "cuda/harness/matmul_harness.cu",
            arches: PORTABLE_ARCHES,
            arch_specific: false,
        },
        HarnessDef {
            name: "harness_matmul_sm90a",
            source: "cuda/harness/matmul_harness_sm90a.cu",
            arches: &[90],
            arch_specific: true,
        },
    ]
}
