//! What a dispatch's arithmetic is made of, for judging how far two correct
//! implementations of it may differ: the narrowest floating-point type any
//! of its values has, and the length and accumulator type of each reduction.
//! The reference check (`ukc compile --reference`) derives its tolerance
//! from these.

use crate::ir::Checked as _;
use melior::ir::{BlockLike, OperationRef, RegionLike, Type, ValueLike, operation::OperationLike, r#type::TypeLike};

use crate::{
    dispatch::linalg_ops,
    ir::{indexing_maps, name, shape_of},
};

/// Mantissa bits (with the implicit one) of the float types the tolerance
/// knows; None for any other type.
pub fn float_precision(ty: Type) -> Option<u32> {
    let ty = shape_of(ty).map_or(ty, |(_, element)| element);
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type handle borrowed for the calls.
    unsafe {
        if mlir_sys::mlirTypeIsABF16(raw) {
            Some(8)
        } else if mlir_sys::mlirTypeIsAF16(raw) {
            Some(11)
        } else if mlir_sys::mlirTypeIsAF32(raw) {
            Some(24)
        } else if mlir_sys::mlirTypeIsAF64(raw) {
            Some(53)
        } else if ty.to_string().starts_with("f8") {
            // 8-bit floats are only widened (`ukernel-expand-fp8-extf`;
            // rounding into them is not compiled): exact, no rounding of
            // their own in the result.
            None
        } else if ty.is_float() {
            // Other small floats: at most 4 mantissa bits.
            Some(4)
        } else {
            None
        }
    }
}

/// A reduction of a dispatch: how many terms each result sums (dynamic
/// extents counted as `dynamic_size`) and the precision of its accumulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reduction {
    pub length: u64,
    pub accumulator_precision: u32,
}

/// The numeric make-up of a dispatch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Numerics {
    /// The fewest mantissa bits of any float value the dispatch computes or
    /// reads; None when it has no floats.
    pub narrowest_precision: Option<u32>,
    pub reductions: Vec<Reduction>,
    /// Loop iterations of all its linalg ops together (each op's loop
    /// extents multiplied; an op without maps counts its output's
    /// elements): what a loop-nest execution of it costs.
    pub work: u64,
}

