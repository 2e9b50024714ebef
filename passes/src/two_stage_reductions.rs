//! `ukernel-two-stage-reductions`: rewrites a long default-path reduction
//! (a sum of squares for RMSNorm, a softmax's max and sum, a mean) as two,
//! so that a row's reduction runs on many threads instead of one.
//!
//! Runs on tensors, after `ukernel-fuse-elementwise`, before
//! `ukernel-inits-per-use`. On the default path a reduction gets one thread
//! per result, which walks the whole reduced extent alone: 4096 dependent
//! steps for the RMSNorm of a decode step, on one thread of the GPU. For a
//! `linalg.generic` with one output and one reduction loop of static extent
//! K, whose body yields `combine(x, out)` (the output element read once, by
//! an associative and commutative `combine`: `arith.addf`, `mulf`,
//! `maximumf`, `minimumf`, `maxnumf`, `minnumf`, `addi`, `muli`, `maxsi`,
//! `minsi`, `maxui`, `minui`, `andi`, `ori`, `xori`), with K = J x P (P a
//! power of two near sqrt(K)):
//!
//! - stage 1 reads each reduced input as J x P (`tensor.expand_shape`,
//!   position k = j P + p) and computes P partial results per result, each
//!   starting from the identity of `combine`: loops (the op's parallel
//!   loops, p, j), j the only reduction, so the default path gives a
//!   thread per (result, p) and neighbouring threads read neighbouring
//!   elements;
//! - stage 2 combines the op's init with the P partials, in order of p.
//!
//! The integer and min/max combiners give exactly the op's result. For
//! `addf` and `mulf` the order of the additions changes, so the result
//! differs from the sequential one by rounding: done only for f32 and f64
//! (a 16-bit accumulator's sequential sum can stall where the split one
//! does not) and extents up to [`MAX_FLOAT_SUM_EXTENT`]. Ops a ukernel
//! family matches, ops that read their loop indices (`linalg.index`),
//! extents under [`MIN_EXTENT`], and ops of a dynamic number of results or
//! more than [`MAX_RESULTS`] are left alone.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, RegionLike, Type, TypeLike, Value, ValueLike,
        attribute::{
            ArrayAttribute, AttributeLike, DenseI32ArrayAttribute, DenseI64ArrayAttribute, FloatAttribute,
            IntegerAttribute,
        },
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{IntegerType, RankedTensorType},
    },
    pass::Pass,
};

