//! `ukernel-rank0-generics-unit-loop`: gives a `linalg.generic` of no loops
//! (every operand 0-d: the arithmetic on a scalar result, a mean's divide)
//! one parallel loop of extent 1, its operands expanded to `tensor<1x...>`
//! and its results collapsed back.
//!
//! A generic of no loops lowers to its body at the top of the function:
//! loads and a store outside any loop. A load there, after the ops that
//! write what it reads, keeps `ukernel-split-kernels` from making the
//! dispatch a kernel per step, and a dispatch with a ukernel call then
//! fails ("the dispatch has ops besides its ukernel call"): torch-mlir's
//! `F.cross_entropy` (a log-softmax whose max is an argmax, then a mean)
//! did. With one loop the body lowers into an `scf.parallel` like every
//! other op's. Exact: the same body on the same elements. Runs on tensors.

use melior::{
    Context,
    ir::{
        Attribute, Identifier, OperationRef, Type, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI64ArrayAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};

use crate::{
    build::{dim_map, generic_with_body_of, insert_before},
    dispatch::detach,
    ir::{Checked as _, name, operand_segments, reduction_loops, shape_of},
};

pub const ARGUMENT: &str = "ukernel-rank0-generics-unit-loop";
pub const SUMMARY: &str = "Give a linalg.generic of no loops one loop of extent 1";

/// Whether `op` is a generic of no loops on 0-d tensors.
fn wanted(op: &OperationRef) -> bool {
    name(op) == "linalg.generic"
        && reduction_loops(op).is_some_and(|l| l.is_empty())
        && (0..op.operand_count()).all(|i| {
            op.operand_at(i).is_some_and(|v| {
                RankedTensorType::try_from(v.r#type()).is_ok()
                    && shape_of(v.r#type()).is_some_and(|(d, _)| d.is_empty())
            })
        })
}

/// `tensor<T>` as `tensor<1xT>`.
fn unit<'c>(ty: Type<'c>) -> Result<Type<'c>, String> {
    let (_, element) = shape_of(ty).ok_or("not shaped")?;
    Ok(RankedTensorType::new(&[1], element, None).into())
}

fn rewrite<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let [ins, outs] = operand_segments(op)
        .and_then(|s| <[i32; 2]>::try_from(s).ok())
        .ok_or("a generic without two operand segments")?;
    let location = op.location();
    let no_groups = ArrayAttribute::new(context, &[]).into();
    let reshape = |v: Value<'c, '_>, to: Type<'c>, op_name: &str| -> Result<Value<'c, '_>, String> {
        let mut attributes = vec![(Identifier::new(context, "reassociation"), no_groups)];
        if op_name == "tensor.expand_shape" {
            attributes.push((
                Identifier::new(context, "static_output_shape"),
                DenseI64ArrayAttribute::new(context, &[1]).into(),
            ));
        }
        insert_before(
            op,
            OperationBuilder::new(op_name, location).add_operands(&[v]).add_attributes(&attributes).add_results(&[to]),
        )
    };
    let mut operands = Vec::new();
    for i in 0..(ins + outs) as usize {
        let v = op.operand_at(i).ok_or("a missing operand")?;
        operands.push(reshape(v, unit(v.r#type())?, "tensor.expand_shape")?);
    }
    let maps: Vec<Attribute> = vec![dim_map(context, 1, &[0]); (ins + outs) as usize];
    let generic = generic_with_body_of(context, op, &operands, ins as usize, &maps, &[false])?;
    for r in 0..op.result_count() {
        let old = op.result(r).map_err(|e| e.to_string())?;
        let new: Value = generic.result(r).map_err(|e| e.to_string())?.into();
        let back = reshape(new, old.r#type(), "tensor.collapse_shape")?;
        crate::ir::replace_uses(old, back);
    }
    drop(detach(op));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_matching(module, "ukernel: ", |op| wanted(op), |op| rewrite(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelRank0GenericsUnitLoop", ARGUMENT, SUMMARY, rewrite_module)
}
