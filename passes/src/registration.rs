//! Registration of the project's passes by name, beside every upstream pass,
//! so that `--pass-pipeline='builtin.module(ukernel-...)'` finds them.

use std::{
    ffi::c_void,
    sync::{Once, OnceLock},
};

use ukernel_dialect::{string_ref, string_ref_text};

pub use crate::pass_support::PassInfo;
use crate::pass_support::pass_info;

/// The project's generic passes, in pipeline order; the families' own
/// passes are in [`all_passes`].
pub const PASSES: &[PassInfo] = &[
    pass_info!(crate::verify_attributes),
    pass_info!(crate::record_argument_access),
    pass_info!(crate::distinct_results),
    pass_info!(crate::unread_inits_empty),
    pass_info!(crate::scalar_arguments),
    pass_info!(crate::scalar_results),
    pass_info!(crate::reductions_innermost),
    pass_info!(crate::decompose_softmax),
    pass_info!(crate::decompose_pack),
    pass_info!(crate::gather_concat),
    pass_info!(crate::expand_fp8_extf),
    pass_info!(crate::generalize_reduce),
    pass_info!(crate::rank0_generics_unit_loop),
    pass_info!(crate::sink_expand_shapes),
    pass_info!(crate::fuse_elementwise),
    pass_info!(crate::two_stage_reductions),
    pass_info!(crate::inits_per_use),
    pass_info!(crate::kernel_config),
    pass_info!(crate::fold_reshape_round_trips),
    pass_info!(crate::drop_results_written_in_place),
    pass_info!(crate::record_outputs_written),
    pass_info!(crate::record_dim_classes),
    pass_info!(crate::annotate_references),
    pass_info!(crate::hoist_executable_objects),
    pass_info!(crate::lower_to_ukernels),
    pass_info!(crate::split_reductions),
    pass_info!(crate::copies_to_loops),
    pass_info!(crate::split_kernels),
    pass_info!(crate::gpu_distribute),
    pass_info!(crate::expand_class_tests),
    pass_info!(crate::dynamic_expands_as_casts),
    pass_info!(crate::math_to_libdevice),
    pass_info!(crate::asserts_trap),
    pass_info!(crate::mark_kernels),
    pass_info!(crate::share_kernel_code),
];

/// Every pass of this project: the generic ones, then each family's.
pub fn all_passes() -> &'static [&'static PassInfo] {
    static ALL: OnceLock<Vec<&'static PassInfo>> = OnceLock::new();
    crate::pass_support::fix_passes();
    ALL.get_or_init(|| PASSES.iter().chain(crate::families::family_passes()).collect())
}

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
    (all_passes()[user_data as usize].create)().to_raw()
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
        for index in 0..all_passes().len() {
            // SAFETY: registers a static factory; the index is in all_passes()' range.
            unsafe { ukRegisterExternalPass(create_by_index, index as *mut c_void) };
        }
        // SAFETY: registers a static builder under static strings.
        unsafe {
            ukRegisterSetTargetPipeline(
                string_ref(crate::set_target::ARGUMENT),
                string_ref(crate::set_target::SUMMARY),
                build_set_target,
            )
        };
    });
}
