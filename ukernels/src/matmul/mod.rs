//! The matmul family: C = A x B (or C += A x B) with 16-bit inputs and f32
//! accumulation and output, on tensor cores. See `catalog.rs` for the
//! variants and `cuda/matmul_*.cu` for their contracts; the CPU reference
//! is [`reference::matmul_f64`].

pub mod catalog;
pub mod check;
pub mod reference;

pub use catalog::{FAMILY, MIN_N_WORKGROUPS_PER_SM, SKINNY_MAX_M};

/// Workgroups of the grid for an M x N output with a `tile_m` x `tile_n`
/// tile: (along N, along M), as the ukernels read `tile_n` from block x.
pub fn grid(m: u64, n: u64, tile_m: u64, tile_n: u64) -> (u64, u64) {
    (n.div_ceil(tile_n), m.div_ceil(tile_m))
}
