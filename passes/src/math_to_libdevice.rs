//! `ukernel-math-to-libdevice`: rewrites `math` ops that NVPTX has no
//! instruction for into calls of NVIDIA's libdevice (`__nv_tanhf`, ...).
//!
//! Contract: afterwards every scalar `math` op listed in [`LIBDEVICE`] on
//! f32 or f64 is a `func.call` of its libdevice function, declared once at
//! the top of the module (`func.func private`); on f16 or bf16 the operands
//! are widened to f32 (`arith.extf`), the f32 function called and the result
//! rounded back (`arith.truncf`), as upstream's NVVM lowering does. Ops
//! NVPTX implements exactly (`absf`, `sqrt`, `fma`, `floor`, `ceil`,
//! `trunc`, `roundeven`, `copysign`, integer ops) are left to the LLVM
//! conversion. `math.sincos` becomes the two calls (the class tests are
//! `ukernel-expand-class-tests`'s, before this pass). A listed op on a vector is an
//! error at the op. Codegen links libdevice (only what is called) after
//! translation to LLVM IR.

use crate::ir::Checked as _;
use melior::{
    Context,
    dialect::{arith, func},
    ir::{
        BlockLike, Identifier, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::{OperationLike, WalkOrder, WalkResult},
        r#type::{FunctionType, TypeLike},
    },
    pass::Pass,
};
use ukernel_dialect::emit_error;

use crate::ir::name;

pub const ARGUMENT: &str = "ukernel-math-to-libdevice";
pub const SUMMARY: &str = "Rewrite math ops without an NVPTX instruction into calls of libdevice functions";

/// `(op, f32 function, f64 function)`: the math ops lowered to libdevice.
pub const LIBDEVICE: &[(&str, &str, &str)] = &[
    ("math.acos", "__nv_acosf", "__nv_acos"),
    ("math.acosh", "__nv_acoshf", "__nv_acosh"),
    ("math.asin", "__nv_asinf", "__nv_asin"),
    ("math.asinh", "__nv_asinhf", "__nv_asinh"),
    ("math.atan", "__nv_atanf", "__nv_atan"),
    ("math.atan2", "__nv_atan2f", "__nv_atan2"),
    ("math.atanh", "__nv_atanhf", "__nv_atanh"),
    ("math.cbrt", "__nv_cbrtf", "__nv_cbrt"),
    ("math.cos", "__nv_cosf", "__nv_cos"),
    ("math.cosh", "__nv_coshf", "__nv_cosh"),
    ("math.erf", "__nv_erff", "__nv_erf"),
    ("math.erfc", "__nv_erfcf", "__nv_erfc"),
    ("math.exp", "__nv_expf", "__nv_exp"),
    ("math.exp2", "__nv_exp2f", "__nv_exp2"),
    ("math.expm1", "__nv_expm1f", "__nv_expm1"),
    ("math.fpowi", "__nv_powif", "__nv_powi"),
    ("math.log", "__nv_logf", "__nv_log"),
    ("math.log10", "__nv_log10f", "__nv_log10"),
    ("math.log1p", "__nv_log1pf", "__nv_log1p"),
    ("math.log2", "__nv_log2f", "__nv_log2"),
    ("math.powf", "__nv_powf", "__nv_pow"),
    ("math.round", "__nv_roundf", "__nv_round"),
    ("math.rsqrt", "__nv_rsqrtf", "__nv_rsqrt"),
    ("math.sin", "__nv_sinf", "__nv_sin"),
    ("math.sinh", "__nv_sinhf", "__nv_sinh"),
    ("math.tan", "__nv_tanf", "__nv_tan"),
    ("math.tanh", "__nv_tanhf", "__nv_tanh"),
];

fn is_rewritten(op_name: &str) -> bool {
    op_name == "math.sincos" || libdevice_functions(op_name).is_some()
}

/// The libdevice functions of `op_name` (f32, f64), if it is lowered to one.
pub fn libdevice_functions(op_name: &str) -> Option<(&'static str, &'static str)> {
    LIBDEVICE.iter().find(|(op, _, _)| *op == op_name).map(|&(_, f, d)| (f, d))
}

/// The ops below `root` that this pass would turn into libdevice calls, with
/// their locations: what a compile needs libdevice for.
pub fn ops_needing_libdevice<'c>(root: &OperationRef<'c, '_>) -> Vec<(String, Location<'c>)> {
    let mut out = Vec::new();
    root.walk(WalkOrder::PreOrder, |op| {
        let n = name(&op);
        if libdevice_functions(&n).is_some() || n == "math.sincos" {
            // SAFETY: locations are uniqued in the context and live as long as it.
            out.push((n, unsafe { Location::from_raw(op.location().to_raw()) }));
        }
        WalkResult::Advance
    });
    out
}

