//! The NVIDIA GPU ukernel library: CUDA C sources built to NVPTX bitcode per
//! arch at build time (see `build.rs` and `cuda/`), the registry describing
//! each ukernel variant (symbol, types, arches, ABI, required configuration),
//! and CPU reference implementations of their semantics.
//!
//! Each family is a module (`argmax/`, `matmul/`) whose `catalog.rs` lists
//! its variants, `reference.rs` and `check.rs` its CPU reference and GPU
//! check, and (argmax) `harness.rs` the check of its ukernels launched
//! directly; `families.rs` lists the families. This crate has no MLIR or
//! LLVM dependency (it uses the runtime to launch), so GPU-side tools can use
//! the registry, the references and the checks. The MLIR side of each family (matcher, configuration,
//! lowering) lives with the passes (`passes/src/families/`).

pub mod argmax;
pub mod check;
mod descriptor;
pub mod families;
pub mod matmul;
pub mod reference;
mod registry;
pub mod tuning;
mod types;
pub mod variant;

pub use descriptor::{Descriptor, Facts};
pub use registry::{NoBitcode, Registry, Selection, UKernel, harness_bitcode, registry};
pub use types::{ElementType, IndexType};
pub use variant::{AbiParam, AbiType, HarnessDef, VariantDef};
