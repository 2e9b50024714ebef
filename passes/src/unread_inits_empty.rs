//! `ukernel-unread-inits-empty`: gives a `linalg.generic` whose loops are
//! all parallel and whose body never reads an output's block argument a
//! `tensor.empty` init for that output, in place of the tensor it had.
//!
//! Upstream's `convert-elementwise-to-linalg` (which makes generics of
//! `arith` and `math` ops on whole tensors) takes an input as each init:
//! `arith.addf %c, %bias : tensor<...>` becomes a generic that reads `%c`
//! and has `%c` as its init. A consumer whose init is its producer's result
//! is not one that a matmul's store can absorb (the store writes the
//! consumer's own output), and bufferization may copy `%c` first. The init's
//! value is never read, so an empty tensor of its type computes the same.
//! An init that is the function's argument stays, unless the generic also
//! reads it as an input: an argument as init is how a result written in
//! place into the argument's buffer is said.
//! Runs on tensors, right after `convert-elementwise-to-linalg`.

use melior::{
    Context,
    ir::{
        OperationRef, RegionLike, Type, Value, ValueLike,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};

use crate::{
    build::{dynamic_sizes, insert_before},
    ir::{Checked as _, CheckedBlock as _, defining_op, name, operand_segments, reduction_loops, users},
};

pub const ARGUMENT: &str = "ukernel-unread-inits-empty";
pub const SUMMARY: &str = "Give all-parallel generics an empty init for each output their body does not read";

/// The positions (among the operands) of the inits of `op` that its body
/// never reads and that are not already a `tensor.empty`.
fn unread_inits(op: &OperationRef) -> Vec<usize> {
    if name(op) != "linalg.generic" || reduction_loops(op).is_none_or(|r| r.iter().any(|r| *r)) {
        return vec![];
    }
    let Some([ins, outs]) = operand_segments(op).as_deref().and_then(|s| <[i32; 2]>::try_from(s).ok()) else {
        return vec![];
    };
    let Some(block) = op.region_at(0).and_then(|r| r.first_block()) else { return vec![] };
    (0..outs as usize)
        .filter(|o| {
            let position = ins as usize + o;
            let unread = block.argument_at(position).is_some_and(|a| users(Value::from(a)).is_empty());
            let init = op.operand_at(position);
            let tensor = init.is_some_and(|v| RankedTensorType::try_from(v.r#type()).is_ok());
            // A function's argument as the init is the convention for a
            // result written in place (the package writes that buffer): kept,
            // unless the generic also reads it as an input (as upstream's
            // conversion makes it), which says nothing of writing in place.
            let produced = init.and_then(defining_op);
            let empty = produced.is_some_and(|d| name(&d) == "tensor.empty");
            let also_input = init
                .is_some_and(|v| (0..ins as usize).any(|i| op.operand_at(i).is_some_and(|x| crate::ir::same(x, v))));
            unread && tensor && !empty && (produced.is_some() || also_input)
        })
        .map(|o| ins as usize + o)
        .collect()
}

fn rewrite(context: &Context, op: &OperationRef) -> Result<(), String> {
    for position in unread_inits(op) {
        let init = op.operand_at(position).ok_or("internal error: no init")?;
        let sizes = dynamic_sizes(context, op, init)?;
        let ty: Type = init.r#type();
        let empty = insert_before(
            op,
            OperationBuilder::new("tensor.empty", op.location()).add_operands(&sizes).add_results(&[ty]),
        )?;
        crate::ir::mutable(op).set_operand(position, empty);
    }
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_matching(module, "ukernel: ", |op| !unread_inits(op).is_empty(), |op| rewrite(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelUnreadInitsEmpty", ARGUMENT, SUMMARY, rewrite_module)
}
