//! `ukernel-expand-fp8-extf`: rewrites `arith.extf` from an 8-bit float
//! (`f8E4M3FN`, `f8E5M2`) into integer code on the value's bits, which the
//! LLVM conversion takes (LLVM has no 8-bit float type: such an `extf` was
//! left as an unrealized cast that translation rejected).
//!
//! Contract: afterwards no scalar `arith.extf` reads an `f8E4M3FN` or
//! `f8E5M2` value; each became `arith.bitcast` to `i8`, integer ops that
//! build the f32 with the same value (normals by moving the exponent and
//! mantissa fields; subnormals as `mantissa x 2^(1 - bias - mantissa
//! bits)`, exact in f32; NaN as the quiet NaN with the input's sign;
//! `f8E5M2`'s infinities as infinities; `f8E4M3FN` has none), then, for an
//! f16, bf16 or f64 result, `arith.truncf`/`arith.extf` from f32, exact
//! because every value of either 8-bit type is one of those types' values.
//! The same extf on a vector, and `arith.truncf` into an 8-bit type, are
//! errors at the op. Runs before the LLVM conversion, on the GPU pipeline
//! and on the CPU reference's.

use crate::ir::Checked as _;
use melior::{
    Context,
    dialect::arith,
    ir::{
        BlockLike, OperationRef, Type, Value, ValueLike,
        attribute::IntegerAttribute,
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
    pass::Pass,
};

use crate::ir::name;

pub const ARGUMENT: &str = "ukernel-expand-fp8-extf";
pub const SUMMARY: &str = "Rewrite arith.extf from f8E4M3FN and f8E5M2 into integer code on the bits";

/// The fields of an 8-bit float type.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Format {
    mantissa_bits: u32,
    bias: i64,
    /// IEEE-style top exponent (infinity and NaN, `f8E5M2`) or only the
    /// all-ones pattern as NaN (`f8E4M3FN`).
    ieee_top: bool,
}

fn format_of(ty: Type) -> Option<Format> {
    match ty.to_string().as_str() {
        "f8E4M3FN" => Some(Format { mantissa_bits: 3, bias: 7, ieee_top: false }),
        "f8E5M2" => Some(Format { mantissa_bits: 2, bias: 15, ieee_top: true }),
        _ => None,
    }
}