use crate::{
    build::{Captured, ValueMap, clone_body, clone_op},
    dispatch::{detach, dispatches},
    families::families,
    ir::{body_ops, name, operand_segments, reduction_loops, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-two-stage-reductions";
pub const SUMMARY: &str = "Split a long default-path reduction into partial results per row and their combination";

/// Reduced extents below this stay one reduction.
pub const MIN_EXTENT: u64 = 256;

pub use crate::names::STAGE_ATTR;

/// The most results a split reduction may have (static): P partials each
/// are a temporary, and more results already give the GPU enough threads.
pub const MAX_RESULTS: u64 = 16384;

/// The longest float sum or product split. The split sum differs from the
/// sequential one that upstream MLIR computes on the CPU mostly by the
/// sequential sum's own rounding, which for terms of one sign grows like
/// K, not sqrt(K): on the reference inputs (multiples of 1/128 in [-1, 1),
/// squared or exponentiated) by up to 0.10 K 2^-24 relative at 4096 and
/// 11008 terms, 0.035 K 2^-24 at 32000, 0.017 K 2^-24 at 128256. The
/// reference check allows 4 max(sqrt(K), K / 32) 2^-24 (`ukc_runner::
/// reference::tolerance`); past this extent that would allow more than
/// 2e-3 of the value, so longer sums stay sequential (and slow: one thread
/// per result).
pub const MAX_FLOAT_SUM_EXTENT: u64 = 1 << 18;

/// The split of a reduced extent `k`: P, the partials per result, a power
/// of two at most sqrt(k) that divides k, at least 8; None if there is none.
pub fn parts(k: u64) -> Option<u64> {
    if k < MIN_EXTENT {
        return None;
    }
    let mut p = 1u64 << (63 - k.leading_zeros()) / 2;
    while p >= 8 {
        if k % p == 0 {
            return Some(p);
        }
        p /= 2;
    }
    None
}

/// The identity element of `combiner` on `ty`, or None where the split does
/// not apply (a float sum or product below f32, an unknown combiner).
fn identity<'c>(context: &'c Context, combiner: &str, ty: Type<'c>) -> Option<Attribute<'c>> {
    if ty.is_integer() {
        let width = IntegerType::try_from(ty).ok()?.width();
        if width == 1 {
            // Booleans (`.all()`, `.any()`, a mask's check of a whole row):
            // and and or, as bits.
            let value = match combiner {
                "arith.andi" | "arith.minui" => 1,
                "arith.ori" | "arith.xori" | "arith.maxui" => 0,
                _ => return None,
            };
            return Some(IntegerAttribute::new(ty, value).into());
        }
        if !(8..=64).contains(&width) {
            return None;
        }
        let min = if width == 64 { i64::MIN } else { -(1i64 << (width - 1)) };
        let max = if width == 64 { i64::MAX } else { (1i64 << (width - 1)) - 1 };
        let value = match combiner {
            "arith.addi" | "arith.maxui" | "arith.ori" | "arith.xori" => 0,
            "arith.muli" => 1,
            "arith.maxsi" => min,
            "arith.minsi" => max,
            "arith.minui" | "arith.andi" => -1,
            _ => return None,
        };
        return Some(IntegerAttribute::new(ty, value).into());
    }
    let wide = ty.is_f32() || ty.is_f64();
    let value = match combiner {
        "arith.addf" if wide => -0.0,
        "arith.mulf" if wide => 1.0,
        "arith.maximumf" => f64::NEG_INFINITY,
        "arith.minimumf" => f64::INFINITY,
        "arith.maxnumf" | "arith.minnumf" => f64::NAN,
        _ => return None,
    };
    (ty.is_float()).then(|| FloatAttribute::new(context, ty, value).into())
}

/// A result of an indexing map: a loop, or a constant (torch-mlir keeps a
/// reduced dim as size 1, read as `0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    Loop(usize),
    Const(i64),
}

/// The results of each of `op`'s indexing maps; None where one is neither
/// a loop nor a constant.
fn map_terms(op: &OperationRef) -> Option<Vec<Vec<Term>>> {
    use mlir_sys::*;
    let attr = op.attribute("indexing_maps").ok()?;
    let array = ArrayAttribute::try_from(attr).ok()?;
    (0..array.len())
        .map(|i| {
            let element = array.element(i).ok()?.to_raw();
            // SAFETY: reading an attribute of the op's context.
            unsafe {
                if !mlirAttributeIsAAffineMap(element) {
                    return None;
                }
                let map = mlirAffineMapAttrGetValue(element);
                (0..mlirAffineMapGetNumResults(map))
                    .map(|r| {
                        let e = mlirAffineMapGetResult(map, r);
                        if mlirAffineExprIsADim(e) {
                            Some(Term::Loop(mlirAffineDimExprGetPosition(e) as usize))
                        } else if mlirAffineExprIsAConstant(e) {
                            Some(Term::Const(mlirAffineConstantExprGetValue(e)))
                        } else {
                            None
                        }
                    })
                    .collect()
            }
        })
        .collect()
}

/// `(d0, ..., d{dims-1}) -> (terms)` as an attribute.
fn terms_map<'c>(context: &'c Context, dims: usize, terms: &[Term]) -> Attribute<'c> {
    use mlir_sys::*;
    // SAFETY: expressions and map of this context.
    unsafe {
        let exprs: Vec<MlirAffineExpr> = terms
            .iter()
            .map(|t| match t {
                Term::Loop(d) => mlirAffineDimExprGet(context.to_raw(), *d as isize),
                Term::Const(c) => mlirAffineConstantExprGet(context.to_raw(), *c),
            })
            .collect();
        let map = mlirAffineMapGet(context.to_raw(), dims as isize, 0, exprs.len() as isize, exprs.as_ptr() as *mut _);
        Attribute::from_raw(mlirAffineMapAttrGet(map))
    }
}

/// What the rewrite needs to know about a splittable op.
struct Split<'c, 'a> {
    /// The reduction loop, the parallel loops in order, the extent K, P.
    reduced: usize,
    parallel: Vec<usize>,
    parts: u64,
    maps: Vec<Vec<Term>>,
    /// The combiner op in the body and which of its operands is the output.
    combiner: OperationRef<'c, 'a>,
    out_operand: usize,
    identity: Attribute<'c>,
}

