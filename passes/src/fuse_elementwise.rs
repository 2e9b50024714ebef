//! `ukernel-fuse-elementwise`: fuses chains of elementwise `linalg.generic`
//! ops on tensors into one, so that what frontends emit as a string of
//! small ops (torch-mlir: `truncf`, `extf`, a sigmoid, a product, `truncf`
//! again, each its own generic) is one elementwise op: one default-path
//! kernel instead of one per op, and one consumer a matmul ukernel can
//! absorb through its store function.
//!
//! Runs on tensors, after the folds and before
//! `ukernel-two-stage-reductions`. A producer, an elementwise
//! `linalg.generic` (all loops parallel, one output, identity output map,
//! its body not reading its output element), fuses into a consumer that
//! reads it through plain distinct loops (the identity, a permutation, or a
//! broadcast: a bias vector widened by its own `extf` generic, read along a
//! matrix's columns) when:
//! - the consumer is elementwise, or a one-output reduction no ukernel
//!   family matches (a default-path fold: RMSNorm's sum of squares takes
//!   its `fpowi`; a fold a family matches keeps the body that selects it);
//! - the consumer is the producer's only user, or the producer is cheap
//!   (no `math` ops, at most four ops: a conversion), in which case each
//!   consumer gets its own copy and no kernel writes the producer's result;
//! - a producer read through a broadcast, computed again at every point it
//!   reaches, is cheap;
//! - every consumer loop is still read along by some operand of the fused
//!   op (a sum over the dim a producer broadcasts along is not fused: the
//!   loop's extent would be lost).
//!
//! The fused op reads the consumer's other inputs and the producer's inputs
//! (through their maps composed with the consumer's read; an input read
//! twice through the same map is read once), computes the producer's body
//! and then the consumer's on its value, and writes the consumer's output,
//! with the consumer's loops.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::{ArrayAttribute, AttributeLike, DenseI32ArrayAttribute},
        operation::{OperationBuilder, OperationLike},
    },
    pass::Pass,
};

