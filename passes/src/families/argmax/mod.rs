//! The argmax family. Its matcher accepts a `linalg.generic` with one input, two inits (value,
//! index), one reduction loop that is the innermost, an identity input map
//! and inits indexed by the parallel loops, the value init filled with -inf
//! and the index init with 0, and the combiner
//!
//! ```mlir
//! %i = linalg.index <innermost> : index
//! %ii = arith.index_cast %i : index to i32|i64
//! %m = arith.maximumf %in, %out                  // or arith.maxnumf, or
//!                                                 // arith.select %p, %in, %out
//! %p = arith.cmpf ogt, %in, %out                  // or, NaN-aware:
//!                                                 // ori(ogt(in, out), andi(uno(in, in), ord(out, out)))
//! %s = arith.select %p, %ii, %out_idx
//! linalg.yield %m, %s
//! ```
//!
//! on tensors or memrefs, static or dynamic shapes. Each form gets the
//! variant with its semantics (the spec records which): the NaN-aware form
//! the `first-nan` ukernels (torch's and numpy's answer: the first NaN
//! wins), the plain `ogt` form the `ogt` ukernels, whose index on a row with
//! NaN is that of the first maximum before the first NaN, as the combiner
//! folded in order gives, and `maxnumf` with `ogt` the `maxnum` ukernels,
//! which skip NaN. A value selected on the index's own predicate is the
//! element whose index is kept: with `ogt` never NaN (the `maxnum`
//! ukernels), with the NaN-aware predicate the first NaN (`first-nan`). (IREE substitutes a NaN-first ukernel for all.)
//!
//! Configuration: one row per workgroup (x), each row split across `split`
//! workgroups (y) when the rows alone leave multiprocessors idle
//! ([`ukernels::argmax::plan`]); the reduction stays whole.
//!
//! Fusion: an elementwise producer of the input (a scale, a soft-cap
//! `tanh`, a bias: see [`crate::fusion`]) is absorbed through the ukernels'
//! `input_map` fusion point; the config records `fused = 1` and the
//! lowering passes the producer's body as a function.

pub mod argmin_as_argmax;
pub mod fold_argmax_conversions;
pub mod reduction_innermost;

use crate::ir::Checked as _;
use melior::ir::{
    BlockLike, OperationRef, RegionLike, Type, Value, ValueLike, operation::OperationLike, r#type::IntegerType,
};
use ukernel_dialect::{LoweringConfig, Target};
use ukernels::{Descriptor, ElementType, IndexType, UKernel, argmax};

use super::{Arg, CallPlan, Coord, Extent, Family, Globals, Match, PassInfo, Plan, RefValue, arg_number};
use crate::ir::{
    body_ops, defining_op, float_constant, int_attr, int_constant, last_fill_before, name, operand_segments, same,
    shape_of,
};
use crate::pass_support::pass_info;

/// The argmax family.
pub struct Argmax;

/// What the matcher found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgmaxFacts {
    pub element: ElementType,
    pub index: IndexType,
    /// Loops of the op (parallel ones first, the reduction last).
    pub loops: usize,
    /// Product of the parallel dims; None when one is dynamic.
    pub rows: Option<u64>,
    /// The reduced dim; None when dynamic.
    pub length: Option<u64>,
    /// `first-nan` (the NaN-aware combiner), `ogt` (the plain one) or
    /// `maxnum` (maxnumf with ogt: NaN skipped).
    pub semantics: &'static str,
}

