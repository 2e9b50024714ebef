//! `ukernel-drop-results-written-in-place`: after bufferization, drops each
//! dispatch result that is one of its own arguments (an init written in
//! place, as `C += A x B` on tensors bufferizes) and records the argument
//! as "readwrite": the dispatch's output is that argument. Upstream's
//! `drop-equivalent-buffer-results` leaves public functions alone, and
//! `buffer-results-to-out-params` would then copy the argument into a new
//! out-parameter, which every GPU thread of the kernel would run.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::operation::{OperationLike, OperationMutLike},
};

use crate::{
    ir::function_type,
    ir::{body_ops, name},
    record_argument_access::{access_of, set_access},
};

pub const ARGUMENT: &str = "ukernel-drop-results-written-in-place";
pub const SUMMARY: &str = "Drop each dispatch result that is one of its own arguments, written in place";

/// Drops each dispatch result that is one of its own arguments (an init
/// written in place, as `C += A x B` on tensors bufferizes): the dispatch's
/// output is that argument. Upstream's drop-equivalent-buffer-results
/// leaves public functions alone, and buffer-results-to-out-params would
/// then copy the argument into a new out-parameter, which every GPU thread
/// of the kernel would run.
fn results_written_in_place(context: &Context, module: &melior::ir::OperationRef) -> bool {
    for func in crate::dispatch::dispatches(module) {
        let Some(ret) = body_ops(&func).into_iter().find(|o| name(o) == "func.return") else { continue };
        let operands: Vec<melior::ir::Value> = (0..ret.operand_count()).filter_map(|i| ret.operand_at(i)).collect();
        let kept: Vec<melior::ir::Value> =
            operands.iter().copied().filter(|v| crate::ir::func_arg_number(*v, &func).is_none()).collect();
        if kept.len() == operands.len() {
            continue;
        }
        let mut access = access_of(&func);
        for v in &operands {
            if let Some(slot) = crate::ir::func_arg_number(*v, &func).and_then(|i| access.get_mut(i)) {
                *slot = "readwrite".to_string();
            }
        }
        if !access.is_empty() {
            set_access(context, &func, &access);
        }
        let Some(ty) = function_type(&func) else { continue };
        let inputs: Vec<melior::ir::Type> = (0..ty.input_count()).filter_map(|i| ty.input(i).ok()).collect();
        let results: Vec<melior::ir::Type> = kept.iter().map(melior::ir::ValueLike::r#type).collect();
        let new_type = melior::ir::r#type::FunctionType::new(context, &inputs, &results);
        let Some(block) = ret.block() else { continue };
        let location = ret.location();
        melior::ir::BlockLike::insert_operation_before(&block, ret, melior::dialect::func::r#return(&kept, location));
        drop(crate::dispatch::detach(&ret));
        let mut f = crate::ir::mutable(&func);
        f.set_attribute("function_type", melior::ir::attribute::TypeAttribute::new(new_type.into()).into());
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(
        &PASS_ID,
        "UKernelDropResultsWrittenInPlace",
        ARGUMENT,
        SUMMARY,
        results_written_in_place,
    )
}
