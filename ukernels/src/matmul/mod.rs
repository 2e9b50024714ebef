//! The matmul family: C = A x B (or C += A x B) with 16-bit inputs and f32
//! accumulation and output, on tensor cores. See `catalog.rs` for the
//! variants and `cuda/matmul_*.cu` for their contracts; the CPU reference
//! is [`reference::matmul_f64`].

pub mod catalog;
pub mod check;
pub mod reference;

pub use catalog::{FAMILY, MIN_N_WORKGROUPS_PER_SM, SKINNY_MAX_M};

/// The family's check of a kernel's results.
pub const CHECK: &dyn crate::check::FamilyCheck = &check::MatmulCheck;
/// No harness check here: `bench/matmul_bench.py` checks and times the
/// matmul harness on its PTX.
pub const HARNESS: Option<crate::check::FamilyHarness> = None;

/// Workgroups of the grid for an M x N output with a `tile_m` x `tile_n`
/// tile, launched in clusters of `cluster_m` along M: (along N, along M),
/// as the ukernels read `tile_n` from block x. Along M the grid holds whole
/// clusters; a workgroup past the last row tile stores nothing.
pub fn grid(m: u64, n: u64, tile_m: u64, tile_n: u64, cluster_m: u64) -> (u64, u64) {
    (n.div_ceil(tile_n), m.div_ceil(tile_m * cluster_m) * cluster_m)
}

/// Bytes of the split-K workspace a persistent ukernel (the wgmma one)
/// needs after its tensor maps for an M x N output in `splits` parts of K:
/// a u32 counter per tile of the grid (whole clusters along M), padded to
/// 256 bytes, then every tile's f32 partials per part. None for K whole.
pub fn split_k_bytes(m: u64, n: u64, tile_m: u64, tile_n: u64, cluster_m: u64, splits: u64) -> Option<u64> {
    if splits <= 1 {
        return None;
    }
    let (x, y) = grid(m, n, tile_m, tile_n, cluster_m);
    let tiles = x * y;
    Some((tiles * 4).div_ceil(256) * 256 + tiles * splits * tile_m * tile_n * 4)
}

#[cfg(test)]
mod tests {
    use super::{grid, split_k_bytes};

    #[test]
    fn split_k_workspace_holds_counters_and_partials() {
        assert_eq!(split_k_bytes(512, 768, 128, 128, 2, 1), None);
        // 4 x 6 tiles: 96 bytes of counters in 256, 24 x 5 partials of 64 KiB.
        assert_eq!(split_k_bytes(512, 768, 128, 128, 2, 5), Some(256 + 24 * 5 * 65536));
        // 300 rows: 4 row tiles in clusters of 2.
        assert_eq!(split_k_bytes(300, 256, 128, 256, 2, 2), Some(256 + 4 * 2 * 131072));
    }

    #[test]
    fn grid_holds_whole_clusters_along_m() {
        // 300 rows in tiles of 128: 3 row tiles, 4 in clusters of 2.
        assert_eq!(grid(300, 1000, 128, 256, 1), (4, 3));
        assert_eq!(grid(300, 1000, 128, 256, 2), (4, 4));
        assert_eq!(grid(4096, 4096, 128, 256, 2), (16, 32));
        assert_eq!(grid(1, 1, 128, 256, 2), (1, 2));
    }
}
