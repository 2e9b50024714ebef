//! `ukernel-argmax-reduction-innermost`: an argmax over an outer dimension
//! (`torch.argmax(x, dim=0)`: a reduction loop that is not the innermost,
//! or an input read through a permutation) becomes the argmax of a copy of
//! its input transposed so that the reduced dim is innermost and the others
//! come in the order of the results: the form the argmax ukernels take,
//! each row read contiguously by a workgroup.
//!
//! Exact: the copy holds the same values, and the rewritten op visits them
//! in the same order of the reduced index, which its `linalg.index` ops
//! (renumbered to the new loop order) read as before; ties, NaN and the
//! index type are decided as in the original.
//!
//! Runs on tensors, after `ukernel-fold-argmax-conversions` and before
//! `ukernel-fuse-elementwise`. Rewrites a `linalg.generic` with one input
//! and two inits, one reduction loop, an input map that is a permutation of
//! the loops, and inits that share one map, a permutation of the parallel
//! loops, where the op is not in the ukernels' form already, and only where
//! the argmax family takes the rewritten op (any other reduction is left as
//! it is). Left alone too: a static reduced extent under [`MIN_EXTENT`],
//! which the default path's fold reads faster than the copy costs,
//! and every op of a module whose `#ukernel.target` does not allow the
//! argmax family (or that has none).

use melior::{
    Context,
    ir::{
        BlockLike, Identifier, OperationRef, Region, RegionLike, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};
use ukernel_dialect::emit_remark;

use crate::{
    build::{dim_map, transpose},
    dispatch::detach,
    ir::{body_ops, defining_op, indexing_maps, name, operand_segments, reduction_loops, shape_of},
};

pub const ARGUMENT: &str = "ukernel-argmax-reduction-innermost";
pub const SUMMARY: &str =
    "Make an argmax over an outer dimension the argmax of its input transposed with the reduced dim innermost";

/// Under this reduced extent the default path's fold (a workgroup per
/// result, its threads splitting the reduced extent) beat the copy and the
/// ukernel on an H100 (bench/results/2026-12-07-outer-argmax: 4096 x 128
/// 6.2 against 8.2 us, 2048 x 4096 64.1 against 61.4, 512 x 131072 548
/// against 630); from 8192 on the copy won (32000 x 64 bf16 30.3 against
/// 15.1 us, 8192 x 1024 f16 61.0 against 47.1).
pub const MIN_EXTENT: u64 = 8192;

/// The loops of a map whose results are all loop dims, none twice.
fn permutation(results: &[Option<usize>]) -> Option<Vec<usize>> {
    let loops: Vec<usize> = results.iter().copied().collect::<Option<_>>()?;
    let mut seen = loops.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == loops.len()).then_some(loops)
}

/// Moves the body of `from` into `to` (whose region is empty).
fn move_body(from: &OperationRef, to: &OperationRef) -> Result<(), String> {
    let (source, target) = (from.region(0).map_err(|e| e.to_string())?, to.region(0).map_err(|e| e.to_string())?);
    // SAFETY: both regions are live, and the target's is empty.
    unsafe { mlir_sys::mlirRegionTakeBody(target.to_raw(), source.to_raw()) };
    Ok(())
}