enum Width {
    F32,
    F64,
    /// f16 or bf16: computed in f32.
    Narrow,
}

fn width(ty: Type) -> Option<Width> {
    let raw = ty.to_raw();
    // SAFETY: `raw` is a live type handle borrowed for the calls.
    unsafe {
        if mlir_sys::mlirTypeIsAF32(raw) {
            Some(Width::F32)
        } else if mlir_sys::mlirTypeIsAF64(raw) {
            Some(Width::F64)
        } else if mlir_sys::mlirTypeIsAF16(raw) || mlir_sys::mlirTypeIsABF16(raw) {
            Some(Width::Narrow)
        } else {
            None
        }
    }
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    let mut targets: Vec<OperationRef> = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if is_rewritten(&name(&op)) {
            // SAFETY: the operation is in a live block of the IR being rewritten.
            targets.push(unsafe { OperationRef::from_raw(op.to_raw()) });
        }
        WalkResult::Advance
    });
    let mut declared: std::collections::BTreeMap<String, FunctionType> = std::collections::BTreeMap::new();
    let mut ok = true;
    for op in targets {
        let n = name(&op);
        let result =
            if n == "math.sincos" { sincos(context, &op, &mut declared) } else { rewrite(context, &op, &mut declared) };
        match result {
            Ok(()) => {}
            Err(message) => {
                emit_error(op.location(), &message);
                ok = false;
            }
        }
    }
    if ok {
        declare(context, module, &declared);
    }
    ok
}

fn replace_result(op: &OperationRef, index: usize, with: Value) -> Result<(), String> {
    let result = op.result(index).map_err(|e| format!("internal error: {e}"))?;
    crate::ir::replace_uses(result, with);
    Ok(())
}

/// `sincos` as a `sin` and a `cos` call.
fn sincos<'c>(
    context: &'c Context,
    op: &OperationRef<'c, '_>,
    declared: &mut std::collections::BTreeMap<String, FunctionType<'c>>,
) -> Result<(), String> {
    let x = op.operand(0).map_err(|e| format!("internal error: {e}"))?;
    for (index, function) in [(0, "math.sin"), (1, "math.cos")] {
        let ty = op.result(index).map_err(|e| format!("internal error: {e}"))?.r#type();
        let value = call_libdevice(context, op, function, &[x], ty, declared)?;
        replace_result(op, index, value)?;
    }
    drop(crate::dispatch::detach(op));
    Ok(())
}

/// Replaces one math op by a call (with widening for 16-bit floats).
fn rewrite<'c>(
    context: &'c Context,
    op: &OperationRef<'c, '_>,
    declared: &mut std::collections::BTreeMap<String, FunctionType<'c>>,
) -> Result<(), String> {
    let op_name = name(op);
    let result_type = op.result(0).map_err(|e| format!("internal error: {e}"))?.r#type();
    let operands: Vec<Value> = (0..op.operand_count())
        .map(|i| op.operand(i).map_err(|e| format!("internal error: {e}")))
        .collect::<Result<_, _>>()?;
    let value = call_libdevice(context, op, &op_name, &operands, result_type, declared)?;
    replace_result(op, 0, value)?;
    drop(crate::dispatch::detach(op));
    Ok(())
}

