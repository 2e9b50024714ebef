//! Registration of the project's passes by name, beside every upstream pass,
//! so that `--pass-pipeline='builtin.module(ukernel-...)'` finds them.

use std::{ffi::c_void, sync::Once};

use melior::pass::Pass;
use ukernel_dialect::{string_ref, string_ref_text};

/// A pass of this project: its pipeline name, a one-line summary, and how to
/// create a fresh instance.
pub struct PassInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub create: fn() -> Pass,
}

/// Every pass of this project registered by name, in pipeline order.
pub const PASSES: &[PassInfo] = &[
    PassInfo {
        argument: crate::verify_attributes::ARGUMENT,
        summary: crate::verify_attributes::SUMMARY,
        create: crate::verify_attributes::create,
    },
    PassInfo {
        argument: crate::record_argument_access::ARGUMENT,
        summary: crate::record_argument_access::SUMMARY,
        create: crate::record_argument_access::create,
    },
    PassInfo {
        argument: crate::fold_extf_operands::ARGUMENT,
        summary: crate::fold_extf_operands::SUMMARY,
        create: crate::fold_extf_operands::create,
    },
    PassInfo {
        argument: crate::fold_argmax_conversions::ARGUMENT,
        summary: crate::fold_argmax_conversions::SUMMARY,
        create: crate::fold_argmax_conversions::create,
    },
    PassInfo {
        argument: crate::argmax_reduction_innermost::ARGUMENT,
        summary: crate::argmax_reduction_innermost::SUMMARY,
        create: crate::argmax_reduction_innermost::create,
    },
    PassInfo {
        argument: crate::distinct_results::ARGUMENT,
        summary: crate::distinct_results::SUMMARY,
        create: crate::distinct_results::create,
    },
    PassInfo {
        argument: crate::scalar_arguments::ARGUMENT,
        summary: crate::scalar_arguments::SUMMARY,
        create: crate::scalar_arguments::create,
    },
    PassInfo {
        argument: crate::reductions_innermost::ARGUMENT,
        summary: crate::reductions_innermost::SUMMARY,
        create: crate::reductions_innermost::create,
    },
    PassInfo {
        argument: crate::decompose_softmax::ARGUMENT,
        summary: crate::decompose_softmax::SUMMARY,
        create: crate::decompose_softmax::create,
    },
    PassInfo {
        argument: crate::expand_fp8_extf::ARGUMENT,
        summary: crate::expand_fp8_extf::SUMMARY,
        create: crate::expand_fp8_extf::create,
    },
    PassInfo {
        argument: crate::fold_transposes::ARGUMENT,
        summary: crate::fold_transposes::SUMMARY,
        create: crate::fold_transposes::create,
    },
    PassInfo {
        argument: crate::canonicalize_contractions::ARGUMENT,
        summary: crate::canonicalize_contractions::SUMMARY,
        create: crate::canonicalize_contractions::create,
    },
    PassInfo {
        argument: crate::widen_accumulation::ARGUMENT,
        summary: crate::widen_accumulation::SUMMARY,
        create: crate::widen_accumulation::create,
    },
    PassInfo {
        argument: crate::generalize_reduce::ARGUMENT,
        summary: crate::generalize_reduce::SUMMARY,
        create: crate::generalize_reduce::create,
    },
    PassInfo {
        argument: crate::fuse_elementwise::ARGUMENT,
        summary: crate::fuse_elementwise::SUMMARY,
        create: crate::fuse_elementwise::create,
    },
    PassInfo {
        argument: crate::two_stage_reductions::ARGUMENT,
        summary: crate::two_stage_reductions::SUMMARY,
        create: crate::two_stage_reductions::create,
    },
    PassInfo {
        argument: crate::inits_per_use::ARGUMENT,
        summary: crate::inits_per_use::SUMMARY,
        create: crate::inits_per_use::create,
    },
    PassInfo {
        argument: crate::kernel_config::ARGUMENT,
        summary: crate::kernel_config::SUMMARY,
        create: crate::kernel_config::create,
    },
    PassInfo {
        argument: crate::fold_reshape_round_trips::ARGUMENT,
        summary: crate::fold_reshape_round_trips::SUMMARY,
        create: crate::fold_reshape_round_trips::create,
    },
    PassInfo {
        argument: crate::drop_results_written_in_place::ARGUMENT,
        summary: crate::drop_results_written_in_place::SUMMARY,
        create: crate::drop_results_written_in_place::create,
    },
    PassInfo {
        argument: crate::record_outputs_written::ARGUMENT,
        summary: crate::record_outputs_written::SUMMARY,
        create: crate::record_outputs_written::create,
    },
    PassInfo {
        argument: crate::record_dim_classes::ARGUMENT,
        summary: crate::record_dim_classes::SUMMARY,
        create: crate::record_dim_classes::create,
    },
    PassInfo {
        argument: crate::annotate_references::ARGUMENT,
        summary: crate::annotate_references::SUMMARY,
        create: crate::annotate_references::create,
    },
    PassInfo {
        argument: crate::hoist_executable_objects::ARGUMENT,
        summary: crate::hoist_executable_objects::SUMMARY,
        create: crate::hoist_executable_objects::create,
    },
    PassInfo {
        argument: crate::lower_to_ukernels::ARGUMENT,
        summary: crate::lower_to_ukernels::SUMMARY,
        create: crate::lower_to_ukernels::create,
    },
    PassInfo {
        argument: crate::split_reductions::ARGUMENT,
        summary: crate::split_reductions::SUMMARY,
        create: crate::split_reductions::create,
    },
    PassInfo {
        argument: crate::copies_to_loops::ARGUMENT,
        summary: crate::copies_to_loops::SUMMARY,
        create: crate::copies_to_loops::create,
    },
    PassInfo {
        argument: crate::split_kernels::ARGUMENT,
        summary: crate::split_kernels::SUMMARY,
        create: crate::split_kernels::create,
    },
    PassInfo {
        argument: crate::gpu_distribute::ARGUMENT,
        summary: crate::gpu_distribute::SUMMARY,
        create: crate::gpu_distribute::create,
    },
    PassInfo {
        argument: crate::math_to_libdevice::ARGUMENT,
        summary: crate::math_to_libdevice::SUMMARY,
        create: crate::math_to_libdevice::create,
    },
    PassInfo {
        argument: crate::mark_kernels::ARGUMENT,
        summary: crate::mark_kernels::SUMMARY,
        create: crate::mark_kernels::create,
    },
    PassInfo {
        argument: crate::share_kernel_code::ARGUMENT,
        summary: crate::share_kernel_code::SUMMARY,
        create: crate::share_kernel_code::create,
    },
];

