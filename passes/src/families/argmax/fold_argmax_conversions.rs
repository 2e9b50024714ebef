//! `ukernel-fold-argmax-conversions`: an argmax over 16-bit floats widened
//! to f32 (`torch.argmax(x.float())` of bf16 or f16 logits, as frontends
//! export it: an `extf` generic, then the argmax fold) becomes the argmax of
//! the 16-bit values, its value result widened after: the 16-bit argmax
//! ukernels then take it and read half the bytes.
//!
//! Exact: `extf` is exact and monotone (NaN stays NaN), so comparing the
//! widened values compares the 16-bit ones, and the maximum widened after is
//! the maximum of the widened values; the fold's value init must be a
//! constant the 16-bit type holds exactly (`-inf`, typically).
//!
//! Runs on tensors, before `ukernel-fuse-elementwise`. Rewrites a
//! `linalg.generic` with one input, a value and an index init, and a
//! reduction loop, whose input is the result (used by it alone) of an
//! elementwise generic whose body is `arith.extf` of its input alone, and
//! whose value init is a `linalg.fill` of such a constant. Its body is
//! rebuilt on the 16-bit type: block arguments and the value's ops
//! (`maximumf`, `minimumf`, `maxnumf`, `minnumf`, `select`) take it; the
//! compares, the index ops and the rest keep their types. A body with any
//! other op on the values is left alone.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Block, BlockLike, Identifier, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::FloatAttribute,
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};