impl Family for Argmax {
    fn name(&self) -> &'static str {
        argmax::FAMILY
    }

    fn match_op(&self, op: &OperationRef) -> Result<Match, String> {
        let facts = match_argmax(op)?;
        Ok(Match {
            operand_types: vec![facts.element.to_string(), facts.element.to_string(), facts.index.to_string()],
            semantics: Some(facts.semantics),
            summary: format!("{} rows, {} indices, {} NaN rule", facts.element, facts.index, facts.semantics),
            facts: Box::new(facts),
        })
    }

    fn configure(&self, found: &Match, _uk: &UKernel, target: &Target) -> Result<Plan, String> {
        let facts: &ArgmaxFacts = found.facts();
        let plan = argmax::plan(facts.rows, facts.length, target.multiprocessors());
        let mut workgroup = vec![1; facts.loops - 1];
        workgroup.push(0);
        let mut params = vec![("split".into(), plan.split as i64)];
        let mut summary =
            format!("each row split across {} workgroup(s) of {} threads", plan.split, plan.workgroup_size);
        if plan.workgroups_per_sm > 1 {
            params.push((crate::names::WORKGROUPS_PER_SM_PARAM.into(), plan.workgroups_per_sm as i64));
            summary += &format!(", built for {} per SM", plan.workgroups_per_sm);
        }
        Ok(Plan {
            workgroup,
            reduction: vec![0; facts.loops],
            workgroup_size: [plan.workgroup_size as i64, 1, 1],
            params,
            rank: 0,
            summary,
        })
    }

    fn fuse(&self, op: &OperationRef, others: &[OperationRef]) -> Result<String, String> {
        let producer = crate::fusion::input_producer(op, 0)?.ok_or_else(|| {
            format!("the dispatch also computes '{}', which is not the input's producer", name(&others[0]))
        })?;
        if others.len() != 1 || others[0].to_raw().ptr != producer.op.to_raw().ptr {
            return Err("the dispatch computes more than the input's producer".into());
        }
        Ok(format!("the input's producer ({}) through input_map", producer.describe()))
    }

    fn call<'c, 'a>(
        &self,
        op: &OperationRef<'c, 'a>,
        config: &LoweringConfig,
        uk: &Descriptor,
        globals: &mut dyn Globals<'c, 'a>,
    ) -> Result<CallPlan<'c, 'a>, String> {
        call(op, config, uk, globals)
    }

    fn argument_roles(&self) -> &'static [&'static str] {
        &["input", "value", "index"]
    }

    /// The argmax ukernels stream a row whose length is an argument; a
    /// constant length changes no memory access.
    fn passes(&self) -> &'static [PassInfo] {
        const PASSES: &[PassInfo] =
            &[pass_info!(argmin_as_argmax), pass_info!(fold_argmax_conversions), pass_info!(reduction_innermost)];
        PASSES
    }

    fn shares_code_across_sizes(&self) -> bool {
        true
    }

    fn default_reference(&self, op: &OperationRef, func: &OperationRef) -> Option<Vec<(&'static str, RefValue)>> {
        let fold = match_fold(op).ok()?;
        let operand = |i| op.operand(i).map(|v| arg_number(v, func)).unwrap_or(-1);
        Some(vec![
            ("semantics", RefValue::Str("fold".into())),
            ("combiner", RefValue::Str(fold.combiner.into())),
            ("predicate", RefValue::Str(fold.predicate.into())),
            ("axis", RefValue::Int(fold.axis as i64)),
            ("init_value", RefValue::Str(format!("{:?}", fold.init_value))),
            ("init_index", RefValue::Int(fold.init_index)),
            ("input", RefValue::Int(operand(0))),
            ("value", RefValue::Int(operand(1))),
            ("index", RefValue::Int(operand(2))),
        ])
    }

    fn default_split(&self, op: &OperationRef) -> Option<String> {
        let fold = match_fold(op).ok()?;
        super::argmax_split::splittable(&fold, &split_operands(op).ok()?).ok()?;
        Some(format!("an argmax-like fold, {} with '{}'", fold.combiner, fold.predicate))
    }

    fn split_form<'c>(
        &self,
        context: &'c melior::Context,
        op: &OperationRef<'c, '_>,
    ) -> Option<Result<super::argmax_split::SplitForm<'c>, String>> {
        let fold = match_fold(op).ok()?;
        Some(split_operands(op).and_then(|ops| super::argmax_split::split_form(context, op.location(), &fold, &ops)))
    }

    fn reference(&self, found: &Match, op: &OperationRef, func: &OperationRef) -> Vec<(&'static str, RefValue)> {
        let facts: &ArgmaxFacts = found.facts();
        let operand = |i| op.operand(i).map(|v| arg_number(v, func)).unwrap_or(-1);
        let replayable = crate::fusion::input_producer(op, 0)
            .ok()
            .flatten()
            .map(|p| (crate::ir::func_arg_number(p.source, func), p.postfix));
        let (input, producer) = match (operand(0), replayable) {
            (-1, Some((Some(source), Some(expression)))) => (source as i64, expression),
            // A producer the check cannot replay: the MLIR reference checks it.
            (-1, Some((_, None))) => return vec![],
            (input, _) => (input, String::new()),
        };
        vec![
            ("semantics", RefValue::Str(facts.semantics.into())),
            ("input", RefValue::Int(input)),
            ("value", RefValue::Int(operand(1))),
            ("index", RefValue::Int(operand(2))),
            ("producer", RefValue::Str(producer)),
        ]
    }
}

