//! `ukernel-reductions-innermost`: on the default path, reorders the loops
//! of a `linalg.generic` so that its parallel loops come first and its
//! reduction loops last (each group in its own order), rewriting the
//! indexing maps, the iterator types and the body's `linalg.index` ops to
//! match.
//!
//! Why: `convert-linalg-to-parallel-loops` nests the loops in the op's
//! order, so a reduction over a middle dim (a softmax over heads, a sum
//! over dim 1 of three) became `scf.parallel { scf.for { scf.parallel } }`,
//! which `ukernel-gpu-distribute` cannot give a thread per point: it ran on
//! one workgroup, 3.9 ms for a 1000 x 12 x 64 softmax on an H100. Reordered,
//! it is `scf.parallel { scf.for }`: a thread per result, neighbouring
//! threads reading neighbouring elements.
//!
//! Exact: each result's reduction visits the same elements in the same
//! order (the reduction loops keep their relative order and stay
//! sequential); only independent parallel iterations move.
//!
//! Runs in the lowered stage after `ukernel-lower-to-ukernels` and
//! `ukernel-split-reductions` (the ops left are the default path's), before
//! `convert-linalg-to-parallel-loops`. Left alone: ops whose maps are not
//! all plain loop dims (a convolution's `d0 + d1`), and ops already in order.

use melior::{
    Context,
    ir::{OperationRef, attribute::ArrayAttribute, operation::OperationMutLike},
    pass::Pass,
};

use crate::{
    build::{dim_map, iterator_types},
    ir::{indexing_maps, name, reduction_loops},
};

pub const ARGUMENT: &str = "ukernel-reductions-innermost";
pub const SUMMARY: &str = "Reorder a default-path generic's loops: parallel loops first, reductions last";

/// The new loop order of an op with these loop kinds (true: reduction), or
/// None when it is already parallel-first.
fn order(reduction: &[bool]) -> Option<Vec<usize>> {
    let loops = 0..reduction.len();
    let order: Vec<usize> = loops.clone().filter(|l| !reduction[*l]).chain(loops.filter(|l| reduction[*l])).collect();
    (order.iter().enumerate().any(|(i, l)| i != *l)).then_some(order)
}

fn reorder(context: &Context, op: &OperationRef) -> Result<(), String> {
    if name(op) != "linalg.generic" {
        return Ok(());
    }
    let Some(reduction) = reduction_loops(op) else { return Ok(()) };
    let Some(order) = order(&reduction) else { return Ok(()) };
    let Some(maps) = indexing_maps(op) else { return Ok(()) };
    let loops = reduction.len();
    let new_of_old = crate::ir::inverse_permutation(&order);
    let mut new_maps = Vec::new();
    for map in &maps {
        let Some(results) = map.results.iter().map(|r| r.map(|l| new_of_old[l])).collect::<Option<Vec<_>>>() else {
            return Ok(());
        };
        new_maps.push(dim_map(context, loops, &results));
    }
    let kinds: Vec<bool> = order.iter().map(|l| reduction[*l]).collect();
    crate::build::renumber_loop_indices(context, op, &new_of_old)?;
    let mut m = crate::ir::mutable(op);
    m.set_attribute("indexing_maps", ArrayAttribute::new(context, &new_maps).into());
    m.set_attribute("iterator_types", iterator_types(context, &kinds)?);
    Ok(())
}

fn reorder_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_ops(module, crate::dispatch::linalg_ops, |op| reorder(context, &op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelReductionsInnermost", ARGUMENT, SUMMARY, reorder_module)
}

#[cfg(test)]
mod tests {
    use super::order;

    #[test]
    fn parallel_loops_first_each_group_in_order() {
        assert_eq!(order(&[false, true, false]), Some(vec![0, 2, 1]));
        assert_eq!(order(&[true, false, true, false]), Some(vec![1, 3, 0, 2]));
        assert_eq!(order(&[false, false, true]), None);
        assert_eq!(order(&[false, false]), None);
    }
}
