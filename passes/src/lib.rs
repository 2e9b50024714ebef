//! The ukernel passes (one file each), their registration by name, and the
//! codegen/link pipeline.

pub mod codegen;
pub mod gpu_distribute;
pub mod hoist_executable_objects;
mod ir;
pub mod kernel_config;
pub mod link;
pub mod lower_to_ukernels;
pub mod matchers;
mod registration;

pub use registration::{PASSES, PassInfo, register_passes};
