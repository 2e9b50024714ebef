//! `ukernel-scalar-arguments-as-tensors`: a dispatch's scalar arguments
//! (`f16`, `bf16`, `f32`, `f64`, `i1`..`i64`, `index`: a scale, an epsilon,
//! a threshold, an offset) become 0-d tensor arguments (`tensor<f32>`), because a kernel's
//! arguments are buffers: the package passes each as a one-element buffer
//! (a 0-d tensor from Python). Before, such a dispatch was an error.
//!
//! Each `linalg.generic` whose body reads the scalar takes the 0-d tensor as
//! an extra input (map `(d0, ..) -> ()`), so the value reaches every thread
//! the way any input does; a `linalg.fill` of it becomes such a generic.
//! Any other use reads it with `tensor.extract` at the function's entry.
//! Exact: the same value is read. An `index` argument (an offset, a size)
//! becomes a `tensor<i64>` read at the entry and cast back to `index`
//! (`arith.index_cast`), which every use takes, inside generics too.
//!
//! Runs first, on tensors, in the configured stage and in the CPU
//! reference's bufferization.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, Region, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike, WalkOrder, WalkResult},
        r#type::{FunctionType, IntegerType, RankedTensorType},
    },
    pass::Pass,
};

use crate::{
    build::{dim_map, iterator_types},
    dispatch::detach,
    ir::{name, operand_segments, reduction_loops, users},
};

pub const ARGUMENT: &str = "ukernel-scalar-arguments-as-tensors";
pub const SUMMARY: &str =
    "Make a dispatch's scalar arguments 0-d tensors, read as inputs by the generics that use them";

/// Whether `ty` is a scalar a buffer can hold.
pub(crate) fn is_scalar(ty: Type) -> bool {
    matches!(ty.to_string().as_str(), "f16" | "bf16" | "f32" | "f64" | "i1" | "i8" | "i16" | "i32" | "i64" | "index")
}

/// The element type of the buffer that holds scalar `ty` (an index as an
/// i64), and whether it is an index (cast between the two).
pub(crate) fn buffer_element<'c>(context: &'c Context, ty: Type<'c>) -> (Type<'c>, bool) {
    if ty.to_string() == "index" { (IntegerType::new(context, 64).into(), true) } else { (ty, false) }
}

/// The linalg op (a `linalg.generic` or `linalg.fill`) directly holding
/// `user` in its body or taking it as its fill value, if any.
fn consumer<'c, 'a>(user: &OperationRef<'c, 'a>, func: &OperationRef) -> Option<OperationRef<'c, 'a>> {
    if name(user) == "linalg.fill" {
        return Some(*user);
    }
    let mut parent = user.parent_operation();
    while let Some(p) = parent {
        if p == *func {
            return None;
        }
        if name(&p) == "linalg.generic" {
            return Some(p);
        }
        parent = p.parent_operation();
    }
    None
}