/// An integer exponent as the i32 that `__nv_powif`/`__nv_powi` take, with
/// the same result: narrower ones sign-extended; wider ones (torch's i64)
/// clamped into i32's range with their parity kept (beyond it, x^n is 0,
/// infinite or +-1 whatever the magnitude, and the sign follows the parity).
fn exponent_as_i32<'c, 'a>(
    context: &'c Context,
    op: &OperationRef<'c, 'a>,
    v: Value<'c, '_>,
) -> Result<Value<'c, 'a>, String> {
    use melior::ir::{attribute::IntegerAttribute, r#type::IntegerType};
    let location = op.location();
    let put = |new| crate::build::place_before(op, new);
    let i32_type: Type = IntegerType::new(context, 32).into();
    // SAFETY: the type handles are live, borrowed for the calls.
    let bits = unsafe {
        if !mlir_sys::mlirTypeIsAInteger(v.r#type().to_raw()) {
            return Err(format!("an exponent of type {} is not an integer", v.r#type()));
        }
        mlir_sys::mlirIntegerTypeGetWidth(v.r#type().to_raw())
    };
    match bits.cmp(&32) {
        // An i32 passes as it is (the same value, under the anchor's lifetime).
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        std::cmp::Ordering::Equal => return Ok(unsafe { Value::from_raw(v.to_raw()) }),
        std::cmp::Ordering::Less => return put(arith::extsi(v, i32_type, location)),
        std::cmp::Ordering::Greater => {}
    }
    let wide = v.r#type();
    let constant = |c: i64| put(arith::constant(context, IntegerAttribute::new(wide, c).into(), location));
    let (max, min, one) = (constant(i32::MAX as i64)?, constant(i32::MIN as i64)?, constant(1)?);
    let odd = put(arith::andi(v, one, location))?;
    // Above: i32::MAX - 1 (even) + parity; below: i32::MIN (even) + parity.
    let below_max = put(arith::subi(max, one, location))?;
    let high = put(arith::addi(below_max, odd, location))?;
    let low = put(arith::addi(min, odd, location))?;
    let over = put(arith::cmpi(context, arith::CmpiPredicate::Sgt, v, max, location))?;
    let under = put(arith::cmpi(context, arith::CmpiPredicate::Slt, v, min, location))?;
    let clamped = put(arith::select(over, high, v, location))?;
    let clamped = put(arith::select(under, low, clamped, location))?;
    put(arith::trunci(clamped, i32_type, location))
}

/// Emits before `op` the libdevice call computing `op_name` on `operands`
/// with a result of `result_type`; returns the result.
fn call_libdevice<'c, 'a>(
    context: &'c Context,
    op: &OperationRef<'c, 'a>,
    op_name: &str,
    operands: &[Value<'c, '_>],
    result_type: Type<'c>,
    declared: &mut std::collections::BTreeMap<String, FunctionType<'c>>,
) -> Result<Value<'c, 'a>, String> {
    let (f32_fn, f64_fn) = libdevice_functions(op_name).ok_or("internal error: not a libdevice op")?;
    let w = width(result_type).ok_or_else(|| {
        format!("'{op_name}' on {result_type} has no libdevice function (scalar f16, bf16, f32 and f64 do)")
    })?;
    let f32_type = Type::float32(context);
    let location = op.location();
    let put = |new| crate::build::place_before(op, new);
    let mut args = Vec::new();
    for &v in operands {
        // Float operands follow the result's width; an integer one (fpowi's
        // exponent) is libdevice's `int`.
        if width(v.r#type()).is_none() {
            args.push(exponent_as_i32(context, op, v)?);
            continue;
        }
        let widen = matches!(w, Width::Narrow);
        args.push(if widen { put(arith::extf(v, f32_type, location))? } else { v });
    }
    let callee = match w {
        Width::F64 => f64_fn,
        _ => f32_fn,
    };
    let call_result_type = if matches!(w, Width::Narrow) { f32_type } else { result_type };
    let arg_types: Vec<Type> = args.iter().map(|a| a.r#type()).collect();
    let fn_type = FunctionType::new(context, &arg_types, &[call_result_type]);
    if let Some(previous) = declared.get(callee)
        && previous.to_string() != fn_type.to_string()
    {
        return Err(format!("'{op_name}' calls {callee} as {fn_type}, elsewhere as {previous}"));
    }
    declared.insert(callee.to_string(), fn_type);
    let called =
        put(func::call(context, FlatSymbolRefAttribute::new(context, callee), &args, &[call_result_type], location))?;
    if matches!(w, Width::Narrow) { put(arith::truncf(called, result_type, location)) } else { Ok(called) }
}

/// Declares each called function at the top of the module, unless the
/// module already has a symbol of that name.
fn declare(context: &Context, module: &OperationRef, declared: &std::collections::BTreeMap<String, FunctionType>) {
    let Some(body) = module.region_at(0).and_then(|r| r.first_block()) else { return };
    let existing: std::collections::BTreeSet<String> = crate::ir::body_ops(module)
        .iter()
        .filter_map(|o| o.attribute("sym_name").ok())
        .filter_map(|a| StringAttribute::try_from(a).ok().map(|s| s.value().to_string()))
        .collect();
    let location = Location::unknown(context);
    for (callee, ty) in declared {
        if existing.contains(callee) {
            continue;
        }
        let decl = func::func(
            context,
            StringAttribute::new(context, callee),
            TypeAttribute::new((*ty).into()),
            Region::new(),
            &[(Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into())],
            location,
        );
        match body.first_operation() {
            Some(first) => {
                body.insert_operation_before(first, decl);
            }
            None => {
                body.append_operation(decl);
            }
        }
    }
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelMathToLibdevice", ARGUMENT, SUMMARY, rewrite_module)
}
