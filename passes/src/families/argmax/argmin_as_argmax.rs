//! `ukernel-argmin-as-argmax`: an argmin (`torch.argmin`: `minimumf` or
//! `minnumf` of input and accumulator, the index selected on `cmpf olt`, or
//! on the NaN-aware `olt`, the value init a fill of +inf) becomes the argmax
//! of the negated input, which the argmax ukernels take (the negation an
//! elementwise producer they absorb), and its value result is negated back.
//!
//! Exact: negation is exact and reverses the order (-0 and +0 included), so
//! the first index of the minimum of x is the first index of the maximum of
//! -x, min(x) = -max(-x), NaN stays NaN and `olt` on x is `ogt` on -x.
//! Before, an argmin ran on the default path with one thread per row (4
//! rows of 1000: 256 threads, each a loop of 1000).
//!
//! Runs on tensors, before the argmax family's other passes, on static
//! shapes, where the module's target lets the argmax family choose and the
//! argmin has the ukernels' form (its one reduction loop innermost, its
//! input read through the identity); an argmin with any other op on the
//! values, or a value init that is not a constant fill, is left alone.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        BlockLike, Identifier, OperationRef, RegionLike, Value, ValueLike,
        attribute::{FloatAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::IntegerType,
    },
    pass::Pass,
};