fn rewrite_func(context: &Context, func: &OperationRef) -> Result<(), String> {
    let Some(entry) = func.region_at(0).and_then(|r| r.first_block()) else { return Ok(()) };
    let mut changed = false;
    for i in 0..entry.argument_count() {
        let arg: Value = entry.argument(i).map_err(|e| e.to_string())?.into();
        let scalar = arg.r#type();
        if !is_scalar(scalar) {
            continue;
        }
        changed = true;
        let location = func.location();
        let (element, index) = buffer_element(context, scalar);
        let tensor: Type = RankedTensorType::new(&[], element, None).into();
        let uses = users(arg);
        // Every use reads the scalar through one extract at the entry.
        let first = entry.first_operation().ok_or("a dispatch with an empty body")?;
        let extract = entry.insert_operation_before(
            first,
            OperationBuilder::new("tensor.extract", location)
                .add_operands(&[arg])
                .add_results(&[element])
                .build()
                .map_err(|e| e.to_string())?,
        );
        let value: Value = extract.result(0).map_err(|e| e.to_string())?.into();
        let read: Value = if index {
            let cast = entry.insert_operation_after(
                extract,
                OperationBuilder::new("arith.index_cast", location)
                    .add_operands(&[value])
                    .add_results(&[scalar])
                    .build()
                    .map_err(|e| e.to_string())?,
            );
            cast.result(0).map_err(|e| e.to_string())?.into()
        } else {
            value
        };
        for u in &uses {
            for o in 0..u.operand_count() {
                if u.operand_at(o).is_some_and(|v| crate::ir::same(v, arg)) {
                    crate::ir::mutable(u).set_operand(o, read);
                }
            }
        }
        // SAFETY: both handles are live; the argument's uses now go through
        // the extract, whose operand the new type fits.
        unsafe { mlir_sys::mlirValueSetType(arg.to_raw(), tensor.to_raw()) };
        if index {
            // Generics that read it capture the cast (an index, used as one).
            continue;
        }
        // The linalg ops that read it take the 0-d tensor as an input.
        let mut consumers: Vec<OperationRef> = Vec::new();
        for u in users(value) {
            if let Some(c) = consumer(&u, func)
                && !consumers.contains(&c)
            {
                consumers.push(c);
            }
        }
        for c in consumers {
            take_as_input(context, &c, arg, value, scalar)?;
        }
        if users(value).is_empty() {
            drop(detach(&extract));
        }
    }
    if changed {
        let inputs: Vec<Type> =
            (0..entry.argument_count()).filter_map(|i| entry.argument_at(i)).map(|a| Value::from(a).r#type()).collect();
        let results = crate::ir::function_type(func).ok_or("a dispatch without a function type")?;
        let results: Vec<Type> = (0..results.result_count()).filter_map(|i| results.result(i).ok()).collect();
        let ty: Type = FunctionType::new(context, &inputs, &results).into();
        crate::ir::mutable(func).set_attribute("function_type", TypeAttribute::new(ty).into());
    }
    Ok(())
}

/// Rebuilds `op` (a `linalg.generic`, or a `linalg.fill` of `value`) with
/// `tensor` (0-d) as one more input whose element replaces `value` in the
/// body.
fn take_as_input<'c>(
    context: &'c Context,
    op: &OperationRef<'c, '_>,
    tensor: Value<'c, '_>,
    value: Value<'c, '_>,
    scalar: Type<'c>,
) -> Result<(), String> {
    let location = op.location();
    let fill = name(op) == "linalg.fill";
    let (ins, outs, maps, kinds, region) = if fill {
        let init = op.operand(1).map_err(|e| e.to_string())?;
        let (dims, element) = crate::build::element_of(init)?;
        let rank = dims.len();
        // The output element's argument; the scalar's goes before it and
        // is yielded.
        let region = crate::build::region_with(&[(element, location)], |_| Ok(()))?;
        let identity = dim_map(context, rank, &(0..rank).collect::<Vec<_>>());
        (vec![], vec![init], vec![identity], vec![false; rank], region)
    } else {
        let n_in =
            operand_segments(op).and_then(|s| s.first().copied()).ok_or("a generic without operand segments")? as usize;
        let operands: Vec<Value> = (0..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
        let maps = ArrayAttribute::try_from(op.attribute("indexing_maps").map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
        let maps: Vec<Attribute> = (0..maps.len()).filter_map(|i| maps.element(i).ok()).collect();
        let kinds = reduction_loops(op).ok_or("a generic without iterator types")?;
        let region = Region::new();
        let source = op.region(0).map_err(|e| e.to_string())?;
        // SAFETY: both regions are live; the old op is erased below.
        unsafe { mlir_sys::mlirRegionTakeBody(region.to_raw(), source.to_raw()) };
        let (ins, outs) = operands.split_at(n_in.min(operands.len()));
        (ins.to_vec(), outs.to_vec(), maps, kinds, region)
    };
    let n_in = ins.len();
    let mut maps = maps;
    maps.insert(n_in, dim_map(context, kinds.len(), &[]));
    let block = region.first_block().ok_or("a linalg op without a body")?;
    // SAFETY: the block is live; the new argument is the scalar's element.
    let element: Value = unsafe {
        Value::from_raw(mlir_sys::mlirBlockInsertArgument(
            block.to_raw(),
            n_in as isize,
            scalar.to_raw(),
            location.to_raw(),
        ))
    };
    if fill {
        block.append_operation(crate::build::linalg_yield(location, element)?);
    }
    let operands: Vec<Value> = ins.iter().copied().chain([tensor]).chain(outs.iter().copied()).collect();
    let results: Vec<Type> = (0..op.result_count()).filter_map(|i| op.result_at(i)).map(|r| r.r#type()).collect();
    let parent = op.block().ok_or("a linalg op outside a block")?;
    let built = OperationBuilder::new("linalg.generic", location)
        .add_operands(&operands)
        .add_results(&results)
        .add_attributes(&[
            (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &maps).into()),
            (Identifier::new(context, "iterator_types"), iterator_types(context, &kinds)?),
            (
                Identifier::new(context, "operandSegmentSizes"),
                DenseI32ArrayAttribute::new(context, &[n_in as i32 + 1, outs.len() as i32]).into(),
            ),
        ])
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building a generic: {e}"))?;
    let new_op = parent.insert_operation_before(*op, built);
    // The body reads the element instead of the entry's extract.
    let mut inside: Vec<OperationRef> = Vec::new();
    new_op.walk(WalkOrder::PreOrder, |o| {
        // SAFETY: the operation is in a live block of the IR being rewritten.
        inside.push(unsafe { OperationRef::from_raw(o.to_raw()) });
        WalkResult::Advance
    });
    for o in inside.iter().filter(|o| **o != new_op) {
        for k in 0..o.operand_count() {
            if o.operand_at(k).is_some_and(|v| crate::ir::same(v, value)) {
                crate::ir::mutable(o).set_operand(k, element);
            }
        }
    }
    for r in 0..op.result_count() {
        let old: Value = op.result(r).map_err(|e| e.to_string())?.into();
        let new: Value = new_op.result(r).map_err(|e| e.to_string())?.into();
        crate::ir::replace_uses(old, new);
    }
    drop(detach(op));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_functions(module, |func| rewrite_func(context, func))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelScalarArgumentsAsTensors", ARGUMENT, SUMMARY, rewrite_module)
}
