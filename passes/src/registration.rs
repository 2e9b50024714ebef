//! Registration of the project's passes by name, beside every upstream pass,
//! so that `--pass-pipeline='builtin.module(ukernel-...)'` finds them.

use std::{ffi::c_void, sync::Once};

use melior::pass::Pass;

/// A pass of this project: its pipeline name, a one-line summary, and how to
/// create a fresh instance.
pub struct PassInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub create: fn() -> Pass,
}

/// Every pass of this project, in pipeline order.
pub const PASSES: &[PassInfo] = &[];

unsafe extern "C" {
    fn ukRegisterExternalPass(
        factory: unsafe extern "C" fn(*mut c_void) -> mlir_sys::MlirPass,
        user_data: *mut c_void,
    );
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
        for index in 0..PASSES.len() {
            unsafe { ukRegisterExternalPass(create_by_index, index as *mut c_void) };
        }
    });
}
