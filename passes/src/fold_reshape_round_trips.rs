//! `ukernel-fold-reshape-round-trips`: replaces a `memref.expand_shape` of
//! a `memref.collapse_shape` (or a collapse of an expand) that gives back
//! the first one's source, same type and same reassociation, with that
//! source.
//!
//! Runs right after bufferization, before `drop-equivalent-buffer-results`
//! and `buffer-results-to-out-params`: a contraction that
//! `ukernel-canonicalize-contractions` computes in a reshaped view of its
//! result's buffer returns the view reshaped back, and only once that is
//! the buffer itself (an argument, an allocation) does the function write
//! its result in place instead of copying it there.

use melior::{
    Context,
    ir::{OperationRef, Value, ValueLike, operation::OperationLike},
    pass::Pass,
};

use crate::{
    dispatch::detach,
    ir::{body_ops, defining_op, name, users},
};

pub const ARGUMENT: &str = "ukernel-fold-reshape-round-trips";
pub const SUMMARY: &str = "Fold a memref expand_shape of a collapse_shape (or the reverse) that gives back its source";

/// The inverse of a memref reshape op's name.
fn inverse(op_name: &str) -> Option<&'static str> {
    match op_name {
        "memref.expand_shape" => Some("memref.collapse_shape"),
        "memref.collapse_shape" => Some("memref.expand_shape"),
        _ => None,
    }
}

/// The value `op` gives back unchanged, if it undoes the reshape that made
/// its source.
fn round_trip<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let want = inverse(&name(op))?;
    let inner = defining_op(op.operand(0).ok()?).filter(|i| name(i) == want)?;
    let source = inner.operand(0).ok()?;
    let result = op.result(0).ok()?;
    let same_groups =
        op.attribute("reassociation").ok()?.to_string() == inner.attribute("reassociation").ok()?.to_string();
    (same_groups && source.r#type() == result.r#type()).then_some(source)
}

fn fold(_context: &Context, module: &OperationRef) -> bool {
    for func in crate::dispatch::dispatches(module) {
        for op in body_ops(&func) {
            let Some(source) = round_trip(&op) else { continue };
            let Ok(result) = op.result(0) else { continue };
            let inner = defining_op(op.operand(0).expect("checked above"));
            crate::ir::replace_uses(result, source);
            drop(detach(&op));
            if let Some(inner) = inner
                && inner.result(0).is_ok_and(|r| users(r.into()).is_empty())
            {
                drop(detach(&inner));
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelFoldReshapeRoundTrips", ARGUMENT, SUMMARY, fold)
}