use crate::{
    build::{Captured, ValueMap, clone_body},
    dispatch::{detach, dispatches},
    ir::{body_ops, defining_op, name, operand_segments, reduction_loops, same, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-fuse-elementwise";
pub const SUMMARY: &str = "Fuse chains of elementwise linalg.generic ops on tensors into one";

/// Whether `op` is an elementwise generic with one input range and one
/// output, all loops parallel, its output map the identity; its loop count.
fn elementwise(op: &OperationRef) -> Option<usize> {
    if name(op) != "linalg.generic" || op.result_count() != 1 {
        return None;
    }
    let segments = operand_segments(op)?;
    let loops = reduction_loops(op)?;
    let maps = crate::ir::indexing_maps(op)?;
    let identity: Vec<usize> = (0..loops.len()).collect();
    (segments.len() == 2 && segments[1] == 1 && loops.iter().all(|r| !r) && maps.last()?.is(&identity))
        .then_some(loops.len())
}

/// Whether `op` can take producers: an elementwise generic, or a
/// reduction generic with one output that no ukernel family matches (a
/// default-path fold: RMSNorm's sum of squares, a softmax's sum), whose
/// loop count it returns. A fold a family matches keeps its body, which
/// selects the ukernel.
fn consumer_loops(op: &OperationRef) -> Option<usize> {
    if let Some(loops) = elementwise(op) {
        return Some(loops);
    }
    if name(op) != "linalg.generic" || op.result_count() != 1 || operand_segments(op)?.get(1) != Some(&1) {
        return None;
    }
    let loops = reduction_loops(op)?;
    if crate::families::families().iter().any(|f| f.match_op(op).is_ok()) {
        return None;
    }
    Some(loops.len())
}

/// Whether `op`'s body is cheap to compute again for every use: no
/// `math` ops, a few ops at most (a conversion, a scale).
fn cheap(op: &OperationRef) -> bool {
    let ops = body_ops(op);
    ops.len() <= 4 && !ops.iter().any(|o| name(o).starts_with("math."))
}

fn body_block<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<melior::ir::BlockRef<'c, 'a>> {
    op.region_at(0)?.first_block()
}

/// Whether the body of `op` reads its output element.
fn reads_output(op: &OperationRef) -> bool {
    let Some(block) = body_block(op) else { return true };
    let n = block.argument_count();
    block.argument_at(n - 1).is_some_and(|out| !users(out.into()).is_empty())
}

/// How the consumer reads `producer`'s result: per result dim, the
/// consumer loop it is (the same map for every read), if `producer` can
/// fuse into `consumer`.
fn fusable_read(producer: &OperationRef, consumer: &OperationRef) -> Option<Vec<usize>> {
    let loops = elementwise(producer)?;
    let consumer_loops = consumer_loops(consumer)?;
    if reads_output(producer) {
        return None;
    }
    let result: Value = producer.result_at(0)?.into();
    // Other users: a cheap producer is copied into each consumer (the last
    // one takes the original), so no kernel of its own writes it.
    let others = users(result).iter().any(|u| u != consumer);
    if others && !cheap(producer) {
        return None;
    }
    let inputs = operand_segments(consumer)?[0] as usize;
    let maps = crate::ir::indexing_maps(consumer)?;
    let reads: Vec<usize> = (0..inputs).filter(|&i| consumer.operand_at(i).is_some_and(|v| same(v, result))).collect();
    let first = maps.get(*reads.first()?)?.clone();
    // One map for every read, of plain distinct loops, one per result dim;
    // the result is not the output.
    let read: Vec<usize> = first.results.iter().copied().collect::<Option<_>>()?;
    let mut seen = vec![false; consumer_loops];
    if read.len() != loops
        || read.iter().any(|&l| std::mem::replace(&mut seen[l], true))
        || reads.iter().any(|&i| maps[i] != first)
        || consumer.operand_at(inputs).is_some_and(|v| same(v, result))
    {
        return None;
    }
    // A producer read through a broadcast is computed again for every
    // consumer point it reaches: only a body without `math` ops (a
    // conversion, a scale: cheap to repeat).
    if consumer_loops > loops && !cheap(producer) {
        return None;
    }
    // Every consumer loop must stay in some map of the fused op, or its
    // extent is lost: a broadcast along a loop the consumer reduces over
    // (`x.expand(2, 4, 8).sum(0)`) read nothing else along it.
    let mut covered = vec![false; consumer_loops];
    for (i, map) in maps.iter().enumerate() {
        if !reads.contains(&i) {
            map.results.iter().flatten().for_each(|&l| covered[l] = true);
        }
    }
    let p_inputs = operand_segments(producer)?[0] as usize;
    let p_maps = crate::ir::indexing_maps(producer)?;
    for map in p_maps.iter().take(p_inputs) {
        map.results.iter().flatten().for_each(|&l| covered[read[l]] = true);
    }
    if covered.iter().any(|c| !c) {
        return None;
    }
    Some(read)
}

/// `map` (over the producer's loops) with producer loop l read as the
/// consumer loop `read`'s result l: a map over the consumer's `loops`.
fn compose<'c>(
    context: &'c Context,
    map: Attribute<'c>,
    read: Attribute<'c>,
    loops: usize,
) -> Result<Attribute<'c>, String> {
    use mlir_sys::*;
    // SAFETY: both are affine map attributes of this context.
    unsafe {
        if !mlirAttributeIsAAffineMap(map.to_raw()) {
            return Err("an indexing map that is not an affine map".into());
        }
        let (map, read) = (mlirAffineMapAttrGetValue(map.to_raw()), mlirAffineMapAttrGetValue(read.to_raw()));
        let results: Vec<MlirAffineExpr> = (0..mlirAffineMapGetNumResults(map))
            .map(|r| mlirAffineExprCompose(mlirAffineMapGetResult(map, r), read))
            .collect();
        let composed =
            mlirAffineMapGet(context.to_raw(), loops as isize, 0, results.len() as isize, results.as_ptr() as *mut _);
        Ok(Attribute::from_raw(mlirAffineMapAttrGet(composed)))
    }
}