use crate::{
    build::insert_before,
    dispatch::detach,
    ir::{body_ops, defining_op, float_constant, name, operand_segments, reduction_loops, same, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-fold-argmax-conversions";
pub const SUMMARY: &str = "Make an argmax of 16-bit floats widened to f32 the argmax of the 16-bit floats";

/// Ops on the values that take the narrow type when their operands do.
const VALUE_OPS: &[&str] = &["arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.select"];

/// The 16-bit source of `v` when it is the result, used by `user` alone, of
/// an elementwise generic that only widens its input with `extf`.
fn widened_source<'c, 'a>(v: Value<'c, 'a>, user: &OperationRef) -> Option<(OperationRef<'c, 'a>, Value<'c, 'a>)> {
    let producer = defining_op(v).filter(|p| name(p) == "linalg.generic")?;
    if operand_segments(&producer)? != [1, 1] || reduction_loops(&producer)?.iter().any(|r| *r) {
        return None;
    }
    if users(v).iter().any(|u| u != user) {
        return None;
    }
    let ops = body_ops(&producer);
    let body = producer.region_at(0)?.first_block()?;
    let input: Value = body.argument_at(0)?.into();
    let [ext, yield_] = ops.as_slice() else { return None };
    let widens = name(ext) == "arith.extf" && ext.operand_at(0).is_some_and(|x| same(x, input));
    let yields = name(yield_) == "linalg.yield"
        && yield_.operand_at(0).is_some_and(|y| ext.result_at(0).is_some_and(|r| same(y, r.into())));
    let source = producer.operand_at(0)?;
    let narrow = shape_of(source.r#type()).is_some_and(|(_, t)| matches!(t.to_string().as_str(), "bf16" | "f16"));
    (widens && yields && narrow).then_some((producer, source))
}

/// `value` in the 16-bit type `t`, when it holds it exactly.
fn narrow_constant(value: f64, t: &str) -> Option<f64> {
    let back = match t {
        "bf16" => half::bf16::from_f64(value).to_f64(),
        _ => half::f16::from_f64(value).to_f64(),
    };
    (back == value || (back.is_nan() && value.is_nan())).then_some(back)
}

fn fold(context: &Context, argmax: OperationRef) -> Result<bool, String> {
    if name(&argmax) != "linalg.generic" || operand_segments(&argmax).as_deref() != Some(&[1, 2]) {
        return Ok(false);
    }
    if !reduction_loops(&argmax).is_some_and(|l| l.iter().any(|r| *r)) || argmax.result_count() != 2 {
        return Ok(false);
    }
    let input = argmax.operand(0).map_err(|e| e.to_string())?;
    let Some((producer, source)) = widened_source(input, &argmax) else { return Ok(false) };
    let (_, narrow) = shape_of(source.r#type()).ok_or("no shape")?;
    // SAFETY: types are uniqued in the context and live as long as it.
    let narrow: Type = unsafe { Type::from_raw(melior::ir::TypeLike::to_raw(&narrow)) };
    let value_init = argmax.operand(1).map_err(|e| e.to_string())?;
    let Some(fill) = defining_op(value_init).filter(|f| name(f) == "linalg.fill") else { return Ok(false) };
    let Some(init) = fill.operand_at(0).and_then(defining_op).and_then(|c| float_constant(&c)) else {
        return Ok(false);
    };
    let Some(init) = narrow_constant(init, &narrow.to_string()) else { return Ok(false) };
    let (value_shape, wide) = shape_of(value_init.r#type()).ok_or("no shape")?;
    if wide.to_string() != "f32" || value_shape.iter().any(Option::is_none) {
        return Ok(false);
    }
    // The body on the narrow type, or nothing when it does more.
    let body = argmax.region_at(0).and_then(|r| r.first_block()).ok_or("no body")?;
    let (arg_in, arg_value): (Value, Value) =
        (body.argument(0).map_err(|e| e.to_string())?.into(), body.argument(1).map_err(|e| e.to_string())?.into());
    let index_type = body.argument(2).map_err(|e| e.to_string())?.r#type();
    let location: Location = argmax.location();
    let block = Block::new(&[(narrow, location), (narrow, location), (index_type, location)]);
    // Old body values to new block values, as raw handles (the two live in
    // different regions).
    let raw = |v: Value| v.to_raw();
    let arg = |i: usize| block.argument(i).map(|a| raw(a.into())).map_err(|e| e.to_string());
    let mut mapped: Vec<(mlir_sys::MlirValue, mlir_sys::MlirValue)> = vec![
        (raw(arg_in), arg(0)?),
        (raw(arg_value), arg(1)?),
        (raw(body.argument(2).map_err(|e| e.to_string())?.into()), arg(2)?),
    ];
    for op in body_ops(&argmax) {
        let mut operands: Vec<Value> = Vec::new();
        for i in 0..op.operand_count() {
            let v = op.operand(i).map_err(|e| e.to_string())?;
            let new = mapped.iter().find(|(k, _)| k.ptr == v.to_raw().ptr).map(|(_, n)| *n).unwrap_or(v.to_raw());
            // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
            operands.push(unsafe { Value::from_raw(new) });
        }
        let n = name(&op);
        let touches_values = operands.iter().any(|v| v.r#type() == narrow);
        let results: Vec<Type> = (0..op.result_count())
            .map(|i| op.result(i).map(|r| r.r#type()))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let results = if VALUE_OPS.contains(&n.as_str()) && touches_values {
            if n == "arith.select" && results.first().is_some_and(|t| t.to_string() != "f32") {
                results
            } else {
                vec![narrow; results.len()]
            }
        } else if touches_values && !matches!(n.as_str(), "arith.cmpf" | "linalg.yield") {
            return Ok(false);
        } else {
            results
        };
        let attributes: Vec<(Identifier, melior::ir::Attribute)> = op.attributes().collect();
        let built = OperationBuilder::new(&n, op.location())
            .add_operands(&operands)
            .add_results(&results)
            .add_attributes(&attributes)
            .build()
            .map_err(|e| format!("internal error rebuilding '{n}': {e}"))?;
        let built = block.append_operation(built);
        for i in 0..op.result_count() {
            let old: Value = op.result(i).map_err(|e| e.to_string())?.into();
            let new: Value = built.result(i).map_err(|e| e.to_string())?.into();
            mapped.push((old.to_raw(), new.to_raw()));
        }
    }
    // The 16-bit value init, then the argmax of the 16-bit input.
    let dims: Vec<u64> = value_shape.iter().map(|d| d.unwrap_or(0)).collect();
    let narrow_tensor: Type = RankedTensorType::new(&dims, narrow, None).into();
    let empty = insert_before(&argmax, OperationBuilder::new("tensor.empty", location).add_results(&[narrow_tensor]))?;
    let constant = insert_before(
        &argmax,
        OperationBuilder::new("arith.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), FloatAttribute::new(context, narrow, init).into())])
            .add_results(&[narrow]),
    )?;
    let narrow_fill = crate::build::fill(context, &argmax, constant, empty)?;
    let index_init = argmax.operand(2).map_err(|e| e.to_string())?;
    let region = Region::new();
    region.append_block(block);
    let attributes: Vec<(Identifier, melior::ir::Attribute)> = argmax.attributes().collect();
    let index_result = argmax.result(1).map_err(|e| e.to_string())?.r#type();
    let parent = argmax.block().ok_or("the argmax is not in a block")?;
    let narrowed_argmax = OperationBuilder::new("linalg.generic", location)
        .add_operands(&[source, narrow_fill, index_init])
        .add_results(&[narrow_tensor, index_result])
        .add_attributes(&attributes)
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building the argmax: {e}"))?;
    let narrowed_argmax = parent.insert_operation_before(argmax, narrowed_argmax);
    // The value result widened, where it is used.
    let old_value: Value = argmax.result(0).map_err(|e| e.to_string())?.into();
    let old_index: Value = argmax.result(1).map_err(|e| e.to_string())?.into();
    let new_index: Value = narrowed_argmax.result(1).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(old_index, new_index);
    if !users(old_value).is_empty() {
        let new_value: Value = narrowed_argmax.result(0).map_err(|e| e.to_string())?.into();
        let widened =
            crate::build::convert_elements(context, &argmax, new_value, "arith.extf", Type::float32(context))?;
        crate::ir::replace_uses(old_value, widened);
    }
    drop(detach(&argmax));
    drop(detach(&producer));
    if fill.result_at(0).is_some_and(|r| users(r.into()).is_empty()) {
        drop(detach(&fill));
    }
    Ok(true)
}

fn fold_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_ops(module, body_ops, |op| fold(context, op).map(|_| ()))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelFoldArgmaxConversions", ARGUMENT, SUMMARY, fold_module)
}
