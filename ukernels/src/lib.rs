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

pub mod check;
mod descriptor;
pub mod reference;
mod registry;
pub mod tuning;
mod types;
pub mod variant;

/// Declares each family's module and `families`: every family's variants,
/// harnesses, checks and harness checks, from `family_list.rs`.
macro_rules! families {
    ($($family:ident: $catalog:literal,)*) => {
        $(pub mod $family;)*

        /// The library's families, in the order of `family_list.rs`.
        pub mod families {
            use crate::variant::{HarnessDef, VariantDef};

            /// Every variant of every family, in family order.
            pub fn variants() -> Vec<VariantDef> {
                [$(crate::$family::catalog::variants()),*].concat()
            }

            /// Every family's GPU test harnesses.
            pub fn harnesses() -> Vec<HarnessDef> {
                [$(crate::$family::catalog::harnesses()),*].concat()
            }

            /// Every family's check.
            pub static CHECKS: &[&dyn crate::check::FamilyCheck] = &[$(crate::$family::CHECK),*];

            /// Every family with a harness check.
            pub fn harness_checks() -> Vec<crate::check::FamilyHarness> {
                [$(crate::$family::HARNESS),*].into_iter().flatten().collect()
            }
        }
    };
}
include!("family_list.rs");

pub use descriptor::{Descriptor, Facts};
pub use registry::{
    NoBitcode, RegisterError, Registry, Selection, UKernel, harness_bitcode, register_variants, registry,
};
pub use types::{ElementType, IndexType};
pub use variant::{AbiParam, AbiType, HarnessDef, VariantDef};
