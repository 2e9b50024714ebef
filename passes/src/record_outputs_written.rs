//! `ukernel-record-outputs-written`: after `buffer-results-to-out-params`,
//! the arguments beyond those `ukernel-record-argument-access` recorded are
//! the dispatch's results, which its kernel only writes: they are recorded
//! as "write".

use melior::Context;

use crate::{
    ir::function_type,
    record_argument_access::{access_of, set_access},
};

pub const ARGUMENT: &str = "ukernel-record-outputs-written";
pub const SUMMARY: &str = "Record the out-parameters that buffer-results-to-out-params added as written";

/// After buffer-results-to-out-params: the arguments beyond those recorded
/// are the dispatch's results, which the kernel only writes.
fn outputs_are_written(context: &Context, module: &melior::ir::OperationRef) -> bool {
    for func in crate::dispatch::dispatches(module) {
        let Some(ty) = function_type(&func) else { continue };
        let mut access = access_of(&func);
        if access.is_empty() {
            continue;
        }
        access.resize(ty.input_count().max(access.len()), "write".to_string());
        set_access(context, &func, &access);
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelRecordOutputsWritten", ARGUMENT, SUMMARY, outputs_are_written)
}
