//! `ukernel-sink-expand-shapes`: moves a `tensor.expand_shape` below the
//! elementwise `linalg.generic` that reads it, so that the generic runs on
//! the unexpanded shape and its producer and consumers meet it there.
//!
//! torch-mlir writes a `F.linear` of a (batch, tokens, features) input as a
//! `collapse_shape` to 2-D, the matmul, and an `expand_shape` back to 3-D;
//! the activation between two linears (SwiGLU's `silu(gate) * up`) then runs
//! in 3-D, where a matmul's store cannot absorb it, and the next linear
//! collapses it again. With the reshape moved below each elementwise op, the
//! chain runs in 2-D, the next `collapse_shape` meets the `expand_shape` it
//! undoes, and both go: the activations fuse into the matmuls as they do for
//! 2-D inputs.
//!
//! A generic qualifies where its loops are all parallel, every indexing map
//! is the identity, its body reads no `linalg.index`, all shapes are static,
//! and at least one input is an `expand_shape` whose reassociation gives the
//! generic's rank; its other operands (inputs of that shape, the inits) are
//! collapsed by the same reassociation (an init that is a `tensor.empty`
//! becomes one of the collapsed shape). Each result is expanded back. Then a
//! `collapse_shape` of an `expand_shape` with the same reassociation that
//! gives back the expanded value's source is that source. Exact: the same
//! elements meet in the same ops. Runs on tensors, before fusion.

