//! `ukernel-generalize-reduce`: rewrites `linalg.reduce` (hand-written IR's
//! way to sum, max or fold over some dims) as the `linalg.generic` it
//! means, so that what the passes after it do for reductions written as
//! generics (torch-mlir's form) applies to it too: producers fuse into it,
//! a long one runs in two stages, a family may match it.
//!
//! Runs first, on tensors. For `linalg.reduce ins(%in...) outs(%init...)
//! dimensions = [d...]` over inputs of rank r: the generic has r loops, the
//! reduced dims `reduction`, the others `parallel`; each input is read
//! through the identity, each init through the kept dims in order; its body
//! is the reduce's body (the same block arguments: inputs' elements, then
//! the accumulators). Exact: the generic computes what the reduce does.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{Attribute, OperationRef, Value, ValueLike, attribute::DenseI64ArrayAttribute, operation::OperationLike},
    pass::Pass,
};

use crate::{
    dispatch::detach,
    ir::{body_ops, name, shape_of},
};

pub const ARGUMENT: &str = "ukernel-generalize-reduce";
pub const SUMMARY: &str = "Rewrite linalg.reduce as the linalg.generic it means";

fn generalize(context: &Context, op: OperationRef) -> Result<(), String> {
    let n = op.result_count();
    if n == 0 || op.operand_count() != 2 * n {
        return Err("a linalg.reduce whose inputs and inits do not pair up".into());
    }
    let dims_attr = op.attribute("dimensions").map_err(|e| e.to_string())?;
    let dims = DenseI64ArrayAttribute::try_from(dims_attr).map_err(|e| e.to_string())?;
    let reduced: Vec<usize> = (0..dims.len()).filter_map(|i| dims.element(i).ok()).map(|d| d as usize).collect();
    let input = op.operand(0).map_err(|e| e.to_string())?;
    let (shape, _) = shape_of(input.r#type()).ok_or("an input that is not shaped")?;
    let rank = shape.len();
    if reduced.iter().any(|&d| d >= rank) {
        return Err(format!("a reduced dimension past the inputs' rank {rank}"));
    }
    let identity: Vec<usize> = (0..rank).collect();
    let kept: Vec<usize> = (0..rank).filter(|d| !reduced.contains(d)).collect();
    let mut maps: Vec<Attribute> = vec![crate::build::dim_map(context, rank, &identity); n];
    maps.extend(vec![crate::build::dim_map(context, rank, &kept); n]);
    let kinds: Vec<bool> = (0..rank).map(|d| reduced.contains(&d)).collect();
    let operands: Vec<Value> = (0..2 * n).filter_map(|i| op.operand_at(i)).collect();
    // The body moves over as it is: the same block arguments in the same
    // order, ending in `linalg.yield`.
    let generic = crate::build::generic_with_body_of(context, &op, &operands, n, &maps, &kinds)?;
    for i in 0..n {
        let (old, new): (Value, Value) =
            (op.result(i).map_err(|e| e.to_string())?.into(), generic.result(i).map_err(|e| e.to_string())?.into());
        crate::ir::replace_uses(old, new);
    }
    drop(detach(&op));
    Ok(())
}

/// The `linalg.reduce` ops at the top of `func`.
fn reduces<'c, 'a>(func: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    body_ops(func).into_iter().filter(|o| name(o) == "linalg.reduce").collect()
}

fn generalize_reduce(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_ops(module, reduces, |op| generalize(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelGeneralizeReduce", ARGUMENT, SUMMARY, generalize_reduce)
}
