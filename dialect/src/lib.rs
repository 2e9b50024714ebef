//! The `ukernel` MLIR dialect: its IRDL definition, loaded into every context
//! the project creates, and typed Rust views of its attributes.
//!
//! The dialect is defined in `ukernel.irdl.mlir` and loaded at run time, so no
//! C++ dialect library is needed. IRDL checks each attribute's parameter kinds
//! (a string, a dictionary); the views in [`attrs`] check the dictionary keys
//! and their types, and name the field that is missing or mistyped.

pub mod attrs;
mod context;
mod dynamic;
mod error;
pub mod location;
pub mod precheck;
mod verify;

pub use attrs::{
    ExecutableObject, GpuArch, KNOWN_ARCHES, KnownArch, LoweringConfig, Target, UKernelSelection, UKernelSpec,
};
pub use context::{
    IRDL_SOURCE, add_ukernel_dialect, add_ukernel_dialect_to_raw, create_context, load_ukernel_dialect,
    set_print_op_on_diagnostic,
};
pub use dynamic::{DynamicAttr, dense_resource_bytes, string_ref, string_ref_bytes, string_ref_text, string_value};
pub use error::Error;
pub use verify::{emit_error, emit_remark, emit_warning, verify_ukernel_attributes};

/// The dialect namespace.
pub const DIALECT: &str = "ukernel";

/// The discardable attribute that carries executable objects on an op, a
/// function or a module.
pub const EXECUTABLE_OBJECTS: &str = "ukernel.executable_objects";

/// The module attribute that carries the `#ukernel.target`.
pub const TARGET_ATTR: &str = "ukernel.target";

/// The op attribute that carries the `#ukernel.lowering_config`.
pub const LOWERING_CONFIG_ATTR: &str = "lowering_config";

/// On a ukernel's declaration (every one has it): `"call"` where kernels
/// call it rather than inline it (its spec's `linkage` tag), else
/// `"inline"`; the target keeps the calls of the first.
pub const UKERNEL_LINKAGE_ATTR: &str = "ukernel.linkage";

/// On a ukernel's declaration: `"after-inlining"` where its inlined code
/// gains nothing from O3 (its spec's `pipeline` tag), else `"o3"`; the
/// target gives kernels that call only the first kind the short pipeline.
pub const UKERNEL_PIPELINE_ATTR: &str = "ukernel.pipeline";