use crate::{
    build::{convert_elements, fill, insert_before},
    ir::{body_ops, defining_op, float_constant, int_attr, name, operand_segments, reduction_loops, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-argmin-as-argmax";
pub const SUMMARY: &str = "Rewrite an argmin as the argmax of the negated input";

const OGT: i64 = 2;
const OLT: i64 = 4;

/// The value combiner of `op` if it is an argmin this pass rewrites.
fn argmin_combiner<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    if name(op) != "linalg.generic" || operand_segments(op).as_deref() != Some(&[1, 2]) {
        return None;
    }
    // The form the argmax ukernels take: one reduction loop, the innermost,
    // the input read through the identity.
    let loops = reduction_loops(op)?;
    if loops.iter().filter(|r| **r).count() != 1 || loops.last() != Some(&true) {
        return None;
    }
    let identity: Vec<usize> = (0..loops.len()).collect();
    if !crate::ir::indexing_maps(op)?.first()?.is(&identity) {
        return None;
    }
    if (0..op.operand_count())
        .any(|i| op.operand_at(i).and_then(|v| shape_of(v.r#type())).is_none_or(|(d, _)| d.iter().any(Option::is_none)))
    {
        return None;
    }
    let block = op.region_at(0)?.first_block()?;
    let (arg_in, arg_out): (Value, Value) = (block.argument_at(0)?.into(), block.argument_at(1)?.into());
    let ops = body_ops(op);
    let yielded = ops.last().filter(|y| name(y) == "linalg.yield")?;
    let value = defining_op(yielded.operand_at(0)?)?;
    if !matches!(name(&value).as_str(), "arith.minimumf" | "arith.minnumf") {
        return None;
    }
    let reads_both = |o: &OperationRef| {
        let operands: Vec<Value> = (0..o.operand_count()).filter_map(|i| o.operand_at(i)).collect();
        operands.len() == 2
            && operands.iter().any(|v| crate::ir::same(*v, arg_in))
            && operands.iter().any(|v| crate::ir::same(*v, arg_out))
    };
    if !reads_both(&value) {
        return None;
    }
    // The values are read only by the combiner and compares `olt(in, out)`
    // (and the NaN tests `uno`/`ord`, which negation keeps).
    for v in [arg_in, arg_out] {
        for user in users(v) {
            let ok = user == value
                || (name(&user) == "arith.cmpf"
                    && matches!(int_attr(&user, "predicate"), Some(OLT) | Some(7) | Some(14))
                    && (int_attr(&user, "predicate") != Some(OLT)
                        || (user.operand_at(0).is_some_and(|x| crate::ir::same(x, arg_in))
                            && user.operand_at(1).is_some_and(|x| crate::ir::same(x, arg_out)))));
            if !ok {
                return None;
            }
        }
    }
    // The value init: a constant fill.
    let init = op.operand_at(1)?;
    defining_op(init)
        .filter(|d| name(d) == "linalg.fill")
        .and_then(|f| f.operand_at(0))
        .and_then(defining_op)
        .and_then(|c| float_constant(&c))?;
    Some(value)
}

fn rewrite<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let Some(value_op) = argmin_combiner(op) else { return Ok(()) };
    let input = op.operand_at(0).ok_or("no input")?;
    let (_, element) = shape_of(input.r#type()).ok_or("an input that is not shaped")?;
    let location = op.location();
    // -x, and the value init's constant negated.
    let negated = convert_elements(context, op, input, "arith.negf", element)?;
    let init = op.operand_at(1).ok_or("no value init")?;
    let fill_op = defining_op(init).ok_or("no fill")?;
    let start = fill_op.operand_at(0).and_then(defining_op).and_then(|c| float_constant(&c)).ok_or("no constant")?;
    let constant = insert_before(
        op,
        OperationBuilder::new("arith.constant", location)
            .add_attributes(&[(
                Identifier::new(context, "value"),
                FloatAttribute::new(context, element, -start).into(),
            )])
            .add_results(&[element]),
    )?;
    let empty = insert_before(op, OperationBuilder::new("tensor.empty", location).add_results(&[init.r#type()]))?;
    let new_init = fill(context, op, constant, empty)?;
    {
        let mut m = crate::ir::mutable(op);
        m.set_operand(0, negated);
        m.set_operand(1, new_init);
    }
    // The +inf fill nothing reads any more goes (else a kernel writes it).
    if fill_op.result_at(0).is_some_and(|r| users(r.into()).is_empty()) {
        drop(crate::dispatch::detach(&fill_op));
    }
    // The body: max for min, ogt for olt.
    let max_name = if name(&value_op) == "arith.minimumf" { "arith.maximumf" } else { "arith.maxnumf" };
    let (a, b) = (value_op.operand_at(0).ok_or("no operand")?, value_op.operand_at(1).ok_or("no operand")?);
    let block = value_op.block().ok_or("the combiner is not in a block")?;
    let max = block.insert_operation_before(
        value_op,
        OperationBuilder::new(max_name, value_op.location())
            .add_operands(&[a, b])
            .add_results(&[a.r#type()])
            .build()
            .map_err(|e| e.to_string())?,
    );
    crate::ir::replace_uses(value_op.result(0).map_err(|e| e.to_string())?, max.result(0).map_err(|e| e.to_string())?);
    drop(crate::dispatch::detach(&value_op));
    for o in body_ops(op) {
        if name(&o) == "arith.cmpf" && int_attr(&o, "predicate") == Some(OLT) {
            crate::ir::mutable(&o)
                .set_attribute("predicate", IntegerAttribute::new(IntegerType::new(context, 64).into(), OGT).into());
        }
    }
    // The value result negated back, where anything reads it.
    let result = op.result(0).map_err(|e| e.to_string())?;
    let readers = users(result.into());
    if !readers.is_empty() {
        let after = op.next_in_block().ok_or("the argmin ends its block")?;
        let back = convert_elements(context, &after, result.into(), "arith.negf", element)?;
        for r in readers {
            for i in 0..r.operand_count() {
                if r.operand_at(i).is_some_and(|v| crate::ir::same(v, result.into())) {
                    crate::ir::mutable(&r).set_operand(i, back);
                }
            }
        }
    }
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    // The negation buys nothing where no argmax ukernel may take the result.
    match crate::kernel_config::module_target(module) {
        Ok(Some(target)) if target.ukernels.allows(ukernels::argmax::FAMILY) => {}
        _ => return true,
    }
    crate::dispatch::rewrite_matching(
        module,
        "ukernel: ",
        |op| argmin_combiner(op).is_some(),
        |op| rewrite(context, op),
    )
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelArgminAsArgmax", ARGUMENT, SUMMARY, rewrite_module)
}
