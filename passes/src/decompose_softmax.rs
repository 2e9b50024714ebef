//! `ukernel-decompose-softmax`: rewrites `linalg.softmax` (an aggregate op
//! that neither the loop lowering nor the GPU path takes: it reached LLVM
//! translation as an unrealized cast) into the four `linalg.generic`s that
//! upstream MLIR defines it by:
//!
//! 1. `m = max over dim d of x` with `arith.maxnumf`, from the type's
//!    lowest finite value;
//! 2. `e = exp(x - m)` (broadcast along d), into the op's init;
//! 3. `s = sum over dim d of e` with `arith.addf`, from 0;
//! 4. `y = e / s`, into the op's init.
//!
//! The arithmetic is in the op's element type, as upstream's decomposition
//! does. Runs on tensors, first in the configured stage and in the CPU
//! reference's pipeline. The reductions then go wherever reductions go
//! (`ukernel-two-stage-reductions` for long rows). A `linalg.softmax` on
//! memrefs is an error at the op.

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, Type, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, FloatAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};

use crate::{
    build::{
        dim_map, element_of, fill, insert_before, iterator_types, linalg_yield, region_with, tensor_dim, tensor_type,
    },
    ir::{int_attr, name},
};

pub const ARGUMENT: &str = "ukernel-decompose-softmax";
pub const SUMMARY: &str = "Rewrite linalg.softmax as its max, exp, sum and divide generics";

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_matching(
        module,
        "ukernel: ",
        |op| name(op) == "linalg.softmax",
        |op| decompose(context, op),
    )
}

/// The lowest finite value of a float type.
fn lowest(element: Type) -> Result<f64, String> {
    match element.to_string().as_str() {
        "f32" => Ok(f64::from(f32::MIN)),
        "f64" => Ok(f64::MIN),
        "f16" => Ok(-65504.0),
        "bf16" => Ok(f64::from(f32::from_bits(0xFF7F_0000))),
        other => Err(format!("linalg.softmax of {other} is not supported (f16, bf16, f32 and f64 are)")),
    }
}

fn decompose<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let (x, init) = (op.operand(0).map_err(|e| e.to_string())?, op.operand(1).map_err(|e| e.to_string())?);
    if RankedTensorType::try_from(x.r#type()).is_err() || op.result_count() != 1 {
        return Err("linalg.softmax on memrefs is not supported (on tensors it is)".into());
    }
    let (dims, element) = element_of(x)?;
    let rank = dims.len();
    let d = int_attr(op, "dimension")
        .and_then(|d| usize::try_from(d).ok())
        .filter(|d| *d < rank)
        .ok_or("linalg.softmax without a valid dimension")?;
    let location = op.location();
    let loops: Vec<usize> = (0..rank).collect();
    let kept: Vec<usize> = loops.iter().copied().filter(|l| *l != d).collect();
    let (identity, reduced_map) = (dim_map(context, rank, &loops), dim_map(context, rank, &kept));
    let mut reduction = vec![false; rank];
    reduction[d] = true;
    let parallel = iterator_types(context, &vec![false; rank])?;
    let reducing = iterator_types(context, &reduction)?;

    // The reduced shape, its dynamic sizes read from x.
    let reduced_dims: Vec<Option<u64>> = kept.iter().map(|l| dims[*l]).collect();
    let mut sizes = Vec::new();
    for l in &kept {
        if dims[*l].is_none() {
            sizes.push(tensor_dim(context, op, x, *l)?);
        }
    }
    let reduced_type = tensor_type(&reduced_dims, element);
    let constant = |v: f64| {
        insert_before(
            op,
            OperationBuilder::new("arith.constant", location)
                .add_attributes(&[(Identifier::new(context, "value"), FloatAttribute::new(context, element, v).into())])
                .add_results(&[element]),
        )
    };
    let reduced_init = |v: f64| -> Result<Value<'c, '_>, String> {
        let empty = insert_before(
            op,
            OperationBuilder::new("tensor.empty", location).add_operands(&sizes).add_results(&[reduced_type]),
        )?;
        fill(context, op, constant(v)?, empty)
    };
    // A generic of `ins` into `out` (all of the element type) whose body
    // applies `body` in order: each `(op, a, b)` takes values a and b (the
    // block's arguments, the inputs' elements then the output's, then the
    // results of the ops before it; `math.exp` takes a alone) and the last
    // result is yielded.
    let generic = |ins: &[Value<'c, '_>],
                   maps: &[Attribute<'c>],
                   iterators: Attribute<'c>,
                   out: Value<'c, '_>,
                   body: &[(&str, usize, usize)]|
     -> Result<Value<'c, '_>, String> {
        let args = vec![(element, location); ins.len() + 1];
        let region = region_with(&args, |blk| {
            let mut values: Vec<Value> = (0..args.len())
                .map(|i| blk.argument(i).map(Into::into))
                .collect::<Result<_, _>>()
                .map_err(|e| e.to_string())?;
            for (op_name, a, b) in body {
                let operands = if *op_name == "math.exp" { vec![values[*a]] } else { vec![values[*a], values[*b]] };
                let built = blk.append_operation(
                    OperationBuilder::new(op_name, location)
                        .add_operands(&operands)
                        .add_results(&[element])
                        .build()
                        .map_err(|e| e.to_string())?,
                );
                values.push(built.result(0).map_err(|e| e.to_string())?.into());
            }
            let last = *values.last().ok_or("internal error: an empty body")?;
            blk.append_operation(linalg_yield(location, last)?);
            Ok(())
        })?;
        let operands: Vec<Value> = ins.iter().copied().chain([out]).collect();
        insert_before(
            op,
            OperationBuilder::new("linalg.generic", location)
                .add_operands(&operands)
                .add_results(&[out.r#type()])
                .add_attributes(&[
                    (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, maps).into()),
                    (Identifier::new(context, "iterator_types"), iterators),
                    (
                        Identifier::new(context, "operandSegmentSizes"),
                        DenseI32ArrayAttribute::new(context, &[ins.len() as i32, 1]).into(),
                    ),
                ])
                .add_regions([region]),
        )
    };
    let max =
        generic(&[x], &[identity, reduced_map], reducing, reduced_init(lowest(element)?)?, &[("arith.maxnumf", 0, 1)])?;
    let exp = generic(
        &[x, max],
        &[identity, reduced_map, identity],
        parallel,
        init,
        &[("arith.subf", 0, 1), ("math.exp", 3, 3)],
    )?;
    let sum = generic(&[exp], &[identity, reduced_map], reducing, reduced_init(0.0)?, &[("arith.addf", 0, 1)])?;
    let result = generic(&[exp, sum], &[identity, reduced_map, identity], parallel, init, &[("arith.divf", 0, 1)])?;
    crate::ir::replace_uses(op.result(0).map_err(|e| e.to_string())?, result);
    drop(crate::dispatch::detach(op));
    Ok(())
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelDecomposeSoftmax", ARGUMENT, SUMMARY, rewrite_module)
}
