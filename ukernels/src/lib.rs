//! The NVIDIA GPU ukernel library: CUDA C sources built to NVPTX bitcode per
//! arch at build time (see `build.rs` and `cuda/`), the registry describing
//! each ukernel (symbol, types, arches, ABI, required configuration), and CPU
//! reference implementations of their semantics.
//!
//! This crate has no MLIR or LLVM dependency, so GPU-side tools can use the
//! registry and the references. The MLIR matchers that decide when a
//! family applies live with the passes (`passes/src/matchers/`).

pub mod argmax;
pub mod reference;
mod registry;
mod types;

pub use registry::{LookupError, Registry, Selection, UKernel, harness_bitcode, registry};
pub use types::{AbiParam, AbiParamKind, ElementType, IndexType};
