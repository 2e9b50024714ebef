//! `ukernel-record-argument-access`: records on each dispatch, as
//! [`ACCESS_ATTR`](crate::codegen::ACCESS_ATTR), how its kernel uses each
//! argument. Runs first, before bufferization: a tensor argument is read
//! (a write to a tensor makes a new one, a result), a memref argument may
//! be written too. `ukernel-drop-results-written-in-place` and
//! `ukernel-record-outputs-written` complete the record.

use melior::Context;

use crate::codegen::{function_type, set_access};

pub const ARGUMENT: &str = "ukernel-record-argument-access";
pub const SUMMARY: &str = "Record on each dispatch how its kernel uses each argument (read, write, readwrite)";

/// Before bufferization: a tensor argument is read (a tensor is a value; a
/// write to it would be a new tensor, a result); a memref argument may be
/// written too. Results written into an argument make it "readwrite"
/// ([`results_written_in_place`]); the out-parameters that the other results
/// become are "write" ([`outputs_are_written`]).
fn record_argument_access(context: &Context, module: &melior::ir::OperationRef) -> bool {
    for func in crate::dispatch::dispatches(module) {
        let Some(ty) = function_type(&func) else { continue };
        let access: Vec<String> = (0..ty.input_count())
            .filter_map(|i| ty.input(i).ok())
            .map(|t| if crate::ir::is_memref(t) { "readwrite" } else { "read" }.to_string())
            .collect();
        set_access(context, &func, &access);
    }
    true
}

static PASS_ID: crate::registration::PassId = crate::registration::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::registration::module_pass(&PASS_ID, "UKernelRecordArgumentAccess", ARGUMENT, SUMMARY, record_argument_access)
}