fn rewrite(context: &Context, op: OperationRef) -> Result<(), String> {
    if name(&op) != "linalg.generic" || operand_segments(&op).as_deref() != Some(&[1, 2]) || op.result_count() != 2 {
        return Ok(());
    }
    let Some(kinds) = reduction_loops(&op) else { return Ok(()) };
    let loops = kinds.len();
    let reductions: Vec<usize> = (0..loops).filter(|l| kinds[*l]).collect();
    let [reduced] = reductions[..] else { return Ok(()) };
    let Some(maps) = indexing_maps(&op) else { return Ok(()) };
    if maps.len() != 3 || maps.iter().any(|m| m.dims != loops) || maps[1].results != maps[2].results {
        return Ok(());
    }
    let (Some(input), Some(results)) = (permutation(&maps[0].results), permutation(&maps[1].results)) else {
        return Ok(());
    };
    if input.len() != loops || results.len() + 1 != loops || results.contains(&reduced) {
        return Ok(());
    }
    // The new loops: the results' dims in their order, then the reduction.
    let order: Vec<usize> = results.iter().copied().chain([reduced]).collect();
    let canonical: Vec<usize> = (0..loops).collect();
    if order == canonical && input == canonical {
        return Ok(());
    }
    let x = op.operand(0).map_err(|e| e.to_string())?;
    if RankedTensorType::try_from(x.r#type()).is_err() {
        return Ok(());
    }
    let Some((dims, _)) = shape_of(x.r#type()) else { return Ok(()) };
    let extent = input.iter().position(|l| *l == reduced).and_then(|p| dims[p]);
    if extent.is_some_and(|e| e < MIN_EXTENT) {
        return Ok(());
    }

    let location = op.location();
    // Dim j of the copy is the input's dim that loop order[j] indexes.
    let perm: Vec<usize> = order
        .iter()
        .map(|l| input.iter().position(|i| i == l))
        .collect::<Option<_>>()
        .ok_or("internal error: a loop missing from a permutation")?;
    let copy = transpose(context, &op, x, &perm, None)?;
    let new_of_old = crate::ir::inverse_permutation(&order);
    let maps = [dim_map(context, loops, &canonical), dim_map(context, loops, &canonical[..loops - 1])];
    let mut reduction = vec![false; loops];
    reduction[loops - 1] = true;
    let inits = [op.operand(1).map_err(|e| e.to_string())?, op.operand(2).map_err(|e| e.to_string())?];
    let result_types = [inits[0].r#type(), inits[1].r#type()];
    let block = op.block().ok_or("the argmax is not in a block")?;
    let built = OperationBuilder::new("linalg.generic", location)
        .add_operands(&[copy, inits[0], inits[1]])
        .add_results(&result_types)
        .add_attributes(&[
            (
                Identifier::new(context, "indexing_maps"),
                ArrayAttribute::new(context, &[maps[0], maps[1], maps[1]]).into(),
            ),
            (Identifier::new(context, "iterator_types"), crate::build::iterator_types(context, &reduction)?),
            (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 2]).into()),
        ])
        .add_regions([Region::new()])
        .build()
        .map_err(|e| format!("internal error building the argmax: {e}"))?;
    let new = block.insert_operation_before(op, built);
    move_body(&op, &new)?;
    crate::build::renumber_loop_indices(context, &new, &new_of_old)?;
    if let Err(why) = crate::families::argmax::match_argmax(&new) {
        // Not an argmax the ukernels take: everything back as it was.
        tracing::debug!(%why, "an outer-dim reduction left alone");
        crate::build::renumber_loop_indices(context, &new, &order)?;
        move_body(&new, &op)?;
        drop(detach(&new));
        if let Some(t) = defining_op(copy) {
            crate::dispatch::erase_with_empty_init(&t, 1);
        }
        return Ok(());
    }
    for i in 0..2 {
        let old: Value = op.result(i).map_err(|e| e.to_string())?.into();
        let replacement: Value = new.result(i).map_err(|e| e.to_string())?.into();
        crate::ir::replace_uses(old, replacement);
    }
    emit_remark(
        location,
        &format!(
            "ukernel: the argmax reduces loop {reduced} of {loops}; its input is read through a transposed copy \
             (permutation [{}]) with the reduced dim innermost",
            perm.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
        ),
    );
    drop(detach(&op));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    // The copy buys nothing where no argmax ukernel may take the result.
    match crate::kernel_config::module_target(module) {
        Ok(Some(target)) if target.ukernels.allows(ukernels::argmax::FAMILY) => {}
        _ => return true,
    }
    crate::dispatch::rewrite_ops(module, body_ops, |op| rewrite(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelArgmaxReductionInnermost", ARGUMENT, SUMMARY, rewrite_module)
}
