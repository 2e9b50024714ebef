//! The ukernel passes (one file each), their registration by name, and the
//! codegen/link pipeline.

pub mod link;
mod registration;

pub use registration::{PASSES, PassInfo, register_passes};
