//! `ukernel-expand-class-tests`: rewrites the floating-point class tests
//! `math.isinf`, `math.isfinite` and `math.isnormal` into compares of the
//! magnitude, which every backend lowers: upstream's LLVM conversion takes
//! `isnan` and `isfinite` but not `isinf` or `isnormal`, so neither the
//! NVPTX path nor the CPU reference run could lower a function that tests
//! for infinity (`torch.isinf`).
//!
//! Contract: afterwards no `math.isinf`, `math.isfinite` or `math.isnormal`
//! on a scalar f16, bf16, f32 or f64 remains; each is `|x| == inf`,
//! `|x| < inf`, or `smallest normal <= |x| < inf` (ordered compares, so
//! false for NaN, as the ops define). One on a vector or another type is an
//! error at the op.

use melior::{
    Context,
    dialect::arith,
    ir::{
        OperationRef, Value, ValueLike,
        attribute::FloatAttribute,
        operation::{OperationBuilder, OperationLike, WalkOrder, WalkResult},
        r#type::TypeLike,
    },
    pass::Pass,
};
use ukernel_dialect::emit_error;

use crate::{
    build::{insert_before, place_before as place},
    ir::name,
};

pub const ARGUMENT: &str = "ukernel-expand-class-tests";
pub const SUMMARY: &str = "Rewrite math.isinf, math.isfinite and math.isnormal into compares of the magnitude";

/// The class tests this pass rewrites.
const CLASS_TESTS: &[&str] = &["math.isinf", "math.isfinite", "math.isnormal"];

/// The smallest normal magnitude of a scalar float type, if it is one the
/// rewrite takes.
fn smallest_normal(ty: melior::ir::Type) -> Option<f64> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type handle borrowed for the calls.
    unsafe {
        if mlir_sys::mlirTypeIsAF16(raw) {
            Some(2f64.powi(-14))
        } else if mlir_sys::mlirTypeIsAF32(raw) || mlir_sys::mlirTypeIsABF16(raw) {
            Some(2f64.powi(-126))
        } else if mlir_sys::mlirTypeIsAF64(raw) {
            Some(2f64.powi(-1022))
        } else {
            None
        }
    }
}

fn expand<'c>(context: &'c Context, op: &OperationRef<'c, '_>, op_name: &str) -> Result<(), String> {
    let x = op.operand(0).map_err(|e| format!("internal error: {e}"))?;
    let ty = x.r#type();
    let smallest_normal = smallest_normal(ty)
        .ok_or_else(|| format!("'{op_name}' on {ty} is not supported (scalar f16, bf16, f32 and f64 are)"))?;
    let location = op.location();
    let constant = |v: f64| place(op, arith::constant(context, FloatAttribute::new(context, ty, v).into(), location));
    let magnitude =
        insert_before(op, OperationBuilder::new("math.absf", location).add_operands(&[x]).add_results(&[ty]))?;
    let inf = constant(f64::INFINITY)?;
    let cmp = |p: arith::CmpfPredicate, a: Value<'c, '_>, b: Value<'c, '_>| {
        place(op, arith::cmpf(context, p, a, b, location))
    };
    let value = match op_name {
        "math.isinf" => cmp(arith::CmpfPredicate::Oeq, magnitude, inf)?,
        "math.isfinite" => cmp(arith::CmpfPredicate::Olt, magnitude, inf)?,
        _ => {
            let below_inf = cmp(arith::CmpfPredicate::Olt, magnitude, inf)?;
            let normal = constant(smallest_normal)?;
            let not_subnormal = cmp(arith::CmpfPredicate::Oge, magnitude, normal)?;
            place(op, arith::andi(below_inf, not_subnormal, location))?
        }
    };
    let result: Value = op.result(0).map_err(|e| format!("internal error: {e}"))?.into();
    crate::ir::replace_uses(result, value);
    drop(crate::dispatch::detach(op));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    let mut targets: Vec<OperationRef> = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if CLASS_TESTS.contains(&name(&op).as_str()) {
            // SAFETY: the operation is in a live block of the IR being rewritten.
            targets.push(unsafe { OperationRef::from_raw(op.to_raw()) });
        }
        WalkResult::Advance
    });
    let mut ok = true;
    for op in targets {
        if let Err(message) = expand(context, &op, &name(&op)) {
            emit_error(op.location(), &message);
            ok = false;
        }
    }
    ok
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// The pass, for a pass manager.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelExpandClassTests", ARGUMENT, SUMMARY, rewrite_module)
}