/// Fuses `producer` into `consumer` (see the module doc); the fused op
/// replaces the consumer, and the producer goes.
fn fuse(context: &Context, producer: OperationRef, consumer: OperationRef, read: &[usize]) -> Result<(), String> {
    let location: Location = consumer.location();
    let result: Value = producer.result(0).map_err(|e| e.to_string())?.into();
    let c_inputs = operand_segments(&consumer).ok_or("no segments")?[0] as usize;
    let p_inputs = operand_segments(&producer).ok_or("no segments")?[0] as usize;
    let c_maps = consumer.attribute("indexing_maps").map_err(|e| e.to_string())?;
    let c_maps = ArrayAttribute::try_from(c_maps).map_err(|e| e.to_string())?;
    // The fused op's inputs: (value, map, where its block argument comes
    // from: consumer argument i or producer argument j).
    #[derive(Clone, Copy)]
    enum From {
        Consumer(usize),
        Producer(usize),
    }
    let mut inputs: Vec<(Value, Attribute, Vec<From>)> = Vec::new();
    let add = |v: Value<'_, '_>, map: Attribute<'_>, from: From, inputs: &mut Vec<(Value, Attribute, Vec<From>)>| {
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        let v: Value = unsafe { Value::from_raw(v.to_raw()) };
        let map: Attribute = unsafe { Attribute::from_raw(map.to_raw()) };
        match inputs.iter_mut().find(|(w, m, _)| same(*w, v) && *m == map) {
            Some((_, _, froms)) => froms.push(from),
            None => inputs.push((v, map, vec![from])),
        }
    };
    for i in 0..c_inputs {
        let v = consumer.operand(i).map_err(|e| e.to_string())?;
        if !same(v, result) {
            add(v, c_maps.element(i).map_err(|e| e.to_string())?, From::Consumer(i), &mut inputs);
        }
    }
    // The producer's inputs over the consumer's loops: its map of each,
    // its loop l read as consumer loop read[l].
    let p_maps = producer.attribute("indexing_maps").map_err(|e| e.to_string())?;
    let p_maps = ArrayAttribute::try_from(p_maps).map_err(|e| e.to_string())?;
    let consumer_loops = crate::ir::reduction_loops(&consumer).ok_or("no iterator types")?.len();
    let read_map = crate::build::dim_map(context, consumer_loops, read);
    for j in 0..p_inputs {
        let v = producer.operand(j).map_err(|e| e.to_string())?;
        let map = compose(context, p_maps.element(j).map_err(|e| e.to_string())?, read_map, consumer_loops)?;
        add(v, map, From::Producer(j), &mut inputs);
    }
    let out = consumer.operand(c_inputs).map_err(|e| e.to_string())?;
    let element = |v: Value| -> Result<Type, String> {
        let (_, t) = shape_of(v.r#type()).ok_or("an operand that is not shaped")?;
        // SAFETY: types are uniqued in the context and live as long as it.
        Ok(unsafe { Type::from_raw(melior::ir::TypeLike::to_raw(&t)) })
    };
    let mut arg_types = Vec::new();
    for (v, _, _) in &inputs {
        arg_types.push((element(*v)?, location));
    }
    arg_types.push((element(out)?, location));
    let region = Region::new();
    let block = region.append_block(Block::new(&arg_types));
    let (p_body, c_body) = (body_block(&producer).ok_or("no body")?, body_block(&consumer).ok_or("no body")?);
    let mut mapped = ValueMap::default();
    for (k, (_, _, froms)) in inputs.iter().enumerate() {
        let arg: Value = block.argument(k).map_err(|e| e.to_string())?.into();
        for from in froms {
            let old: Value = match *from {
                From::Consumer(i) => c_body.argument(i).map_err(|e| e.to_string())?.into(),
                From::Producer(j) => p_body.argument(j).map_err(|e| e.to_string())?.into(),
            };
            mapped.insert(old, arg);
        }
    }
    let out_arg: Value = block.argument(inputs.len()).map_err(|e| e.to_string())?.into();
    let c_out: Value = c_body.argument(c_inputs).map_err(|e| e.to_string())?.into();
    mapped.insert(c_out, out_arg);
    // Captured values stay: the fused op is where the two were.
    let value = clone_body(&producer, &block, &mut mapped, Captured::Keep, "producer")?;
    // The producer's loop l is the consumer's loop read[l]: its
    // `linalg.index` ops (an `arange`) must say so.
    let mut producer_ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        producer_ops.push(o);
    }
    crate::build::renumber_loop_indices_of(context, producer_ops, read)?;
    for i in 0..c_inputs {
        if consumer.operand_at(i).is_some_and(|v| same(v, result)) {
            let old: Value = c_body.argument(i).map_err(|e| e.to_string())?.into();
            mapped.insert(old, value);
        }
    }
    let fused_value = clone_body(&consumer, &block, &mut mapped, Captured::Keep, "consumer")?;
    block.append_operation(
        OperationBuilder::new("linalg.yield", location)
            .add_operands(&[fused_value])
            .build()
            .map_err(|e| format!("internal error building the yield: {e}"))?,
    );
    let operands: Vec<Value> = inputs.iter().map(|(v, _, _)| *v).chain([out]).collect();
    let maps: Vec<Attribute> =
        inputs.iter().map(|(_, m, _)| *m).chain([c_maps.element(c_inputs).map_err(|e| e.to_string())?]).collect();
    let iterators = consumer.attribute("iterator_types").map_err(|e| e.to_string())?;
    let result_type = consumer.result(0).map_err(|e| e.to_string())?.r#type();
    let fused = OperationBuilder::new("linalg.generic", location)
        .add_operands(&operands)
        .add_results(&[result_type])
        .add_attributes(&[
            (melior::ir::Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &maps).into()),
            (melior::ir::Identifier::new(context, "iterator_types"), iterators),
            (
                melior::ir::Identifier::new(context, "operandSegmentSizes"),
                DenseI32ArrayAttribute::new(context, &[inputs.len() as i32, 1]).into(),
            ),
        ])
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building the fused op: {e}"))?;
    let parent = consumer.block().ok_or("the consumer is not in a block")?;
    let fused = parent.insert_operation_before(consumer, fused);
    let old: Value = consumer.result(0).map_err(|e| e.to_string())?.into();
    let new: Value = fused.result(0).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(old, new);
    drop(detach(&consumer));
    let produced: Value = producer.result(0).map_err(|e| e.to_string())?.into();
    if users(produced).is_empty() {
        drop(detach(&producer));
    }
    Ok(())
}

/// One fusion in `func`, if any is left: whether one was made.
fn fuse_one(context: &Context, func: &OperationRef) -> Result<bool, String> {
    for consumer in body_ops(func) {
        if consumer_loops(&consumer).is_none() {
            continue;
        }
        let inputs = operand_segments(&consumer).map_or(0, |s| s[0] as usize);
        for i in 0..inputs {
            let Some(producer) = consumer.operand_at(i).and_then(defining_op) else { continue };
            if producer.block() != consumer.block() {
                continue;
            }
            let Some(read) = fusable_read(&producer, &consumer) else { continue };
            fuse(context, producer, consumer, &read)?;
            return Ok(true);
        }
    }
    Ok(false)
}

fn fuse_elementwise(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        loop {
            match fuse_one(context, &func) {
                Ok(true) => continue,
                Ok(false) => break,
                Err(message) => {
                    ukernel_dialect::emit_error(func.location(), &format!("ukernel: {message}"));
                    return false;
                }
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelFuseElementwise", ARGUMENT, SUMMARY, fuse_elementwise)
}