/// Calls `note` with the type of every value defined under `op`: op
/// results and block arguments (a linalg body's scalars, a function's
/// inputs).
fn value_types(op: &OperationRef, note: &mut dyn FnMut(Type)) {
    for i in 0..op.result_count() {
        if let Ok(r) = op.result(i) {
            note(r.r#type());
        }
    }
    for r in 0..op.region_count() {
        let Ok(region) = op.region(r) else { continue };
        let mut block = region.first_block();
        while let Some(b) = block {
            for i in 0..b.argument_count() {
                if let Ok(arg) = b.argument(i) {
                    note(arg.r#type());
                }
            }
            let mut next = b.first_operation();
            while let Some(o) = next {
                next = o.next_in_block();
                value_types(&o, note);
            }
            block = b.next_in_region();
        }
    }
}

/// The extent of each loop of a linalg op, from the operands its maps index
/// with it; None where no operand has it as a plain dimension.
fn loop_extents(op: &OperationRef, dynamic_size: u64) -> Option<Vec<Option<u64>>> {
    let maps = indexing_maps(op)?;
    let loops = maps.first()?.dims;
    let mut extents = vec![None; loops];
    for (i, map) in maps.iter().enumerate() {
        let Ok(operand) = op.operand(i) else { continue };
        let Some((dims, _)) = shape_of(operand.r#type()) else { continue };
        for (d, result) in map.results.iter().enumerate() {
            if let (Some(l), Some(size)) = (result, dims.get(d)) {
                extents[*l] = Some(size.unwrap_or(dynamic_size));
            }
        }
    }
    Some(extents)
}

/// The terms per result of a linalg op's reduction; None when it has none.
/// Its reduction loops are those its output's map does not use (for a
/// generic, exactly its `reduction` iterators).
fn reduction_length(op: &OperationRef, dynamic_size: u64) -> Option<u64> {
    let Some(maps) = indexing_maps(op) else {
        // A `linalg.reduce`: the product of its reduced dims of the input.
        if name(op) == "linalg.reduce" {
            let dims = op.attribute("dimensions").ok()?;
            let dims = melior::ir::attribute::DenseI64ArrayAttribute::try_from(dims).ok()?;
            let (shape, _) = shape_of(op.operand_at(0)?.r#type())?;
            let reduced: Vec<u64> = (0..dims.len())
                .filter_map(|i| dims.element(i).ok())
                .map(|d| shape.get(d as usize).copied().flatten().unwrap_or(dynamic_size))
                .collect();
            return (!reduced.is_empty()).then(|| reduced.iter().product());
        }
        // Named contractions printed without maps: K is A's last dimension.
        if !matches!(
            name(op).as_str(),
            "linalg.matmul" | "linalg.batch_matmul" | "linalg.matvec" | "linalg.vecmat" | "linalg.dot"
        ) {
            return None;
        }
        let (dims, _) = shape_of(op.operand_at(0)?.r#type())?;
        return Some(dims.last().copied()?.unwrap_or(dynamic_size));
    };
    let output = maps.last()?;
    let extents = loop_extents(op, dynamic_size)?;
    let reduced: Vec<u64> = (0..output.dims)
        .filter(|l| !output.results.contains(&Some(*l)))
        .map(|l| extents.get(l).copied().flatten().unwrap_or(dynamic_size))
        .collect();
    (!reduced.is_empty()).then(|| reduced.iter().product())
}

/// The numeric make-up of `func`.
pub fn numerics(func: &OperationRef, dynamic_size: u64) -> Numerics {
    let mut narrowest: Option<u32> = None;
    value_types(func, &mut |ty| {
        if let Some(p) = float_precision(ty) {
            narrowest = Some(narrowest.map_or(p, |n| n.min(p)));
        }
    });
    let mut reductions = Vec::new();
    let mut work = 0u64;
    // FP8 products summed on tensor cores (the module allows it): fewer bits
    // than the IR's accumulator.
    let fp8_tensor_core_sums = func
        .parent_operation()
        .and_then(|m| m.attribute(crate::names::FP8_SUMS_ATTR).ok())
        .and_then(ukernel_dialect::string_value)
        .is_some_and(|v| v == crate::names::FP8_TENSOR_CORE_SUMS);
    for op in linalg_ops(func) {
        // The init (output) operand comes last.
        let out = op.operand_at(op.operand_count().saturating_sub(1));
        let reduction = reduction_length(&op, dynamic_size);
        let extents = loop_extents(&op, dynamic_size).map(|e| e.iter().map(|x| x.unwrap_or(1)).product::<u64>());
        let output = out
            .and_then(|v| shape_of(v.r#type()))
            .map_or(1, |(d, _)| d.iter().map(|x| x.unwrap_or(dynamic_size)).product::<u64>());
        let iterations = match (extents, reduction) {
            (Some(e), _) => e,
            (None, Some(k)) => output.saturating_mul(k),
            (None, None) => output,
        };
        work = work.saturating_add(iterations);
        if let (Some(length), Some(out)) = (reduction, out) {
            let accumulator_precision = float_precision(out.r#type()).unwrap_or(64);
            let fp8_input = (0..op.operand_count().saturating_sub(1))
                .filter_map(|i| op.operand_at(i))
                .any(|v| shape_of(v.r#type()).is_some_and(|(_, e)| e.to_string().starts_with("f8")));
            if fp8_tensor_core_sums && fp8_input {
                // One rounding of the result to the tensor cores' bits (the
                // ukernel adds its stages' sums in f32).
                reductions.push(Reduction { length: 1, accumulator_precision: crate::names::FP8_TENSOR_CORE_SUM_BITS });
            }
            reductions.push(Reduction { length, accumulator_precision });
        }
    }
    Numerics { narrowest_precision: narrowest, reductions, work }
}
