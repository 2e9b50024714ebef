//! `ukernel-inits-per-use`: gives every use of a `tensor.empty` or of a
//! `linalg.fill` on tensors an init of its own, so that each op (a root, an
//! elementwise op) starts from an init nothing else writes.
//!
//! Runs on tensors, before `ukernel-kernel-config`. Frontends fill one
//! zero tensor and use it as the init of several contractions (torch-mlir
//! does for every matmul of a block), and reuse one `tensor.empty` as the
//! init of several ops. Bufferization then keeps the fill for one of them
//! and copies it for the others, so the contractions no longer start from a
//! fill a ukernel can absorb (C = A x B) and each copy is one more kernel;
//! and two ops given one empty may share one buffer, so a matmul's result
//! buffer is written by an unrelated op, which its fused consumer must
//! not see. With an init per use, each op's init bufferizes to a buffer of
//! its own.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{
        BlockLike, OperationRef, Value,
        operation::{OperationLike, OperationMutLike},
    },
    pass::Pass,
};

use crate::{
    build::clone_op,
    dispatch::dispatches,
    ir::{body_ops, defining_op, name, same, users},
};

pub const ARGUMENT: &str = "ukernel-inits-per-use";
pub const SUMMARY: &str = "Give every use of a tensor.empty or a tensor linalg.fill an init of its own";

/// Gives each user of `init_op`'s result but the first its own copy of it
/// (a fill with a copy of its `tensor.empty` init), built just before the
/// user.
fn split_init(init_op: OperationRef) -> Result<(), String> {
    let result: Value = init_op.result(0).map_err(|e| e.to_string())?.into();
    let mut seen = Vec::new();
    // Uses are listed last first: the first user in order keeps the init.
    for user in users(result).into_iter().rev() {
        if seen.contains(&user) {
            continue;
        }
        seen.push(user);
        if seen.len() == 1 {
            continue;
        }
        let block = user.block().ok_or("a user outside a block")?;
        let init = match name(&init_op).as_str() {
            "linalg.fill" => init_op.operand_at(1).and_then(defining_op).filter(|d| name(d) == "tensor.empty"),
            _ => None,
        };
        let copy = block.insert_operation_before(user, clone_op(&init_op));
        if let Some(init) = init {
            // The empty's dynamic sizes dominate the fill, hence the user.
            let empty = block.insert_operation_before(copy, clone_op(&init));
            let mut c = crate::ir::mutable(&copy);
            c.set_operand(1, empty.result(0).map_err(|e| e.to_string())?.into());
        }
        let fresh: Value = copy.result(0).map_err(|e| e.to_string())?.into();
        let mut u = crate::ir::mutable(&user);
        for i in 0..user.operand_count() {
            if user.operand_at(i).is_some_and(|v| same(v, result)) {
                u.set_operand(i, fresh);
            }
        }
    }
    Ok(())
}

fn inits_per_use(_context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        // Fills first: their copies share their empty, split next.
        for kind in ["linalg.fill", "tensor.empty"] {
            for op in body_ops(&func) {
                let on_tensors = op.result_count() == 1;
                if name(&op) == kind && on_tensors {
                    let location = op.location();
                    if let Err(message) = split_init(op) {
                        ukernel_dialect::emit_error(location, &format!("ukernel: {message}"));
                        return false;
                    }
                }
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelInitsPerUse", ARGUMENT, SUMMARY, inits_per_use)
}
