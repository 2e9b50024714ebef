//! The argmax family: the index of the maximum over the innermost dimension
//! of each row, optionally with the maximum itself.
//!
//! Semantics, those of `torch.argmax` and `numpy.argmax`: the first index of
//! the maximum; NaN counts as greater than every number, so the first NaN
//! wins; a row of -inf gives index 0; an empty row gives index 0 and -inf
//! (the identity of max), so the output buffers need no fill beforehand.
//! The CUDA source (`cuda/argmax.cu`) documents the same, and
//! [`reference::argmax`] implements it on the CPU.

pub mod catalog;
pub mod check;
pub mod harness;
pub mod reference;

pub use catalog::{FAMILY, SEMANTICS, SHARED_MEMORY_BYTES, WORKGROUP_SIZE, symbol};

/// The family's check of a kernel's results.
pub const CHECK: &dyn crate::check::FamilyCheck = &check::ArgmaxCheck;
/// Its harness check: every argmax ukernel launched directly.
pub const HARNESS: Option<crate::check::FamilyHarness> = Some(harness::HARNESS);

/// A part of a split row is at least this long, so that its workgroup's
/// fixed costs (reduction, combine) stay small against its reads. On an
/// H200 one 1 x 128256 f32 row took 4.28 us in 33 parts of 4k, 3.76 us in 63
/// of 2k and 3.78 us in 128 of 1k (with the atomic-key combine).
pub const MIN_ELEMENTS_PER_SPLIT: u64 = 2048;

/// At most this many workgroups share one row.
pub const MAX_SPLIT: u64 = 1024;

/// Workgroups to aim for per multiprocessor when splitting rows of moderate
/// length: more parts cost more in the final combine than they gain (on an
/// H200, 256 x 128256 f32 takes 36 us in 2 parts per row, 41 us in 5).
pub const WORKGROUPS_PER_MULTIPROCESSOR: u64 = 2;

/// A part is at most this long: a very long row is split further than the
/// GPU's width asks, so that enough workgroups keep loads in flight (one
/// 2^28-element row runs at 3.2 TB/s in 264 parts, 4.4 TB/s in 1024 on an
/// H200).
pub const MAX_ELEMENTS_PER_SPLIT: u64 = 1 << 18;

/// Occupancy asked for grids of at least [`LARGE_GRID_WAVES`] waves of
/// workgroups at it: many rows, each read by one or a few workgroups. On an
/// H200 (compiled, 4096 x 32000, over 5 waves) 6 workgroups per SM (40
/// registers) took 119.9 / 66.8 / 66.7 us (f32 / bf16 / f16) against
/// 121.9 / 68.2 / 68.2 at ptxas's own choice (64 registers), and a
/// soft-capped f32 one 135.4 against 146.3; with fewer waves it lost (1024 x
/// 128256, 1.3 waves: +3 / +8 / +8%; decode rows under one wave: +1-3%).
pub const LARGE_GRID_WORKGROUPS_PER_SM: u32 = 6;
/// ... for grids of at least this many waves at that occupancy (the last,
/// partial wave then idles a quarter of the GPU at most).
pub const LARGE_GRID_WAVES: u64 = 4;

/// How a batch of rows is spread over workgroups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub workgroup_size: u32,
    /// Workgroups per row.
    pub split: u32,
    /// Workgroups per SM the kernel is built for (`.minnctapersm`); 1
    /// leaves registers to ptxas.
    pub workgroups_per_sm: u32,
}

/// Chooses the split for `rows` rows of `length` elements on a GPU with
/// `multiprocessors` SMs: split only when the rows alone leave SMs idle, and
/// never into parts shorter than [`MIN_ELEMENTS_PER_SPLIT`]; very long
/// rows are cut into parts of at most [`MAX_ELEMENTS_PER_SPLIT`]. With a dynamic
/// length (`None`) nothing is split, since the part size cannot be checked.
pub fn plan(rows: Option<u64>, length: Option<u64>, multiprocessors: u32) -> Plan {
    let split = match (rows, length) {
        (Some(rows), Some(length)) if rows > 0 => {
            let wanted = (WORKGROUPS_PER_MULTIPROCESSOR * multiprocessors as u64).div_ceil(rows);
            let longest = length.div_ceil(MIN_ELEMENTS_PER_SPLIT);
            let shortest = length.div_ceil(MAX_ELEMENTS_PER_SPLIT);
            wanted.min(longest).max(shortest).clamp(1, MAX_SPLIT)
        }
        _ => 1,
    };
    let waves = LARGE_GRID_WAVES * LARGE_GRID_WORKGROUPS_PER_SM as u64 * multiprocessors as u64;
    let workgroups_per_sm = match rows {
        Some(rows) if rows * split >= waves => LARGE_GRID_WORKGROUPS_PER_SM,
        _ => 1,
    };
    Plan { workgroup_size: WORKGROUP_SIZE, split: split as u32, workgroups_per_sm }
}

/// Bytes of scratch one row needs with `split` workgroups per row: a
/// counter and the 64-bit key (16 bytes), and one 16-byte partial per
/// workgroup (used by rows of 2^32 elements or more). None when the row is
/// not split.
pub fn scratch_bytes_per_row(split: u32) -> u64 {
    if split <= 1 { 0 } else { 16 + 16 * split as u64 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_rows_are_split_across_multiprocessors() {
        // One 128k-vocabulary row on 132 SMs: 63 parts of ~2k elements.
        assert_eq!(plan(Some(1), Some(128256), 132).split, 63);
        assert_eq!(plan(Some(8), Some(128256), 132).split, 33);
        assert_eq!(plan(Some(64), Some(128256), 132).split, 5);
        assert_eq!(plan(Some(256), Some(128256), 132).split, 2);
        // Enough rows to fill the GPU: one workgroup per row.
        assert_eq!(plan(Some(4096), Some(32000), 132).split, 1);
        // Short rows are never split below the minimum part.
        assert_eq!(plan(Some(1), Some(100), 132).split, 1);
        assert_eq!(plan(None, Some(128256), 132).split, 1);
        assert_eq!(plan(Some(1), None, 132).split, 1);
        assert_eq!(plan(Some(1), Some(1 << 28), 132).split, 1024);
    }

    #[test]
    fn large_grids_ask_for_occupancy() {
        // 4096 rows of one workgroup each: over 5 waves at 6 per SM.
        assert_eq!(plan(Some(4096), Some(32000), 132).workgroups_per_sm, 6);
        // 3168 workgroups make exactly 4 waves at 6 per SM; fewer do not.
        assert_eq!(plan(Some(3168), Some(32000), 132).workgroups_per_sm, 6);
        assert_eq!(plan(Some(3167), Some(32000), 132).workgroups_per_sm, 1);
        assert_eq!(plan(Some(1024), Some(128256), 132).workgroups_per_sm, 1);
        // Decode rows, split under one wave, and a single very long row
        // (1024 parts) keep ptxas's choice.
        assert_eq!(plan(Some(1), Some(128256), 132).workgroups_per_sm, 1);
        assert_eq!(plan(Some(64), Some(128256), 132).workgroups_per_sm, 1);
        assert_eq!(plan(Some(1), Some(1 << 28), 132).workgroups_per_sm, 1);
        // Rows not known at compile time: no bound.
        assert_eq!(plan(None, Some(32000), 132).workgroups_per_sm, 1);
    }

    #[test]
    fn scratch_is_only_needed_when_split() {
        assert_eq!(scratch_bytes_per_row(1), 0);
        assert_eq!(scratch_bytes_per_row(32), 16 + 512);
    }
}