unsafe extern "C" {
    fn ukRegisterExternalPass(factory: unsafe extern "C" fn(*mut c_void) -> mlir_sys::MlirPass, user_data: *mut c_void);
    fn ukRegisterSetTargetPipeline(
        argument: mlir_sys::MlirStringRef,
        description: mlir_sys::MlirStringRef,
        builder: SetTargetBuilder,
    );
}

type Report = unsafe extern "C" fn(*mut c_void, mlir_sys::MlirStringRef);
type SetTargetBuilder = unsafe extern "C" fn(
    mlir_sys::MlirOpPassManager,
    mlir_sys::MlirStringRef,
    mlir_sys::MlirStringRef,
    Report,
    *mut c_void,
) -> bool;

/// Builds `ukernel-set-target{arch=... ukernels=...}`: validates the options
/// and adds one set-target pass. Never unwinds into C++.
unsafe extern "C" fn build_set_target(
    pm: mlir_sys::MlirOpPassManager,
    arch: mlir_sys::MlirStringRef,
    ukernels: mlir_sys::MlirStringRef,
    report: Report,
    report_data: *mut c_void,
) -> bool {
    let built = std::panic::catch_unwind(|| {
        crate::set_target::TargetOverride::parse(&string_ref_text(arch), &string_ref_text(ukernels)).map(|with| {
            let pass = crate::set_target::create(with);
            // SAFETY: `pm` is the live pass manager MLIR handed the builder; it
            // takes ownership of the new pass.
            // SAFETY: registers a static builder under static strings.
            unsafe { mlir_sys::mlirOpPassManagerAddOwnedPass(pm, pass.to_raw()) };
        })
    });
    let error = match built {
        Ok(Ok(())) => return true,
        Ok(Err(e)) => e,
        Err(_) => format!("internal error building {}", crate::set_target::ARGUMENT),
    };
    // SAFETY: MLIR's callback with its own data, given a string that
    // outlives the call.
    unsafe { report(report_data, string_ref(&error)) };
    false
}

unsafe extern "C" fn create_by_index(user_data: *mut c_void) -> mlir_sys::MlirPass {
    (PASSES[user_data as usize].create)().to_raw()
}

/// Registers every upstream pass and this project's passes in MLIR's global
/// pass registry. Idempotent.
pub fn register_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        melior::utility::register_all_passes();
        register_project_passes();
    });
}

/// Registers only this project's passes and pipelines (a host such as
/// `mlir-opt` has registered upstream's already). Idempotent.
pub fn register_project_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for index in 0..PASSES.len() {
            // SAFETY: registers a static factory; the index is in PASSES' range.
            unsafe { ukRegisterExternalPass(create_by_index, index as *mut c_void) };
        }
        unsafe {
            ukRegisterSetTargetPipeline(
                string_ref(crate::set_target::ARGUMENT),
                string_ref(crate::set_target::SUMMARY),
                build_set_target,
            )
        };
    });
}
