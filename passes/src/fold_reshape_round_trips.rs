//! `ukernel-fold-reshape-round-trips`: replaces a `memref.expand_shape` of
//! a `memref.collapse_shape` (or a collapse of an expand) that gives back
//! the first one's source, same type and same reassociation, with that
//! source; an expand's dynamic sizes must be the source's own (a
//! `memref.dim` of it, or its allocation's size), else it may split a dim
//! differently and stays.
//!
//! Runs right after bufferization, before `drop-equivalent-buffer-results`
//! and `buffer-results-to-out-params`: a contraction that
//! `ukernel-canonicalize-contractions` computes in a reshaped view of its
//! result's buffer returns the view reshaped back, and only once that is
//! the buffer itself (an argument, an allocation) does the function write
//! its result in place instead of copying it there.

use crate::ir::Checked as _;
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
    let inner = defining_op(op.operand_at(0)?).filter(|i| name(i) == want)?;
    let source = inner.operand_at(0)?;
    let result = op.result_at(0)?;
    let same_groups =
        op.attribute("reassociation").ok()?.to_string() == inner.attribute("reassociation").ok()?.to_string();
    if !same_groups || source.r#type() != result.r#type() {
        return None;
    }
    // A collapse undoes any expand of the same groups. An expand of a
    // collapse may split a dynamic dim differently: each dynamic size it
    // gives must be the source's own (`memref.dim` of it at that dim).
    if name(op) == "memref.expand_shape" {
        let (dims, _) = crate::ir::shape_of(result.r#type())?;
        let mut sizes = (1..op.operand_count()).filter_map(|i| op.operand_at(i));
        for (d, size) in dims.iter().enumerate() {
            if size.is_some() {
                continue;
            }
            let size = sizes.next()?;
            if !is_size_of(size, source, &dims, d) {
                return None;
            }
        }
    }
    Some(source)
}

/// Whether `size` is dimension `d` of `buffer` (of dims `dims`): a
/// `memref.dim` of it, or the size operand its `memref.alloc` was given.
fn is_size_of(size: Value, buffer: Value, dims: &[Option<u64>], d: usize) -> bool {
    let dim_of_buffer = defining_op(size).filter(|o| name(o) == "memref.dim").is_some_and(|dim| {
        dim.operand_at(0).is_some_and(|v| crate::ir::same(v, buffer))
            && dim.operand_at(1).and_then(crate::ir::constant_int) == Some(d as i64)
    });
    if dim_of_buffer {
        return true;
    }
    let nth = dims[..d].iter().filter(|x| x.is_none()).count();
    defining_op(buffer)
        .filter(|a| name(a) == "memref.alloc")
        .and_then(|a| a.operand_at(nth))
        .is_some_and(|v| crate::ir::same(v, size))
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
                && inner.result_at(0).is_some_and(|r| users(r.into()).is_empty())
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