// arith.cmpf predicates.
const OGT: i64 = 2;
const OGE: i64 = 3;
const OLT: i64 = 4;
const OLE: i64 = 5;
const ORD: i64 = 7;
const UNO: i64 = 14;

pub fn match_argmax(op: &OperationRef) -> Result<ArgmaxFacts, String> {
    let op_name = name(op);
    if op_name != "linalg.generic" {
        return Err(format!("'{op_name}' is not a linalg.generic"));
    }
    let segments = operand_segments(op).unwrap_or_default();
    if segments != [1, 2] {
        let (ins, outs) = (segments.first().copied().unwrap_or(0), segments.get(1).copied().unwrap_or(0));
        return Err(format!("expected 1 input and 2 inits (value, index), found {ins} input(s) and {outs} init(s)"));
    }
    let reductions_at = crate::ir::reduction_loops(op).ok_or("the iterator_types are not linalg iterator types")?;
    let loops = reductions_at.len();
    let reductions = reductions_at.iter().filter(|r| **r).count();
    if reductions != 1 {
        return Err(format!("expected one reduction loop, found {reductions}"));
    }
    if reductions_at.last() != Some(&true) {
        return Err("the reduction is not the innermost loop".into());
    }
    let maps = crate::ir::indexing_maps(op).ok_or("the indexing maps are not affine maps")?;
    let all: Vec<usize> = (0..loops).collect();
    if maps.len() != 3 || maps.iter().any(|m| m.dims != loops) {
        return Err("expected 3 indexing maps over the op's loops".into());
    }
    if !maps[0].is(&all) {
        return Err("the input indexing map is not the identity".into());
    }
    if !maps[1].is(&all[..loops - 1]) || !maps[2].is(&all[..loops - 1]) {
        return Err("the init indexing maps do not drop exactly the reduction loop".into());
    }

    let (input, value_init, index_init) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?);
    let (in_shape, in_elem) = shape_of(input.r#type()).ok_or("the input is not a ranked tensor or memref")?;
    let element =
        element_type(&in_elem.to_string()).ok_or_else(|| format!("element type {in_elem} is not f32, f16 or bf16"))?;
    let (_, value_elem) = shape_of(value_init.r#type()).ok_or("the value init is not a ranked tensor or memref")?;
    if value_elem != in_elem {
        return Err(format!("the value init's element type {value_elem} differs from the input's {in_elem}"));
    }
    let (_, index_elem) = shape_of(index_init.r#type()).ok_or("the index init is not a ranked tensor or memref")?;
    let index = IndexType::from_name(&index_elem.to_string())
        .ok_or_else(|| format!("index type {index_elem} is not i32 or i64"))?;

    let semantics = check_combiner(op, loops)?;
    check_fill(op, value_init, "value", |fill| {
        defining_op(fill.operand_at(0)?)
            .and_then(|c| float_constant(&c))
            .filter(|v| *v == f64::NEG_INFINITY)
            .map(|_| ())
    })?;
    check_fill(op, index_init, "index", |fill| {
        defining_op(fill.operand_at(0)?).and_then(|c| int_constant(&c)).filter(|v| *v == 0).map(|_| ())
    })?;

    let parallel = &in_shape[..in_shape.len() - 1];
    let rows = parallel.iter().try_fold(1u64, |acc, d| d.map(|d| acc * d));
    Ok(ArgmaxFacts { element, index, loops, rows, length: *in_shape.last().unwrap_or(&None), semantics })
}

fn element_type(name: &str) -> Option<ElementType> {
    ElementType::from_name(name)
}

fn operand<'c, 'a>(op: &OperationRef<'c, 'a>, i: usize) -> Result<Value<'c, 'a>, String> {
    op.operand(i).map_err(|_| format!("missing operand {i}"))
}

/// The defining op of `v` if it has the name `want`.
fn def_named<'c, 'a>(v: Value<'c, 'a>, want: &str) -> Option<OperationRef<'c, 'a>> {
    defining_op(v).filter(|o| name(o) == want)
}

/// Whether `op` has operands (a, b) in this order.
fn operands_are(op: &OperationRef, a: Value, b: Value) -> bool {
    op.operand_count() == 2
        && op.operand_at(0).is_some_and(|x| same(x, a))
        && op.operand_at(1).is_some_and(|x| same(x, b))
}

/// Whether `op` has operands {a, b} in either order.
fn operands_commute(op: &OperationRef, a: Value, b: Value) -> bool {
    operands_are(op, a, b) || operands_are(op, b, a)
}

fn check_combiner(op: &OperationRef, loops: usize) -> Result<&'static str, String> {
    let block = op.region_at(0).and_then(|r| r.first_block()).ok_or("the op has no body")?;
    if block.argument_count() != 3 {
        return Err("the body does not take 3 arguments".into());
    }
    let (arg_in, arg_out, arg_idx): (Value, Value, Value) = (
        block.argument(0).map_err(|e| e.to_string())?.into(),
        block.argument(1).map_err(|e| e.to_string())?.into(),
        block.argument(2).map_err(|e| e.to_string())?.into(),
    );
    let ops = body_ops(op);
    let yield_op = ops.last().filter(|y| name(y) == "linalg.yield").ok_or("the body does not end in linalg.yield")?;
    let (yv, yi) = (yield_op.operand(0).map_err(|e| e.to_string())?, yield_op.operand(1).map_err(|e| e.to_string())?);

    // The value: maximumf (or maxnumf) of input and accumulator.
    let value_op = defining_op(yv).ok_or("the yielded value is not computed in the body")?;
    // Or `select(p, in, out)` on the index select's predicate: the value of
    // the element whose index is kept, which the ukernels write.
    let value_select = name(&value_op) == "arith.select"
        && value_op.operand_at(1).is_some_and(|v| same(v, arg_in))
        && value_op.operand_at(2).is_some_and(|v| same(v, arg_out));
    let nan_ignoring = match name(&value_op).as_str() {
        "arith.maximumf" if operands_commute(&value_op, arg_in, arg_out) => false,
        "arith.maxnumf" if operands_commute(&value_op, arg_in, arg_out) => true,
        "arith.select" if value_select => false,
        "arith.minimumf" | "arith.minnumf" => {
            return Err("the combiner takes the minimum (an argmin), not the maximum".into());
        }
        other => {
            return Err(format!(
                "the value combiner is '{other}', not arith.maximumf, arith.maxnumf or arith.select of the input and the accumulator"
            ));
        }
    };

    // The index: select(pred, index_cast(linalg.index <innermost>), acc).
    let select = def_named(yi, "arith.select").ok_or("the yielded index is not an arith.select")?;
    let (pred, on_true, on_false) = (
        select.operand(0).map_err(|e| e.to_string())?,
        select.operand(1).map_err(|e| e.to_string())?,
        select.operand(2).map_err(|e| e.to_string())?,
    );
    if !same(on_false, arg_idx) {
        return Err("the select does not keep the index accumulator when the predicate is false".into());
    }
    let cast = defining_op(on_true)
        .filter(|c| matches!(name(c).as_str(), "arith.index_cast" | "arith.index_castui"))
        .ok_or("the selected index is not an index_cast of linalg.index")?;
    let index_op = cast
        .operand(0)
        .ok()
        .and_then(|v| def_named(v, "linalg.index"))
        .ok_or("the selected index is not an index_cast of linalg.index")?;
    if int_attr(&index_op, "dim") != Some(loops as i64 - 1) {
        return Err("the selected index is not that of the reduction loop".into());
    }
    if value_select {
        let value_pred = value_op.operand(0).map_err(|e| e.to_string())?;
        let index_rule = check_predicate(pred, arg_in, arg_out)?;
        if !same(value_pred, pred) && check_predicate(value_pred, arg_in, arg_out).ok() != Some(index_rule) {
            return Err("the value select and the index select test different predicates".into());
        }
        // `ogt` never selects NaN, so the value is never NaN: the maxnum
        // rule (NaN skipped). The NaN-aware predicate selects the first NaN
        // and keeps it: the first-nan rule.
        return Ok(if index_rule == "ogt" { "maxnum" } else { index_rule });
    }
    match (check_predicate(pred, arg_in, arg_out)?, nan_ignoring) {
        (semantics, false) => Ok(semantics),
        // maxnumf skips NaN and `ogt` never selects it: both ignore NaN.
        ("ogt", true) => Ok("maxnum"),
        (_, true) => {
            Err("the combiner uses arith.maxnumf (NaN ignored) but the index select lets the first NaN win: value and \
             index disagree"
                .into())
        }
    }
}

/// `ogt(in, out)` ("ogt"), or `ori(ogt(in, out), andi(uno(in, in), ord(out,
/// out)))` ("first-nan").
fn check_predicate(pred: Value, arg_in: Value, arg_out: Value) -> Result<&'static str, String> {
    let is_cmp = |v: Value, p: i64, a: Value, b: Value| {
        def_named(v, "arith.cmpf").is_some_and(|c| int_attr(&c, "predicate") == Some(p) && operands_are(&c, a, b))
    };
    if is_cmp(pred, OGT, arg_in, arg_out) {
        return Ok("ogt");
    }
    if let Some(or) = def_named(pred, "arith.ori") {
        let (a, b) = (or.operand(0).map_err(|e| e.to_string())?, or.operand(1).map_err(|e| e.to_string())?);
        let nan_first = |v: Value| {
            def_named(v, "arith.andi").is_some_and(|and| {
                let (x, y) = (and.operand(0), and.operand(1));
                let (Ok(x), Ok(y)) = (x, y) else { return false };
                (is_cmp(x, UNO, arg_in, arg_in) && is_cmp(y, ORD, arg_out, arg_out))
                    || (is_cmp(y, UNO, arg_in, arg_in) && is_cmp(x, ORD, arg_out, arg_out))
            })
        };
        if (is_cmp(a, OGT, arg_in, arg_out) && nan_first(b)) || (is_cmp(b, OGT, arg_in, arg_out) && nan_first(a)) {
            return Ok("first-nan");
        }
        return Err("the select predicate is an arith.ori that is not the NaN-aware argmax form".into());
    }
    let Some(cmp) = def_named(pred, "arith.cmpf") else {
        return Err("the select predicate is not an arith.cmpf".into());
    };
    Err(match int_attr(&cmp, "predicate") {
        Some(OGE) => {
            "the compare is 'oge', which selects the last index of the maximum; the ukernel returns the first".into()
        }
        Some(OLT | OLE) => "the compare is 'olt'/'ole': an argmin, not an argmax".into(),
        Some(OGT) => "the compare's operands are not (input, accumulator)".into(),
        Some(p) => format!("the compare predicate {p} is not 'ogt'"),
        None => "the compare has no predicate".into(),
    })
}

