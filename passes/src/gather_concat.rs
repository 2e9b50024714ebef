//! `ukernel-gather-concat`: rewrites a `tensor.concat` of static shape and
//! at most [`MAX_INPUTS`] inputs as one gathering generic (see
//! [`crate::gather`]): each element of the result reads every input at its
//! index along the concatenated dim less that input's offset (clamped into
//! the input, so every read stays inside) and keeps the one whose range
//! holds the index.
//!
//! Upstream bufferizes a concat into a copy per input, each a kernel of its
//! own on the default path; as a generic it is one kernel, and the
//! elementwise ops that read it fuse into it (rotary embedding's
//! `cat((-x2, x1))` and its products: four kernels before). Runs on tensors
//! in the configured stage only: the CPU reference keeps upstream's concat,
//! against which the GPU's results are checked. Others are left as they are.

use melior::{
    Context,
    ir::{OperationRef, Value, ValueLike, operation::OperationLike},
    pass::Pass,
};

use crate::{
    build::{index_constant, insert_before},
    gather::gather_generic,
    ir::{int_attr, name, shape_of},
};

pub const ARGUMENT: &str = "ukernel-gather-concat";
pub const SUMMARY: &str = "Rewrite a small static tensor.concat as one generic that gathers from its inputs";

/// The most inputs a concat may have: each element reads every input.
pub const MAX_INPUTS: usize = 4;

/// The concat's dim and each input's extent along it, where it qualifies.
fn qualifies(op: &OperationRef) -> Option<(usize, Vec<u64>)> {
    if name(op) != "tensor.concat" || op.operand_count() > MAX_INPUTS || op.operand_count() < 2 {
        return None;
    }
    let dim = usize::try_from(int_attr(op, "dim")?).ok()?;
    let result = op.result(0).ok()?;
    let (dims, _) = shape_of(result.r#type())?;
    if dims.iter().any(Option::is_none) {
        return None;
    }
    (0..op.operand_count())
        .map(|i| {
            let (d, _) = shape_of(op.operand(i).ok()?.r#type())?;
            d.into_iter().collect::<Option<Vec<u64>>>()?.get(dim).copied()
        })
        .collect::<Option<Vec<u64>>>()
        .map(|extents| (dim, extents))
}

fn rewrite<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let Some((dim, extents)) = qualifies(op) else { return Ok(()) };
    let inputs: Vec<Value> =
        (0..op.operand_count()).map(|i| op.operand(i).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    let result = op.result(0).map_err(|e| e.to_string())?.r#type();
    let location = op.location();
    // Offsets along the dim and each input's last index there, as constants.
    let mut offsets = Vec::new();
    let mut lasts = Vec::new();
    let mut offset = 0u64;
    for extent in &extents {
        offsets.push(index_constant(context, op, offset as i64)?);
        lasts.push(index_constant(context, op, extent.saturating_sub(1) as i64)?);
        offset += extent;
    }
    let dest = insert_before(
        op,
        melior::ir::operation::OperationBuilder::new("tensor.empty", location).add_results(&[result]),
    )?;
    let (_, element) = shape_of(result).ok_or("a result that is not shaped")?;
    let generic = gather_generic(context, op, dest, result, |body, loops| {
        let at = loops[dim];
        let mut reads = Vec::new();
        for (k, input) in inputs.iter().enumerate() {
            let local = if k == 0 { at } else { body.arith("arith.subi", at, offsets[k])? };
            // Below the input's offset the difference wraps to a large value,
            // which the clamp keeps inside too.
            let clamped = body.arith("arith.minui", local, lasts[k])?;
            let mut operands = vec![*input];
            operands.extend(loops.iter().enumerate().map(|(d, l)| if d == dim { clamped } else { *l }));
            reads.push(body.op("tensor.extract", &operands, element, &[])?);
        }
        let mut value = *reads.last().ok_or("internal error: a concat without inputs")?;
        for k in (0..reads.len() - 1).rev() {
            let inside = body.ult(at, offsets[k + 1])?;
            value = body.op("arith.select", &[inside, reads[k], value], element, &[])?;
        }
        Ok(value)
    })?;
    crate::ir::replace_uses(op.result(0).map_err(|e| e.to_string())?, generic);
    drop(crate::dispatch::detach(op));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_matching(module, "ukernel: ", |op| qualifies(op).is_some(), |op| rewrite(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelGatherConcat", ARGUMENT, SUMMARY, rewrite_module)
}