use melior::{
    Context,
    ir::{
        Attribute, Identifier, OperationRef, Type, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI64ArrayAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};

use crate::{
    build::{dim_map, generic_with_body_of, insert_before},
    dispatch::detach,
    ir::{
        Checked as _, body_ops, defining_op, indexing_maps, name, operand_segments, reduction_loops, shape_of, users,
    },
};

pub const ARGUMENT: &str = "ukernel-sink-expand-shapes";
pub const SUMMARY: &str = "Move tensor.expand_shape below the elementwise generics that read it";

/// Static dims of a ranked tensor value, or None.
fn static_dims(v: Value) -> Option<Vec<u64>> {
    RankedTensorType::try_from(v.r#type()).ok()?;
    shape_of(v.r#type())?.0.into_iter().collect()
}

/// The reassociation groups of an `expand_shape`/`collapse_shape` op.
fn groups_of(op: &OperationRef) -> Option<Vec<Vec<usize>>> {
    let reassociation = ArrayAttribute::try_from(op.attribute("reassociation").ok()?).ok()?;
    (0..reassociation.len())
        .map(|i| Some(crate::ir::ints(reassociation.element(i).ok()?).into_iter().map(|d| d as usize).collect()))
        .collect()
}

/// The dims of `dims` collapsed by `groups` (each group's product).
fn collapsed(dims: &[u64], groups: &[Vec<usize>]) -> Option<Vec<u64>> {
    groups.iter().map(|g| g.iter().map(|d| dims.get(*d).copied()).product::<Option<u64>>()).collect()
}

/// What sinking an expand below `op` needs: the expand (its reassociation
/// attribute and groups), the generic's rank.
struct Sink<'c, 'a> {
    expand: OperationRef<'c, 'a>,
    groups: Vec<Vec<usize>>,
}

fn candidate<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<Sink<'c, 'a>> {
    if name(op) != "linalg.generic" || op.region_count() != 1 {
        return None;
    }
    let loops = reduction_loops(op)?;
    if loops.iter().any(|r| *r) || !indexing_maps(op)?.iter().all(|m| m.is(&(0..loops.len()).collect::<Vec<_>>())) {
        return None;
    }
    if body_ops(op).iter().any(|o| name(o) == "linalg.index") {
        return None;
    }
    let [ins, _outs] = operand_segments(op)?.try_into().ok()?;
    if (0..op.operand_count()).any(|i| op.operand_at(i).and_then(static_dims).is_none()) {
        return None;
    }
    (0..ins as usize).find_map(|i| {
        let expand = op.operand_at(i).and_then(defining_op).filter(|d| name(d) == "tensor.expand_shape")?;
        let groups = groups_of(&expand)?;
        let source = expand.operand_at(0)?;
        let source_dims = static_dims(source)?;
        // The groups cover the generic's rank, and collapse it to the source.
        let covered: Vec<usize> = groups.iter().flatten().copied().collect();
        let rank_ok = covered == (0..loops.len()).collect::<Vec<_>>();
        let target = collapsed(&static_dims(op.operand_at(i)?)?, &groups)?;
        (rank_ok && target == source_dims).then_some(Sink { expand, groups })
    })
}

fn sink<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<bool, String> {
    let Some(Sink { expand, groups }) = candidate(op) else { return Ok(false) };
    let reassociation = expand.attribute("reassociation").map_err(|e| e.to_string())?;
    let location = op.location();
    let [ins, outs] = operand_segments(op)
        .and_then(|s| <[i32; 2]>::try_from(s).ok())
        .ok_or("internal error: a generic without two operand segments")?;
    let collapsed_type = |v: Value<'c, '_>| -> Result<Type<'c>, String> {
        let (dims, element) = shape_of(v.r#type()).ok_or("not shaped")?;
        let dims: Vec<u64> = dims.into_iter().collect::<Option<_>>().ok_or("a dynamic dim")?;
        let to = collapsed(&dims, &groups).ok_or("the reassociation does not fit")?;
        Ok(RankedTensorType::new(&to, element, None).into())
    };
    // Each operand in the collapsed shape: an expand of the same groups gives
    // its source; an empty init a new empty; anything else a collapse_shape.
    let mut operands = Vec::new();
    for i in 0..(ins + outs) as usize {
        let v = op.operand_at(i).ok_or("internal error: a missing operand")?;
        let producer = defining_op(v);
        let same_expand = producer
            .filter(|p| name(p) == "tensor.expand_shape" && groups_of(p).as_ref() == Some(&groups))
            .and_then(|p| p.operand_at(0))
            .filter(|s| {
                static_dims(*s).is_some_and(|d| collapsed(&static_dims(v).unwrap_or_default(), &groups) == Some(d))
            });
        let ty = collapsed_type(v)?;
        let value = match (same_expand, producer.filter(|p| name(p) == "tensor.empty")) {
            (Some(source), _) => source,
            (None, Some(_)) if i >= ins as usize => {
                insert_before(op, OperationBuilder::new("tensor.empty", location).add_results(&[ty]))?
            }
            _ => insert_before(
                op,
                OperationBuilder::new("tensor.collapse_shape", location)
                    .add_operands(&[v])
                    .add_attributes(&[(Identifier::new(context, "reassociation"), reassociation)])
                    .add_results(&[ty]),
            )?,
        };
        operands.push(value);
    }
    let rank = groups.len();
    let identity = dim_map(context, rank, &(0..rank).collect::<Vec<_>>());
    let maps: Vec<Attribute> = vec![identity; (ins + outs) as usize];
    let generic = generic_with_body_of(context, op, &operands, ins as usize, &maps, &vec![false; rank])?;
    for r in 0..op.result_count() {
        let old = op.result(r).map_err(|e| e.to_string())?;
        let dims: Vec<i64> = static_dims(old.into()).ok_or("a dynamic result")?.iter().map(|d| *d as i64).collect();
        let new: Value = generic.result(r).map_err(|e| e.to_string())?.into();
        let expanded = insert_before(
            op,
            OperationBuilder::new("tensor.expand_shape", location)
                .add_operands(&[new])
                .add_attributes(&[
                    (Identifier::new(context, "reassociation"), reassociation),
                    (
                        Identifier::new(context, "static_output_shape"),
                        DenseI64ArrayAttribute::new(context, &dims).into(),
                    ),
                ])
                .add_results(&[old.r#type()]),
        )?;
        crate::ir::replace_uses(old, expanded);
    }
    drop(detach(op));
    Ok(true)
}

/// Replaces each `collapse_shape` of an `expand_shape` with the same
/// reassociation by the expand's source (of the collapse's type).
fn fold_round_trips(func: &OperationRef) {
    let mut ops = Vec::new();
    func.walk(melior::ir::operation::WalkOrder::PreOrder, |o| {
        if name(&o) == "tensor.collapse_shape" {
            // SAFETY: the op is in the live function being rewritten.
            ops.push(unsafe { OperationRef::from_raw(o.to_raw()) });
        }
        melior::ir::operation::WalkResult::Advance
    });
    for collapse in ops {
        let Some(expand) = collapse.operand_at(0).and_then(defining_op).filter(|d| name(d) == "tensor.expand_shape")
        else {
            continue;
        };
        let (Some(source), Some(result)) = (expand.operand_at(0), collapse.result_at(0)) else { continue };
        if groups_of(&expand) == groups_of(&collapse) && source.r#type() == result.r#type() {
            crate::ir::replace_uses(result, source);
            drop(detach(&collapse));
        }
    }
}

/// Where `func` returns an `expand_shape` of a linalg op's result whose init
/// is a `tensor.empty` of that use alone, the init becomes a `collapse_shape`
/// of an empty of the expanded shape: the op then writes into a view of the
/// returned buffer (both made at the function's entry), and the expand of that view folds away after
/// bufferization (`ukernel-fold-reshape-round-trips`), so no kernel copies
/// the result into the function's output.
fn expand_into_results<'c>(context: &'c Context, func: &OperationRef<'c, '_>) -> Result<(), String> {
    let Some(ret) = body_ops(func).into_iter().rev().find(|o| name(o) == "func.return") else { return Ok(()) };
    for i in 0..ret.operand_count() {
        let Some(expand) = ret.operand_at(i).and_then(defining_op).filter(|d| name(d) == "tensor.expand_shape") else {
            continue;
        };
        let Some(source) = expand.operand_at(0) else { continue };
        let Some(producer) = defining_op(source).filter(|p| name(p).starts_with("linalg.")) else { continue };
        let Some([ins, _]) = operand_segments(&producer).and_then(|s| <[i32; 2]>::try_from(s).ok()) else { continue };
        let Some(r) =
            (0..producer.result_count()).find(|r| producer.result_at(*r).is_some_and(|x| Value::from(x) == source))
        else {
            continue;
        };
        let position = ins as usize + r;
        let Some(init) = producer.operand_at(position) else { continue };
        let empty = defining_op(init).filter(|d| name(d) == "tensor.empty" && d.operand_count() == 0);
        let (Some(_), Some(expanded)) = (empty, expand.result_at(0)) else { continue };
        if users(init).len() != 1 || static_dims(expanded.into()).is_none() {
            continue;
        }
        let reassociation = expand.attribute("reassociation").map_err(|e| e.to_string())?;
        let location = producer.location();
        // At the function's entry (static shapes: no operands): a matmul
        // whose store writes this op's output reads its address before the
        // matmul, which may come before the op.
        let entry = body_ops(func).into_iter().next().ok_or("an empty function")?;
        let whole = insert_before(
            &entry,
            OperationBuilder::new("tensor.empty", location).add_results(&[Value::from(expanded).r#type()]),
        )?;
        let view = insert_before(
            &entry,
            OperationBuilder::new("tensor.collapse_shape", location)
                .add_operands(&[whole])
                .add_attributes(&[(Identifier::new(context, "reassociation"), reassociation)])
                .add_results(&[init.r#type()]),
        )?;
        crate::ir::mutable(&producer).set_operand(position, view);
    }
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_functions(module, |func| {
        // Each sink may make the next generic of a chain a candidate.
        loop {
            let mut changed = false;
            for op in body_ops(func) {
                changed |= sink(context, &op)?;
            }
            if !changed {
                break;
            }
        }
        fold_round_trips(func);
        expand_into_results(context, func)?;
        // An expand_shape nothing reads any more goes.
        for op in body_ops(func) {
            if name(&op) == "tensor.expand_shape" && op.result_at(0).is_some_and(|r| users(r.into()).is_empty()) {
                drop(detach(&op));
            }
        }
        Ok(())
    })
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelSinkExpandShapes", ARGUMENT, SUMMARY, rewrite_module)
}
