//! The ukernel passes (one file each), their registration by name, the
//! families' MLIR side (matchers, configuration, calls), and the MLIR
//! pipeline stages up to the LLVM dialect.

pub mod annotate_references;
pub mod asserts_trap;
mod build;
pub mod call_builder;
pub mod codegen;
pub mod copies_to_loops;
pub mod decompose_pack;
pub mod decompose_softmax;
mod descriptor;
pub mod dispatch;
pub mod distinct_results;
pub mod drop_results_written_in_place;
pub mod dynamic_expands_as_casts;
mod epilogue;
pub mod expand_class_tests;
pub mod expand_fp8_extf;
pub mod families;
pub mod fold_reshape_round_trips;
pub mod fuse_elementwise;
pub mod fusion;
mod gather;
pub mod gather_concat;
pub mod generalize_reduce;
pub mod gpu_distribute;
pub mod grid;
pub mod hoist_executable_objects;
pub mod inits_per_use;
mod ir;
pub mod kernel_config;
pub mod lower_to_ukernels;
pub mod mark_kernels;
pub mod math_to_libdevice;
pub mod names;
pub mod numerics;
mod pass_support;
pub mod rank0_generics_unit_loop;
pub mod record_argument_access;
pub mod record_dim_classes;
pub mod record_outputs_written;
pub mod reductions_innermost;
mod registration;
pub mod scalar_arguments;
pub mod scalar_results;
pub mod set_target;
pub mod share_kernel_code;
pub mod sink_expand_shapes;
pub mod split_kernels;
pub mod split_reductions;
pub mod tuning;
pub mod two_stage_reductions;
pub mod unread_inits_empty;
pub mod verify_attributes;

pub use build::clone_op;
pub use ir::{
    Checked, CheckedBlock, body_ops as body_ops_of, function_type, name as op_name, shape_of, strings, symbol_name,
};
pub use registration::{PASSES, PassInfo, all_passes, register_passes, register_project_passes};

// The families' own passes live with their family; their paths stay.
pub use families::{
    argmax::{fold_argmax_conversions, reduction_innermost as argmax_reduction_innermost},
    matmul::{canonicalize_contractions, fold_extf_operands, fold_transposes, widen_accumulation},
};
