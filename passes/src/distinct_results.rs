//! `ukernel-distinct-results`: a dispatch that returns one tensor more than
//! once (`return %r, %r`) returns a copy for each repeat, so that every
//! result is a buffer of its own. Bufferization would otherwise return one
//! allocation twice, and upstream's `buffer-results-to-out-params` crashed
//! on that (it replaced the allocation with the first out-parameter, then
//! used the erased allocation for the second).
//!
//! The copy is an identity `linalg.generic` into a `tensor.empty` of the
//! same shape (dynamic sizes read from the value), a default-path kernel
//! of a thread per element. Runs on tensors in the configured stage, before
//! selection, and in the CPU reference's bufferization.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{
        BlockLike, Identifier, OperationRef, RegionLike, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
    },
    pass::Pass,
};

use crate::{
    build::{dim_map, dynamic_sizes, element_of, insert_before, iterator_types, yield_first_region},
    ir::name,
};

pub const ARGUMENT: &str = "ukernel-distinct-results";
pub const SUMMARY: &str = "Return a copy for each repeat of a tensor a dispatch returns more than once";

/// An identity generic copying `v` (a ranked tensor) before `anchor`.
fn copy_of<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let location = anchor.location();
    let (dims, element) = element_of(v)?;
    let rank = dims.len();
    let sizes = dynamic_sizes(context, anchor, v)?;
    let empty = insert_before(
        anchor,
        OperationBuilder::new("tensor.empty", location).add_operands(&sizes).add_results(&[v.r#type()]),
    )?;
    let identity = dim_map(context, rank, &(0..rank).collect::<Vec<_>>());
    insert_before(
        anchor,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[v, empty])
            .add_results(&[v.r#type()])
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &[identity, identity]).into()),
                (Identifier::new(context, "iterator_types"), iterator_types(context, &vec![false; rank])?),
                (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 1]).into()),
            ])
            .add_regions([yield_first_region(element, location)?]),
    )
}

fn rewrite_func(context: &Context, func: &OperationRef) -> Result<(), String> {
    let Some(block) = func.region_at(0).and_then(|r| r.first_block()) else { return Ok(()) };
    let Some(ret) = block.terminator().filter(|t| name(t) == "func.return") else { return Ok(()) };
    for i in 0..ret.operand_count() {
        let v = ret.operand(i).map_err(|e| e.to_string())?;
        let repeat = (0..i).any(|j| ret.operand_at(j).is_some_and(|w| crate::ir::same(v, w)));
        if repeat && melior::ir::r#type::RankedTensorType::try_from(v.r#type()).is_ok() {
            let copy = copy_of(context, &ret, v)?;
            crate::ir::mutable(&ret).set_operand(i, copy);
        }
    }
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_functions(module, |func| rewrite_func(context, func))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelDistinctResults", ARGUMENT, SUMMARY, rewrite_module)
}
