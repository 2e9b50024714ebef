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

#[cfg(test)]
mod tests {
    use super::grid;

    #[test]
    fn grid_holds_whole_clusters_along_m() {
        // 300 rows in tiles of 128: 3 row tiles, 4 in clusters of 2.
        assert_eq!(grid(300, 1000, 128, 256, 1), (4, 3));
        assert_eq!(grid(300, 1000, 128, 256, 2), (4, 4));
        assert_eq!(grid(4096, 4096, 128, 256, 2), (16, 32));
        assert_eq!(grid(1, 1, 128, 256, 2), (1, 2));
    }
}
