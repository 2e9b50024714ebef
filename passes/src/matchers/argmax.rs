//! The argmax matcher: a `linalg.generic` with one input, two inits (value,
//! index), one reduction loop that is the innermost, an identity input map
//! and inits indexed by the parallel loops, the value init filled with -inf
//! and the index init with 0, and the combiner
//!
//! ```mlir
//! %i = linalg.index <innermost> : index
//! %ii = arith.index_cast %i : index to i32|i64
//! %m = arith.maximumf %in, %out
//! %p = arith.cmpf ogt, %in, %out                  // or, NaN-aware:
//!                                                 // ori(ogt(in, out), andi(uno(in, in), ord(out, out)))
//! %s = arith.select %p, %ii, %out_idx
//! linalg.yield %m, %s
//! ```
//!
//! on tensors or memrefs, static or dynamic shapes. The NaN-aware form has
//! exactly the ukernel's semantics. The plain `ogt` form agrees on every row
//! without NaN; on a row with NaN both give NaN as the value, but the plain
//! form's index is that of the maximum before the first NaN while the
//! ukernel returns the first NaN's index (torch's and numpy's answer). IREE
//! makes the same substitution.

use melior::ir::{
    BlockLike, OperationRef, RegionLike, Value, ValueLike, attribute::ArrayAttribute, operation::OperationLike,
};
use ukernels::{ElementType, IndexType, argmax::FAMILY};

use super::FamilyMatch;
use crate::ir::{
    body_ops, defining_op, float_constant, int_attr, int_constant, name, operand_segments, same, shape_of,
};

// arith.cmpf predicates.
const OGT: i64 = 2;
const OGE: i64 = 3;
const OLT: i64 = 4;
const OLE: i64 = 5;
const ORD: i64 = 7;
const UNO: i64 = 14;

pub fn match_argmax(op: &OperationRef) -> Result<FamilyMatch, String> {
    let op_name = name(op);
    if op_name != "linalg.generic" {
        return Err(format!("'{op_name}' is not a linalg.generic"));
    }
    let segments = operand_segments(op).unwrap_or_default();
    if segments != [1, 2] {
        let (ins, outs) = (segments.first().copied().unwrap_or(0), segments.get(1).copied().unwrap_or(0));
        return Err(format!("expected 1 input and 2 inits (value, index), found {ins} input(s) and {outs} init(s)"));
    }
    let iterators = string_list(op, "iterator_types")?;
    let loops = iterators.len();
    let reductions = iterators.iter().filter(|i| i.contains("reduction")).count();
    if reductions != 1 {
        return Err(format!("expected one reduction loop, found {reductions}"));
    }
    if !iterators.last().is_some_and(|i| i.contains("reduction")) {
        return Err("the reduction is not the innermost loop".into());
    }
    let maps = string_list(op, "indexing_maps")?;
    let dims: Vec<String> = (0..loops).map(|d| format!("d{d}")).collect();
    let identity = format!("affine_map<({}) -> ({})>", dims.join(", "), dims.join(", "));
    let projected = format!("affine_map<({}) -> ({})>", dims.join(", "), dims[..loops - 1].join(", "));
    if maps.first() != Some(&identity) {
        return Err(format!("the input indexing map {} is not the identity", maps.first().map_or("?", |m| m.as_str())));
    }
    if maps[1..] != [projected.clone(), projected] {
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
        defining_op(fill.operand(0).ok()?)
            .and_then(|c| float_constant(&c))
            .filter(|v| *v == f64::NEG_INFINITY)
            .map(|_| ())
    })?;
    check_fill(op, index_init, "index", |fill| {
        defining_op(fill.operand(0).ok()?).and_then(|c| int_constant(&c)).filter(|v| *v == 0).map(|_| ())
    })?;

    let parallel = &in_shape[..in_shape.len() - 1];
    let rows = parallel.iter().try_fold(1u64, |acc, d| d.map(|d| acc * d));
    Ok(FamilyMatch {
        family: FAMILY,
        element,
        index,
        loops,
        rows,
        length: *in_shape.last().unwrap_or(&None),
        on_memrefs: crate::ir::is_memref(input.r#type()),
        semantics,
    })
}

fn element_type(name: &str) -> Option<ElementType> {
    ElementType::from_name(name)
}

fn operand<'c, 'a>(op: &OperationRef<'c, 'a>, i: usize) -> Result<Value<'c, 'a>, String> {
    op.operand(i).map_err(|_| format!("missing operand {i}"))
}

/// The printed elements of an array attribute.
fn string_list(op: &OperationRef, attr: &str) -> Result<Vec<String>, String> {
    let a = op.attribute(attr).map_err(|_| format!("no {attr}"))?;
    let array = ArrayAttribute::try_from(a).map_err(|_| format!("{attr} is not an array"))?;
    Ok((0..array.len()).filter_map(|i| array.element(i).ok()).map(|e| e.to_string()).collect())
}

/// The defining op of `v` if it has the name `want`.
fn def_named<'c, 'a>(v: Value<'c, 'a>, want: &str) -> Option<OperationRef<'c, 'a>> {
    defining_op(v).filter(|o| name(o) == want)
}

/// Whether `op` has operands (a, b) in this order.
fn operands_are(op: &OperationRef, a: Value, b: Value) -> bool {
    op.operand_count() == 2 && op.operand(0).is_ok_and(|x| same(x, a)) && op.operand(1).is_ok_and(|x| same(x, b))
}

/// Whether `op` has operands {a, b} in either order.
fn operands_commute(op: &OperationRef, a: Value, b: Value) -> bool {
    operands_are(op, a, b) || operands_are(op, b, a)
}

fn check_combiner(op: &OperationRef, loops: usize) -> Result<&'static str, String> {
    let block = op.region(0).ok().and_then(|r| r.first_block()).ok_or("the op has no body")?;
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

    // The value: maximumf of input and accumulator.
    let value_op = defining_op(yv).ok_or("the yielded value is not computed in the body")?;
    match name(&value_op).as_str() {
        "arith.maximumf" if operands_commute(&value_op, arg_in, arg_out) => {}
        "arith.maxnumf" => {
            return Err(
                "the combiner uses arith.maxnumf, which ignores NaN; the ukernel treats NaN as the maximum".into()
            );
        }
        "arith.minimumf" | "arith.minnumf" => {
            return Err("the combiner takes the minimum (an argmin), not the maximum".into());
        }
        other => {
            return Err(format!(
                "the value combiner is '{other}', not arith.maximumf of the input and the accumulator"
            ));
        }
    }

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
    check_predicate(pred, arg_in, arg_out)
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

/// For a memref init: the last `linalg.fill` writing `init` before `op` in
/// `op`'s block, provided nothing else between them uses `init`.
pub(crate) fn last_fill_before<'c, 'a>(op: &OperationRef<'c, 'a>, init: Value) -> Option<OperationRef<'c, 'a>> {
    // The C API cannot step backwards: scan the block forwards up to `op`,
    // remembering the last op that used `init`.
    let block = op.block()?;
    let mut last_use = None;
    let mut next = block.first_operation();
    while let Some(o) = next {
        if o.to_raw().ptr == op.to_raw().ptr {
            break;
        }
        if (0..o.operand_count()).any(|i| o.operand(i).is_ok_and(|v| same(v, init))) {
            last_use = Some(o);
        }
        next = o.next_in_block();
    }
    last_use.filter(|p| name(p) == "linalg.fill" && p.operand(1).is_ok_and(|v| same(v, init)))
}
