//! `ukernel-record-argument-access`: records on each dispatch, as
//! [`ACCESS_ATTR`](crate::names::ACCESS_ATTR), how its kernel uses each
//! argument. Runs first, before bufferization: a tensor argument is read
//! (a write to a tensor makes a new one, a result), a memref argument may
//! be written too. `ukernel-drop-results-written-in-place` and
//! `ukernel-record-outputs-written` complete the record.

use melior::Context;

use melior::ir::{
    Attribute,
    attribute::{ArrayAttribute, StringAttribute},
    operation::{OperationLike, OperationMutLike},
};

use crate::{ir::function_type, names::ACCESS_ATTR};

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

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelRecordArgumentAccess", ARGUMENT, SUMMARY, record_argument_access)
}

/// A dispatch's recorded access per argument (empty before the record).
pub(crate) fn access_of(func: &melior::ir::OperationRef) -> Vec<String> {
    func.attribute(ACCESS_ATTR).map(crate::ir::strings).unwrap_or_default()
}

/// Records `access` on `func`.
pub(crate) fn set_access(context: &Context, func: &melior::ir::OperationRef, access: &[String]) {
    let items: Vec<Attribute> = access.iter().map(|a| StringAttribute::new(context, a).into()).collect();
    let mut f = crate::ir::mutable(&func);
    f.set_attribute(ACCESS_ATTR, ArrayAttribute::new(context, &items).into());
}