/// An argmax-like fold no ukernel implements but a CPU reference replays:
/// one reduction loop anywhere, any constant inits, `maximumf` or `maxnumf`
/// as the value combiner, and an index select on `ogt`, `oge` or the
/// NaN-aware predicate.
pub struct Fold {
    pub axis: usize,
    pub combiner: &'static str,
    pub predicate: &'static str,
    pub init_value: f64,
    pub init_index: i64,
}

/// The types of a fold's operands (memrefs, or tensors before
/// bufferization), for its split form.
fn split_operands<'c, 'a>(op: &OperationRef<'c, 'a>) -> Result<super::argmax_split::Operands<'c, 'a>, String> {
    let (input, value, index) = (operand(op, 0)?, operand(op, 1)?, operand(op, 2)?);
    let (dims, element) = shape_of(input.r#type()).ok_or("the input is not ranked")?;
    let (_, index_element) = shape_of(index.r#type()).ok_or("the index init is not ranked")?;
    Ok(super::argmax_split::Operands { input, value, index, dims, element, index_element })
}

pub fn match_fold(op: &OperationRef) -> Result<Fold, String> {
    if name(op) != "linalg.generic" || operand_segments(op).as_deref() != Some(&[1, 2]) {
        return Err("not a linalg.generic of one input and two inits".into());
    }
    let reductions = crate::ir::reduction_loops(op).ok_or("no iterator types")?;
    let loops = reductions.len();
    let axes: Vec<usize> = (0..loops).filter(|l| reductions[*l]).collect();
    let [axis] = axes[..] else { return Err("not one reduction loop".into()) };
    let maps = crate::ir::indexing_maps(op).ok_or("no indexing maps")?;
    let all: Vec<usize> = (0..loops).collect();
    let kept: Vec<usize> = (0..loops).filter(|l| *l != axis).collect();
    if maps.len() != 3 || !maps[0].is(&all) || !maps[1].is(&kept) || !maps[2].is(&kept) {
        return Err("not an identity input and inits without the reduction loop".into());
    }
    let block = op.region_at(0).and_then(|r| r.first_block()).ok_or("no body")?;
    let arg = |i| block.argument(i).map(Value::from).map_err(|e| e.to_string());
    let (arg_in, arg_out, arg_idx) = (arg(0)?, arg(1)?, arg(2)?);
    element_type(&arg_in.r#type().to_string()).ok_or("not an f32, f16 or bf16 input")?;
    let ops = body_ops(op);
    let yield_op = ops.last().filter(|y| name(y) == "linalg.yield").ok_or("no linalg.yield")?;
    let (yv, yi) = (yield_op.operand(0).map_err(|e| e.to_string())?, yield_op.operand(1).map_err(|e| e.to_string())?);
    let value_op = defining_op(yv).ok_or("the value is not computed")?;
    let combiner = match name(&value_op).as_str() {
        "arith.maximumf" if operands_commute(&value_op, arg_in, arg_out) => "maximumf",
        "arith.maxnumf" if operands_commute(&value_op, arg_in, arg_out) => "maxnumf",
        _ => return Err("the value combiner is not maximumf or maxnumf of input and accumulator".into()),
    };
    let select = def_named(yi, "arith.select").ok_or("the index is not a select")?;
    let (pred, on_true, on_false) = (
        select.operand(0).map_err(|e| e.to_string())?,
        select.operand(1).map_err(|e| e.to_string())?,
        select.operand(2).map_err(|e| e.to_string())?,
    );
    let index_op = defining_op(on_true)
        .filter(|c| name(c) == "arith.index_cast")
        .and_then(|c| c.operand_at(0))
        .and_then(|v| def_named(v, "linalg.index"))
        .filter(|i| int_attr(i, "dim") == Some(axis as i64));
    if !same(on_false, arg_idx) || index_op.is_none() {
        return Err("the index is not select(pred, index of the reduction loop, accumulator)".into());
    }
    let oge = def_named(pred, "arith.cmpf")
        .is_some_and(|c| int_attr(&c, "predicate") == Some(OGE) && operands_are(&c, arg_in, arg_out));
    let predicate = if oge { "oge" } else { check_predicate(pred, arg_in, arg_out)? };
    fn fill_constant<'c, 'a>(op: &OperationRef<'c, 'a>, init: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
        let fill = if crate::ir::is_memref(init.r#type()) {
            last_fill_before(op, init)
        } else {
            defining_op(init).filter(|d| name(d) == "linalg.fill")
        }?;
        defining_op(fill.operand_at(0)?)
    }
    let init_value = fill_constant(op, operand(op, 1)?)
        .and_then(|c| float_constant(&c))
        .ok_or("the value init is not a constant fill")?;
    let init_index = fill_constant(op, operand(op, 2)?)
        .and_then(|c| int_constant(&c))
        .ok_or("the index init is not a constant fill")?;
    Ok(Fold { axis, combiner, predicate, init_value, init_index })
}

/// Checks that `init` holds a fill accepted by `accept` before `op` runs:
/// on tensors the fill defines it; on memrefs it is the last op before `op`
/// in the block that writes it.
fn check_fill(
    op: &OperationRef,
    init: Value,
    what: &str,
    accept: impl Fn(&OperationRef) -> Option<()>,
) -> Result<(), String> {
    let expected = if what == "value" { "-inf" } else { "0" };
    let fill = if crate::ir::is_memref(init.r#type()) {
        last_fill_before(op, init)
    } else {
        defining_op(init).filter(|d| name(d) == "linalg.fill")
    };
    let Some(fill) = fill else {
        return Err(format!("the {what} init is not a linalg.fill (the ukernel starts from {expected})"));
    };
    accept(&fill).ok_or_else(|| format!("the {what} init is not filled with {expected}"))
}

/// The call of an argmax ukernel: block x is the row (delinearized over the
/// input's parallel dims), block y the part of a split row; the reduced
/// dimension must have unit stride. The value output is written only when
/// it is observable; otherwise it points at a shared unused buffer and its
/// own buffer goes. The fills before the op are dead: the ukernel writes
/// every row (-inf and 0 for an empty one).
fn call<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    config: &LoweringConfig,
    uk: &Descriptor,
    globals: &mut dyn Globals<'c, 'a>,
) -> Result<CallPlan<'c, 'a>, String> {
    let operand = |i: usize| {
        op.operand(i).map_err(|_| format!("expected 3 operands (input, value, index), found {}", op.operand_count()))
    };
    let (input, val, idx) = (operand(0)?, operand(1)?, operand(2)?);
    let (in_dims, in_elem) = shape_of(input.r#type()).ok_or("the input is not a ranked memref")?;
    let (_, idx_elem) = shape_of(idx.r#type()).ok_or("the index output is not a ranked memref")?;
    let type_of = |i: usize| uk.operand_types.get(i).map(String::as_str).unwrap_or_default();
    let (element, index) = (type_of(0), type_of(2));
    if in_elem.to_string() != element || idx_elem.to_string() != index {
        return Err(format!(
            "{} takes {element} input and {index} indices, the op has {in_elem} and {idx_elem}",
            uk.symbol
        ));
    }
    // A fused producer: the ukernel reads the producer's input through the
    // producer's body, and the producer and its buffer go.
    let producer = if config.param("fused") == Some(1) {
        let p = crate::fusion::input_producer(op, 0)?.ok_or("the config fuses a producer, but the input has none")?;
        Some(p)
    } else {
        None
    };
    let input = producer.as_ref().map_or(input, |p| p.source);
    crate::call_builder::require_unit_inner_stride(input, "input", &uk.symbol)?;
    let parallel = in_dims.len() - 1;
    let rows = in_dims[..parallel].iter().try_fold(1u64, |acc, d| d.map(|d| acc * d));
    let split = config.param("split").unwrap_or(1).max(1) as u64;
    let i8t: Type = IntegerType::new(globals.context(), 8).into();
    let (scratch, scratch_offset) = if split > 1 {
        let rows = rows.ok_or_else(|| format!("split {split} needs a static row count"))?;
        let per_row = argmax::scratch_bytes_per_row(split as u32);
        let s = globals.zeroed(i8t, rows * per_row, true)?;
        (s, Arg::ScaledOffset { memref: s, axis: 0, scale: per_row as i64 })
    } else {
        let s = globals.zeroed(i8t, 16, false)?;
        (s, Arg::Offset(s, vec![]))
    };
    let row = |m: Value<'c, 'a>| {
        let coords =
            (0..parallel).map(|dim| Coord::Delinearized { axis: 0, shape: input, leading: parallel, dim }).collect();
        Arg::Offset(m, coords)
    };
    let write_value = value_is_observable(val, op);
    let (val_arg, val_offset) = if write_value {
        (val, row(val))
    } else {
        let unused = globals.zeroed(in_elem, 1, false)?;
        (unused, Arg::Offset(unused, vec![]))
    };
    let mut remove: Vec<OperationRef> = [val, idx].into_iter().filter_map(|v| last_fill_before(op, v)).collect();
    remove.dedup_by_key(|o| o.to_raw().ptr);
    let mut drop_if_unused = if write_value { vec![] } else { vec![val] };
    let input_map = match &producer {
        Some(p) => {
            let context = globals.context();
            let name =
                globals.add_function("__ukernel_input_map_", &|name| crate::fusion::map_function(context, p, name))?;
            remove.push(p.op);
            drop_if_unused.push(p.result);
            let t = crate::fusion::map_abi_type(context, in_elem);
            let ty = melior::ir::r#type::FunctionType::new(context, &[t], &[t]).into();
            Arg::FunctionAddress { name, ty }
        }
        None => Arg::NullPtr,
    };
    Ok(CallPlan {
        grid: vec![
            Extent::Product((0..parallel).map(|d| Extent::Size(input, d)).collect()),
            Extent::Const(split as i64),
        ],
        threads: config.workgroup_size[0],
        args: vec![
            Arg::Base(input),
            row(input),
            Arg::Base(val_arg),
            val_offset,
            Arg::Base(idx),
            row(idx),
            Arg::Size(input, parallel),
            Arg::WorkgroupId(1),
            Arg::I32(split as i64),
            Arg::Base(scratch),
            scratch_offset,
            Arg::I32(write_value as i64),
            input_map,
        ],
        remove,
        drop_if_unused,
    })
}

/// Whether the value buffer is observable after the op: a function argument,
/// or used by something other than fills, deallocation and the op itself.
fn value_is_observable(val: Value, op: &OperationRef) -> bool {
    if val.is_block_argument() {
        return true;
    }
    crate::ir::users(val).iter().any(|owner| {
        owner.to_raw().ptr != op.to_raw().ptr && !matches!(name(owner).as_str(), "linalg.fill" | "memref.dealloc")
    })
}