/// The f32 bits of the 8-bit pattern `b` (a reference for the tests: the
/// pass builds the same computation in IR).
#[cfg(test)]
fn f32_bits(format: Format, b: u8) -> u32 {
    let m = format.mantissa_bits;
    let exp_bits = 7 - m;
    let sign = u32::from(b & 0x80) << 24;
    let exp = i64::from((b >> m) & ((1 << exp_bits) - 1));
    let mant = u32::from(b) & ((1 << m) - 1);
    let top = (1i64 << exp_bits) - 1;
    let is_nan = if format.ieee_top { exp == top && mant != 0 } else { exp == top && mant == (1 << m) - 1 };
    if is_nan {
        return sign | 0x7FC0_0000;
    }
    if format.ieee_top && exp == top {
        return sign | 0x7F80_0000;
    }
    if exp == 0 {
        let v = mant as f32 * 2f32.powi((1 - format.bias - i64::from(m)) as i32);
        return sign | v.to_bits();
    }
    sign | (((exp - format.bias + 127) as u32) << 23) | (mant << (23 - m))
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    let wanted = |op: &OperationRef| {
        let n = name(op);
        let reads_fp8 = op.operand_at(0).is_some_and(|v| format_of(v.r#type()).is_some() || is_fp8_vector(v.r#type()));
        let writes_fp8 = op.result_at(0).is_some_and(|r| format_of(r.r#type()).is_some() || is_fp8_vector(r.r#type()));
        (n == "arith.extf" && reads_fp8) || (n == "arith.truncf" && writes_fp8)
    };
    crate::dispatch::rewrite_matching(module, "", wanted, |op| rewrite(context, op))
}

fn is_fp8_vector(ty: Type) -> bool {
    let text = ty.to_string();
    text.starts_with("vector<") && (text.contains("xf8E4M3FN>") || text.contains("xf8E5M2>"))
}

fn rewrite<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let x = op.operand(0).map_err(|e| format!("internal error: {e}"))?;
    let result_type = op.result(0).map_err(|e| format!("internal error: {e}"))?.r#type();
    if name(op) == "arith.truncf" {
        return Err(format!(
            "arith.truncf to {result_type} is not supported: rounding into 8-bit floats is not implemented"
        ));
    }
    let Some(format) = format_of(x.r#type()) else {
        return Err(format!("arith.extf of {} is not supported (scalar f8E4M3FN and f8E5M2 are)", x.r#type()));
    };
    let location = op.location();
    let block = op.block().ok_or("internal error: op outside a block")?;
    let put = |new: melior::ir::Operation<'c>| -> Result<Value<'c, '_>, String> {
        let placed = block.insert_operation_before(*op, new);
        // SAFETY: the operation is in a live block of the IR being rewritten.
        let placed = unsafe { OperationRef::from_raw(placed.to_raw()) };
        placed.result(0).map(|r| unsafe { Value::from_raw(r.to_raw()) }).map_err(|e| format!("internal error: {e}"))
    };
    let (i8_type, i32_type): (Type, Type) = (IntegerType::new(context, 8).into(), IntegerType::new(context, 32).into());
    let f32_type = Type::float32(context);
    let int = |v: i64| put(arith::constant(context, IntegerAttribute::new(i32_type, v).into(), location));
    let convert = |op_name: &str, v: Value<'c, '_>, to: Type<'c>| {
        put(OperationBuilder::new(op_name, location)
            .add_operands(&[v])
            .add_results(&[to])
            .build()
            .map_err(|e| format!("internal error: {e}"))?)
    };
    let eq = |a, b| put(arith::cmpi(context, arith::CmpiPredicate::Eq, a, b, location));
    let select = |c, a, b| put(arith::select(c, a, b, location));

    let m = format.mantissa_bits;
    let exp_bits = 7 - m;
    let top = (1i64 << exp_bits) - 1;
    let byte = convert("arith.bitcast", x, i8_type)?;
    let w = convert("arith.extui", byte, i32_type)?;
    let sign = put(arith::shli(put(arith::andi(w, int(0x80)?, location))?, int(24)?, location))?;
    let exp = put(arith::andi(put(arith::shrui(w, int(i64::from(m))?, location))?, int(top)?, location))?;
    let mant = put(arith::andi(w, int((1 << m) - 1)?, location))?;
    // Normal: the exponent rebiased to f32's, the mantissa at f32's top.
    let rebiased = put(arith::addi(exp, int(127 - format.bias)?, location))?;
    let normal = put(arith::ori(
        put(arith::shli(rebiased, int(23)?, location))?,
        put(arith::shli(mant, int(i64::from(23 - m))?, location))?,
        location,
    ))?;
    // Subnormal: mantissa x 2^(1 - bias - m), exact in f32.
    let scale = put(arith::constant(
        context,
        melior::ir::attribute::FloatAttribute::new(
            context,
            f32_type,
            2f64.powi((1 - format.bias - i64::from(m)) as i32),
        )
        .into(),
        location,
    ))?;
    let sub_value = put(arith::mulf(convert("arith.uitofp", mant, f32_type)?, scale, location))?;
    let subnormal = convert("arith.bitcast", sub_value, i32_type)?;
    let is_top = eq(exp, int(top)?)?;
    let is_zero_exp = eq(exp, int(0)?)?;
    let magnitude = if format.ieee_top {
        // Top exponent: infinity for a zero mantissa, NaN otherwise.
        let zero_mant = eq(mant, int(0)?)?;
        let special = select(zero_mant, int(0x7F80_0000)?, int(0x7FC0_0000)?)?;
        select(is_top, special, select(is_zero_exp, subnormal, normal)?)?
    } else {
        // Only the all-ones pattern is NaN; the rest of the top exponent is normal.
        let all_ones = put(arith::andi(is_top, eq(mant, int((1 << m) - 1)?)?, location))?;
        select(all_ones, int(0x7FC0_0000)?, select(is_zero_exp, subnormal, normal)?)?
    };
    let bits = put(arith::ori(sign, magnitude, location))?;
    let mut value = convert("arith.bitcast", bits, f32_type)?;
    let target = result_type.to_string();
    if target != "f32" {
        value = match target.as_str() {
            "f16" | "bf16" => convert("arith.truncf", value, result_type)?,
            _ => convert("arith.extf", value, result_type)?,
        };
    }
    crate::ir::replace_uses(op.result(0).map_err(|e| format!("internal error: {e}"))?, value);
    drop(crate::dispatch::detach(op));
    Ok(())
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelExpandFp8Extf", ARGUMENT, SUMMARY, rewrite_module)
}

#[cfg(test)]
mod tests {
    use super::{Format, f32_bits};

    const E4M3FN: Format = Format { mantissa_bits: 3, bias: 7, ieee_top: false };
    const E5M2: Format = Format { mantissa_bits: 2, bias: 15, ieee_top: true };

    #[test]
    fn every_e4m3fn_pattern_has_its_value() {
        for b in 0..=255u8 {
            let got = f32::from_bits(f32_bits(E4M3FN, b));
            let sign = if b & 0x80 != 0 { -1.0 } else { 1.0 };
            let (e, m) = (i32::from((b >> 3) & 0xF), f32::from(b & 7));
            let want = match (e, b & 0x7F) {
                (_, 0x7F) => f32::NAN,
                (0, _) => sign * m / 8.0 * 2f32.powi(-6),
                _ => sign * (1.0 + m / 8.0) * 2f32.powi(e - 7),
            };
            assert!(got == want || (got.is_nan() && want.is_nan()), "{b:#04x}: {got} vs {want}");
            assert_eq!(got.is_sign_negative(), b & 0x80 != 0, "{b:#04x}: sign");
        }
        assert_eq!(f32::from_bits(f32_bits(E4M3FN, 0x7E)), 448.0);
    }

    #[test]
    fn every_e5m2_pattern_is_the_top_byte_of_its_f16() {
        for b in 0..=255u8 {
            let want = half::f16::from_bits(u16::from(b) << 8).to_f32();
            let got = f32::from_bits(f32_bits(E5M2, b));
            assert!(got == want || (got.is_nan() && want.is_nan()), "{b:#04x}: {got} vs {want}");
            assert_eq!(got.is_sign_negative(), want.is_sign_negative(), "{b:#04x}: sign");
        }
    }
}