/// Whether `op` is a reduction this pass splits, and how.
fn splittable<'c, 'a>(context: &'c Context, op: &OperationRef<'c, 'a>) -> Option<Split<'c, 'a>> {
    if name(op) != "linalg.generic" || op.result_count() != 1 {
        return None;
    }
    let segments = operand_segments(op)?;
    if segments.len() != 2 || segments[1] != 1 {
        return None;
    }
    let inputs = segments[0] as usize;
    let loops = reduction_loops(op)?;
    let reduced: Vec<usize> = (0..loops.len()).filter(|l| loops[*l]).collect();
    let [reduced] = reduced[..] else { return None };
    let maps = map_terms(op)?;
    // Loops (each at most once per map) and constants; the output does not
    // read the reduced loop.
    for m in &maps {
        let mut seen = vec![false; loops.len()];
        for t in m {
            if let Term::Loop(d) = t
                && std::mem::replace(seen.get_mut(*d)?, true)
            {
                return None;
            }
        }
    }
    if maps.get(inputs)?.contains(&Term::Loop(reduced)) {
        return None;
    }
    // The extent: a static dim of an input that reads the reduced loop.
    let mut extent = None;
    for (i, m) in maps.iter().take(inputs).enumerate() {
        if let Some(pos) = m.iter().position(|t| *t == Term::Loop(reduced)) {
            let (dims, _) = shape_of(op.operand_at(i)?.r#type())?;
            match (extent, dims.get(pos).copied().flatten()) {
                (_, None) => return None,
                (None, Some(k)) => extent = Some(k),
                (Some(e), Some(k)) if e == k => {}
                _ => return None,
            }
        }
    }
    let extent = extent?;
    let (init_dims, _) = shape_of(op.operand_at(inputs)?.r#type())?;
    let results = init_dims.iter().try_fold(1u64, |acc, d| d.map(|d| acc * d))?;
    if results > MAX_RESULTS {
        return None;
    }
    let parts = parts(extent)?;
    // Tensors only: the pass runs before bufferization.
    if (0..op.operand_count()).any(|i| op.operand_at(i).is_some_and(|v| !v.r#type().is_ranked_tensor())) {
        return None;
    }
    let body = op.region_at(0)?.first_block()?;
    let ops = body_ops(op);
    if ops.iter().any(|o| name(o) == "linalg.index") {
        return None;
    }
    let out_arg: Value = body.argument_at(inputs)?.into();
    let out_users = users(out_arg);
    let [combiner] = out_users[..] else { return None };
    let yield_op = ops.last().filter(|o| name(o) == "linalg.yield")?;
    let yielded = yield_op.operand_at(0)?;
    if combiner.result_count() != 1
        || combiner.operand_count() != 2
        || !crate::ir::same(yielded, combiner.result_at(0)?.into())
    {
        return None;
    }
    let out_operand = (0..2).find(|i| combiner.operand_at(*i).is_some_and(|v| crate::ir::same(v, out_arg)))?;
    if combiner.operand_at(1 - out_operand).is_some_and(|v| crate::ir::same(v, out_arg)) {
        return None;
    }
    let combiner_name = name(&combiner);
    if matches!(combiner_name.as_str(), "arith.addf" | "arith.mulf") && extent > MAX_FLOAT_SUM_EXTENT {
        return None;
    }
    let identity = identity(context, &combiner_name, out_arg.r#type())?;
    if families().iter().any(|f| f.match_op(op).is_ok()) {
        return None;
    }
    let parallel = (0..loops.len()).filter(|l| !loops[*l]).collect();
    Some(Split { reduced, parallel, parts, maps, combiner, out_operand, identity })
}

/// Builds `builder` before `anchor`; its first result.
fn put<'c, 'a>(anchor: &OperationRef<'c, 'a>, builder: OperationBuilder<'c>) -> Result<Value<'c, 'a>, String> {
    crate::build::insert_before(anchor, builder)
}

use crate::build::{dynamic_sizes, linalg_yield, region_with};

fn rewrite<'c, 'a>(context: &'c Context, op: OperationRef<'c, 'a>, s: Split<'c, 'a>) -> Result<(), String> {
    let location = op.location();
    let inputs = operand_segments(&op).ok_or("no segments")?[0] as usize;
    let init = op.operand(inputs).map_err(|e| e.to_string())?;
    let (init_dims, element) = shape_of(init.r#type()).ok_or("an init that is not shaped")?;
    // SAFETY: types are uniqued in the context and live as long as it.
    let element: Type<'c> = unsafe { Type::from_raw(element.to_raw()) };
    let p = s.parts;
    // Stage 1's loops: the parallel loops in order, then p, then j.
    let m = s.parallel.len();
    let (p_loop, j_loop) = (m, m + 1);
    let new_loop = |l: usize| s.parallel.iter().position(|q| *q == l);
    // A map's terms over stage 1's loops (the reduced loop not among them).
    let renumber = |terms: &[Term]| -> Result<Vec<Term>, String> {
        terms
            .iter()
            .map(|t| match t {
                Term::Loop(l) => {
                    new_loop(*l).map(Term::Loop).ok_or_else(|| "internal error: a loop not parallel".into())
                }
                c => Ok(*c),
            })
            .collect()
    };

    // Inputs: those reading the reduced loop expanded to J x P there.
    let mut stage1_inputs = vec![];
    let mut stage1_maps = vec![];
    for i in 0..inputs {
        let v = op.operand(i).map_err(|e| e.to_string())?;
        let map = &s.maps[i];
        let Some(pos) = map.iter().position(|t| *t == Term::Loop(s.reduced)) else {
            stage1_inputs.push(v);
            stage1_maps.push(terms_map(context, m + 2, &renumber(map)?));
            continue;
        };
        let (dims, _) = shape_of(v.r#type()).ok_or("an input that is not shaped")?;
        let k = dims[pos].ok_or("internal error: a dynamic reduced extent")?;
        let mut shape: Vec<i64> = dims.iter().map(|d| d.map_or(i64::MIN, |x| x as i64)).collect();
        shape.splice(pos..=pos, [(k / p) as i64, p as i64]);
        let mut reassociation = vec![];
        for d in 0..dims.len() {
            let group: Vec<i64> = if d < pos {
                vec![d as i64]
            } else if d == pos {
                vec![d as i64, d as i64 + 1]
            } else {
                vec![d as i64 + 1]
            };
            let group: Vec<Attribute> =
                group.iter().map(|g| IntegerAttribute::new(IntegerType::new(context, 64).into(), *g).into()).collect();
            reassociation.push(ArrayAttribute::new(context, &group).into());
        }
        let (_, el) = shape_of(v.r#type()).ok_or("not shaped")?;
        // SAFETY: types are uniqued in the context and live as long as it.
        let el: Type = unsafe { Type::from_raw(el.to_raw()) };
        // (A dynamic size is i64::MIN, MLIR's marker, in both.)
        let dims_u: Vec<u64> = shape.iter().map(|d| *d as u64).collect();
        let expanded_ty: Type = RankedTensorType::new(&dims_u, el, None).into();
        let dynamic = dynamic_sizes(context, &op, v)?;
        let expanded = put(
            &op,
            OperationBuilder::new("tensor.expand_shape", location)
                .add_operands(&[v])
                .add_operands(&dynamic)
                .add_attributes(&[
                    (Identifier::new(context, "reassociation"), ArrayAttribute::new(context, &reassociation).into()),
                    (
                        Identifier::new(context, "static_output_shape"),
                        DenseI64ArrayAttribute::new(context, &shape).into(),
                    ),
                ])
                .add_results(&[expanded_ty]),
        )?;
        let mut results = vec![];
        for t in map {
            match t {
                Term::Loop(l) if *l == s.reduced => results.extend([Term::Loop(j_loop), Term::Loop(p_loop)]),
                t => results.extend(renumber(&[*t])?),
            }
        }
        stage1_inputs.push(expanded);
        stage1_maps.push(terms_map(context, m + 2, &results));
    }

    // The partials: the init's dims that a loop indexes (not those read as
    // a constant: a kept reduced dim) and P, filled with the identity; their
    // fill then covers the same points as stage 1's parallel loops, and runs
    // in its kernel.
    let out_terms = &s.maps[inputs];
    let kept: Vec<usize> = (0..out_terms.len()).filter(|&i| matches!(out_terms[i], Term::Loop(_))).collect();
    let out_results: Vec<Term> = renumber(out_terms)?.into_iter().filter(|t| matches!(t, Term::Loop(_))).collect();
    let mut partial_dims: Vec<u64> = kept.iter().map(|&i| init_dims[i].unwrap_or(i64::MIN as u64)).collect();
    partial_dims.push(p);
    let partial_ty: Type = RankedTensorType::new(&partial_dims, element, None).into();
    let init_dynamic = dynamic_sizes(context, &op, init)?;
    let empty = put(
        &op,
        OperationBuilder::new("tensor.empty", location).add_operands(&init_dynamic).add_results(&[partial_ty]),
    )?;
    let identity = put(
        &op,
        OperationBuilder::new("arith.constant", location)
            .add_attributes(&[(Identifier::new(context, "value"), s.identity)])
            .add_results(&[element]),
    )?;
    let partial_init = crate::build::fill(context, &op, identity, empty)?;

    // Stage 1: the op's body on the expanded inputs into the partials.
    let body = op.region_at(0).and_then(|r| r.first_block()).ok_or("no body")?;
    let mut args = vec![];
    for i in 0..=inputs {
        args.push((body.argument(i).map_err(|e| e.to_string())?.r#type(), location));
    }
    let stage1_region = region_with(&args, |b| {
        let mut mapped = ValueMap::default();
        for i in 0..=inputs {
            mapped.insert(
                body.argument(i).map_err(|e| e.to_string())?.into(),
                b.argument(i).map_err(|e| e.to_string())?.into(),
            );
        }
        let value = clone_body(&op, b, &mut mapped, Captured::Keep, "reduction")?;
        b.append_operation(linalg_yield(location, value)?);
        Ok(())
    })?;
    let mut partial_results = out_results.clone();
    partial_results.push(Term::Loop(p_loop));
    stage1_maps.push(terms_map(context, m + 2, &partial_results));
    let mut kinds = vec![false; m + 1];
    kinds.push(true);
    let mut stage1_operands = stage1_inputs.clone();
    stage1_operands.push(partial_init);
    let partials = put(
        &op,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&stage1_operands)
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &stage1_maps).into()),
                (Identifier::new(context, "iterator_types"), crate::build::iterator_types(context, &kinds)?),
                (
                    Identifier::new(context, "operandSegmentSizes"),
                    DenseI32ArrayAttribute::new(context, &[inputs as i32, 1]).into(),
                ),
            ])
            .add_regions([stage1_region])
            .add_results(&[partial_ty]),
    )?;

    // The init's fill, when only this op reads it, moves next to stage 2,
    // whose kernel it then shares (the same points).
    if let Some(fill) = crate::ir::defining_op(init).filter(|f| name(f) == "linalg.fill")
        && users(init).len() == 1
    {
        let block = op.block().ok_or("the op is not in a block")?;
        block.insert_operation_before(op, detach(&fill));
    }

    // Stage 2: the init combined with the partials in order of p, by a copy
    // of the op's combiner (its flags included).
    let rank = init_dims.len();
    let identity_map: Vec<usize> = (0..=rank).collect();
    let partial_read: Vec<usize> = kept.iter().copied().chain([rank]).collect();
    let stage2_maps = [
        crate::build::dim_map(context, rank + 1, &partial_read),
        crate::build::dim_map(context, rank + 1, &identity_map[..rank]),
    ];
    let combiner = s.combiner;
    let stage2_region = region_with(&[(element, location), (element, location)], |b| {
        let (partial, out): (Value, Value) =
            (b.argument(0).map_err(|e| e.to_string())?.into(), b.argument(1).map_err(|e| e.to_string())?.into());
        let copy = b.append_operation(clone_op(&combiner));
        let mut c = crate::ir::mutable(&copy);
        c.set_operand(s.out_operand, out);
        c.set_operand(1 - s.out_operand, partial);
        let v: Value = copy.result(0).map_err(|e| e.to_string())?.into();
        b.append_operation(linalg_yield(location, v)?);
        Ok(())
    })?;
    let mut kinds = vec![false; rank];
    kinds.push(true);
    let result = put(
        &op,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[partials, init])
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &stage2_maps).into()),
                (Identifier::new(context, "iterator_types"), crate::build::iterator_types(context, &kinds)?),
                (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[1, 1]).into()),
            ])
            .add_regions([stage2_region])
            .add_results(&[init.r#type()]),
    )?;
    for (value, stage) in [(partials, "partials"), (result, "combination")] {
        if let Some(o) = crate::ir::defining_op(value) {
            let mut o = crate::ir::mutable(&o);
            o.set_attribute(STAGE_ATTR, melior::ir::attribute::StringAttribute::new(context, stage).into());
        }
    }
    let old: Value = op.result(0).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(old, result);
    drop(detach(&op));
    Ok(())
}

fn two_stage_reductions(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        let mut all = vec![];
        crate::dispatch::nested_ops(&func, &mut all);
        for op in all {
            let Some(split) = splittable(context, &op) else { continue };
            if let Err(message) = rewrite(context, op, split) {
                ukernel_dialect::emit_error(func.location(), &format!("ukernel: {message}"));
                return false;
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelTwoStageReductions", ARGUMENT, SUMMARY, two_stage_reductions)
}

#[cfg(test)]
mod tests {
    use super::parts;

    #[test]
    fn parts_are_a_power_of_two_near_the_root_that_divides_the_extent() {
        assert_eq!(parts(4096), Some(64));
        assert_eq!(parts(11008), Some(64));
        assert_eq!(parts(32000), Some(128));
        assert_eq!(parts(768), Some(16));
        assert_eq!(parts(255), None);
        // 1001 = 7 x 11 x 13: no power of two of 8 or more divides it.
        assert_eq!(parts(1001), None);
    }
}
