//! The ukernel passes (one file each), their registration by name, and the
//! codegen/link pipeline.

mod ir;
pub mod kernel_config;
pub mod link;
pub mod matchers;
mod registration;

pub use registration::{PASSES, PassInfo, register_passes};
