//! The matmul family's GPU check: random A and B (rounded to their 16-bit
//! type), C either NaN (a zero-init matmul must overwrite every element) or
//! random (an accumulating one adds to it), against an f64 reference within
//! [`super::reference::matmul_tolerance`].

use crate::{
    ElementType,
    check::{Attributes, Buffer, CheckError, FamilyCheck, Rng, decode, encode, find, int_field, text_field},
    matmul::reference::matmul_tolerance,
};

pub struct MatmulCheck;

struct Operands {
    a: i64,
    b: i64,
    c: i64,
    nk: bool,
    accumulate: bool,
    /// An elementwise consumer of C: its output, typed postfix, and extra
    /// operand (argument, indexed by column or row).
    epilogue: Option<Epilogue>,
}

struct Epilogue {
    out: i64,
    postfix: String,
    operand: Option<(i64, bool)>,
}

fn operands(attrs: &Attributes) -> Result<Operands, String> {
    let field = |k| int_field(attrs, k).ok_or_else(|| format!("no reference.{k}"));
    let epilogue = match text_field(attrs, "epilogue") {
        Some(postfix) => Some(Epilogue {
            out: field("out")?,
            postfix: postfix.to_string(),
            operand: int_field(attrs, "operand").map(|e| (e, text_field(attrs, "operand_by") != Some("row"))),
        }),
        None => None,
    };
    Ok(Operands {
        a: field("a")?,
        b: field("b")?,
        c: field("c")?,
        nk: text_field(attrs, "b_layout") == Some("nk"),
        accumulate: field("accumulate")? != 0,
        epilogue,
    })
}

/// `x` rounded to the float type `t` (f32, bf16, f16).
fn round_to(x: f64, t: &str) -> f64 {
    match t {
        "bf16" => half::bf16::from_f64(x).to_f64(),
        "f16" => half::f16::from_f64(x).to_f64(),
        _ => x as f32 as f64,
    }
}

/// Evaluates a consumer's typed postfix (`c e addf:f32 ... truncf:bf16`) on
/// one element: `c` the matmul's value, `e` the extra operand's; each
/// operation in f64, rounded to its result type.
pub fn eval_epilogue(postfix: &str, c: f64, e: f64) -> Result<f64, String> {
    let mut stack: Vec<f64> = Vec::new();
    for token in postfix.split_whitespace() {
        let (what, t) = token.rsplit_once(':').unwrap_or((token, "f32"));
        let v = match what {
            "c" => c,
            "e" => e,
            op if let Some(arity) = crate::reference::op_arity(op) => {
                let b = if arity == 2 { Some(stack.pop().ok_or("epilogue: stack underflow")?) } else { None };
                let a = stack.pop().ok_or("epilogue: stack underflow")?;
                round_to(crate::reference::float_op(op, a, b).unwrap_or(f64::NAN), t)
            }
            literal => round_to(literal.parse::<f64>().map_err(|_| format!("epilogue: unknown token {token}"))?, t),
        };
        stack.push(v);
    }
    stack.pop().ok_or_else(|| "epilogue: empty".to_string())
}

fn element(b: &Buffer) -> Result<ElementType, String> {
    ElementType::from_name(&b.element).ok_or_else(|| format!("element type {}", b.element))
}

/// An 8-bit float's value (every finite one is exact in f32; NaN for the
/// NaN and infinite encodings): `f8E4M3FN` (exponent bias 7, no infinities,
/// NaN at S.1111.111) or `f8E5M2` (bias 15, IEEE-like).
fn fp8_value(byte: u8, e4m3: bool) -> f32 {
    let (mantissa_bits, bias) = if e4m3 { (3, 7) } else { (2, 15) };
    let sign = if byte & 0x80 != 0 { -1.0 } else { 1.0 };
    let exponent = ((byte & 0x7f) >> mantissa_bits) as i32;
    let mantissa = (byte & ((1 << mantissa_bits) - 1)) as f32;
    let top = (1 << (7 - mantissa_bits)) - 1;
    if (e4m3 && byte & 0x7f == 0x7f) || (!e4m3 && exponent == top) {
        return f32::NAN;
    }
    let scale = (1u32 << mantissa_bits) as f32;
    let value = if exponent == 0 {
        mantissa / scale * 2f32.powi(1 - bias)
    } else {
        (1.0 + mantissa / scale) * 2f32.powi(exponent - bias)
    };
    sign * value
}

/// Whether the buffer holds 8-bit floats: Some(is e4m3).
fn fp8_kind(b: &Buffer) -> Option<bool> {
    match b.element.as_str() {
        "f8E4M3FN" => Some(true),
        "f8E5M2" => Some(false),
        _ => None,
    }
}

/// A matmul input's elements as f32 (exact for the 16- and 8-bit types).
fn input_values(b: &Buffer) -> Result<Vec<f32>, String> {
    match fp8_kind(b) {
        Some(e4m3) => Ok(b.bytes.iter().map(|&x| fp8_value(x, e4m3)).collect()),
        None => Ok(decode(element(b)?, &b.bytes)),
    }
}

impl FamilyCheck for MatmulCheck {
    fn family(&self) -> &'static str {
        super::FAMILY
    }

    fn fill(&self, attrs: &Attributes, buffers: &mut [Buffer], rng: &mut Rng) -> Result<(), CheckError> {
        let o = operands(attrs).map_err(CheckError::Attributes)?;
        for b in buffers.iter_mut() {
            let n = b.elements();
            let epilogue_operand = o.epilogue.as_ref().and_then(|e| e.operand).is_some_and(|(e, _)| e == b.arg);
            let epilogue_out = o.epilogue.as_ref().is_some_and(|e| e.out == b.arg);
            if let (Some(e4m3), true) = (fp8_kind(b), b.arg == o.a || b.arg == o.b) {
                // Random finite bytes: values from the smallest subnormal to the largest.
                b.bytes = (0..n)
                    .map(|_| loop {
                        let x = rng.next() as u8;
                        if fp8_value(x, e4m3).is_finite() {
                            break x;
                        }
                    })
                    .collect();
                continue;
            }
            let values: Vec<f32> = if b.arg == o.a || b.arg == o.b || (b.arg == o.c && o.accumulate) || epilogue_operand
            {
                (0..n).map(|_| rng.unit() * 2.0 - 1.0).collect()
            } else if b.arg == o.c || epilogue_out {
                vec![f32::NAN; n]
            } else {
                continue;
            };
            b.bytes = encode(b.element_type()?, &values);
        }
        Ok(())
    }

    fn verify(&self, attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Vec<String> {
        verify(attrs, inputs, outputs).unwrap_or_else(|e| vec![e])
    }

    fn bytes_read(&self, attrs: &Attributes, inputs: &[Buffer]) -> usize {
        let Ok(o) = operands(attrs) else { return 0 };
        [o.a, o.b].iter().filter_map(|&i| find(inputs, i)).map(|b| b.bytes.len()).sum()
    }
}

fn verify(attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Result<Vec<String>, String> {
    let o = operands(attrs)?;
    if let Some(e) = &o.epilogue {
        return verify_epilogue(&o, e, inputs, outputs);
    }
    let missing = || "the reference's buffers are not kernel arguments".to_string();
    let (a, b) = (find(inputs, o.a).ok_or_else(missing)?, find(inputs, o.b).ok_or_else(missing)?);
    let (c_in, c_out) = (find(inputs, o.c).ok_or_else(missing)?, find(outputs, o.c).ok_or_else(missing)?);
    let (m, k) = (a.dims[0] as usize, a.dims[1] as usize);
    let n = c_out.dims[1] as usize;
    let (av, bv) = (input_values(a)?, rows_of_b(input_values(b)?, o.nk, k, n));
    let init = if o.accumulate { decode(ElementType::F32, &c_in.bytes) } else { vec![0.0; m * n] };
    let got = decode(ElementType::F32, &c_out.bytes);
    // Every output up to 2^30 multiply-adds; beyond, an even sample of them.
    let step = (m * n * k).div_ceil(1 << 30).max(1);
    let mut errors = Vec::new();
    for i in (0..m * n).step_by(step) {
        let (row, col) = (i / n, i % n);
        let (want, bound) = dot(&av, &bv, row, col, k, init[i] as f64);
        let tolerance = matmul_tolerance(k, bound);
        let error = (got[i] as f64 - want).abs();
        if !(error <= tolerance) {
            errors.push(format!("C[{row}][{col}] = {}, expected {want} (tolerance {tolerance:.3e})", got[i]));
            if errors.len() > 5 {
                break;
            }
        }
    }
    Ok(errors)
}

/// B as N x K: as it is when `nk`, else transposed from K x N once, so
/// that every sampled dot product reads both operands contiguously (a
/// strided column of a 4096-wide B made a check take seconds).
fn rows_of_b(b: Vec<f32>, nk: bool, k: usize, n: usize) -> Vec<f32> {
    if nk {
        return b;
    }
    let mut t = vec![0.0; n * k];
    for (l, row) in b.chunks_exact(n).enumerate() {
        for (col, v) in row.iter().enumerate() {
            t[col * k + l] = *v;
        }
    }
    t
}

/// `init` plus C[row][col] of A (M x K) times B (N x K, from
/// [`rows_of_b`]), summed in order in f64, and |init| plus the sum of the
/// products' magnitudes (the error bound's scale).
fn dot(av: &[f32], bv: &[f32], row: usize, col: usize, k: usize, init: f64) -> (f64, f64) {
    let (mut sum, mut sum_abs) = (init, init.abs());
    for (x, y) in av[row * k..][..k].iter().zip(&bv[col * k..][..k]) {
        let p = f64::from(*x) * f64::from(*y);
        sum += p;
        sum_abs += p.abs();
    }
    (sum, sum_abs)
}

/// The consumer's output against the consumer applied to the f64 product:
/// the product's error bound carried through the consumer (evaluated at the
/// product and at either end of its bound) plus two units in the last place
/// of the output type (its rounding, and the math functions' last bits).
fn verify_epilogue(o: &Operands, e: &Epilogue, inputs: &[Buffer], outputs: &[Buffer]) -> Result<Vec<String>, String> {
    let missing = || "the reference's buffers are not kernel arguments".to_string();
    let (a, b) = (find(inputs, o.a).ok_or_else(missing)?, find(inputs, o.b).ok_or_else(missing)?);
    let out = find(outputs, e.out).ok_or_else(missing)?;
    let out_type = element(out)?;
    let operand = match e.operand {
        Some((arg, by_column)) => {
            let buf = find(inputs, arg).ok_or_else(missing)?;
            Some((decode(element(buf)?, &buf.bytes), by_column))
        }
        None => None,
    };
    let (m, k) = (a.dims[0] as usize, a.dims[1] as usize);
    let n = out.dims[1] as usize;
    let (av, bv) = (input_values(a)?, rows_of_b(input_values(b)?, o.nk, k, n));
    let got = decode(out_type, &out.bytes);
    let ulp = out_type.epsilon() as f64;
    let step = (m * n * k).div_ceil(1 << 30).max(1);
    let mut errors = Vec::new();
    for i in (0..m * n).step_by(step) {
        let (row, col) = (i / n, i % n);
        let (want, bound) = dot(&av, &bv, row, col, k, 0.0);
        let ev = operand.as_ref().map_or(0.0, |(v, by_column)| v[if *by_column { col } else { row }] as f64);
        let tol_c = matmul_tolerance(k, bound);
        let r = eval_epilogue(&e.postfix, want, ev)?;
        let spread = [want - tol_c, want + tol_c]
            .iter()
            .map(|c| eval_epilogue(&e.postfix, *c, ev).map(|v| (v - r).abs()))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .fold(0.0f64, f64::max);
        let tolerance = spread + 2.0 * ulp * r.abs() + 1e-6;
        let error = (got[i] as f64 - r).abs();
        if !(error <= tolerance) {
            errors.push(format!("out[{row}][{col}] = {}, expected {r} (tolerance {tolerance:.3e})", got[i]));
            if errors.len() > 5 {
                break;
            }
        }
    }
    Ok(errors)
}

#[cfg(test)]
mod tests {
    use super::fp8_value;

    #[test]
    fn fp8_bytes_decode_to_their_values() {
        // f8E4M3FN: 1.0, the largest (448), the smallest subnormal (2^-9),
        // -2.0, NaN (no infinities).
        assert_eq!(fp8_value(0x38, true), 1.0);
        assert_eq!(fp8_value(0x7e, true), 448.0);
        assert_eq!(fp8_value(0x01, true), 2f32.powi(-9));
        assert_eq!(fp8_value(0xc0, true), -2.0);
        assert!(fp8_value(0x7f, true).is_nan() && fp8_value(0x7c, true).is_finite());
        // f8E5M2: 1.0, the largest (57344), the smallest subnormal (2^-16),
        // infinity and NaN both not finite.
        assert_eq!(fp8_value(0x3c, false), 1.0);
        assert_eq!(fp8_value(0x7b, false), 57344.0);
        assert_eq!(fp8_value(0x01, false), 2f32.powi(-16));
        assert!(!fp8_value(0x7c, false).is_finite() && !fp8_value(0x7f, false).is_finite());
    }
}

#[cfg(test)]
mod epilogue_tests {
    use super::{MatmulCheck, eval_epilogue};
    use crate::check::{Attributes, Buffer, FamilyCheck, Rng, decode, encode};
    use crate::ElementType;

    /// A 5 x 7 x 3 bf16 matmul in the given B layout, its C computed here,
    /// then one element of C spoiled: the check takes the first and
    /// names the spoiled element in the second.
    fn check_of_a_computed_matmul(b_layout: &str) -> (Vec<String>, Vec<String>) {
        let (m, n, k) = (5usize, 7usize, 3usize);
        let attrs: Attributes = [("a", "0"), ("b", "1"), ("c", "2"), ("accumulate", "0"), ("b_layout", b_layout)]
            .into_iter()
            .map(|(key, v)| (format!("reference.{key}"), v.to_string()))
            .collect();
        let buffer = |arg, element: &str, dims: Vec<u64>| Buffer { arg, element: element.into(), dims, bytes: vec![] };
        let b_dims = if b_layout == "nk" { vec![n as u64, k as u64] } else { vec![k as u64, n as u64] };
        let mut inputs =
            vec![buffer(0, "bf16", vec![m as u64, k as u64]), buffer(1, "bf16", b_dims), buffer(2, "f32", vec![m as u64, n as u64])];
        MatmulCheck.fill(&attrs, &mut inputs, &mut Rng(7)).unwrap();
        let (a, b) = (decode(ElementType::BF16, &inputs[0].bytes), decode(ElementType::BF16, &inputs[1].bytes));
        let b_at = |l: usize, col: usize| if b_layout == "nk" { b[col * k + l] } else { b[l * n + col] };
        let c: Vec<f32> =
            (0..m * n).map(|i| (0..k).map(|l| a[i / n * k + l] * b_at(l, i % n)).sum()).collect();
        let mut outputs = inputs.clone();
        outputs[2].bytes = encode(ElementType::F32, &c);
        let good = MatmulCheck.verify(&attrs, &inputs, &outputs);
        let mut spoiled = c.clone();
        spoiled[2 * n + 4] += 0.5;
        outputs[2].bytes = encode(ElementType::F32, &spoiled);
        (good, MatmulCheck.verify(&attrs, &inputs, &outputs))
    }

    #[test]
    fn the_check_reads_b_in_either_layout() {
        for layout in ["nk", "kn"] {
            let (good, spoiled) = check_of_a_computed_matmul(layout);
            assert!(good.is_empty(), "{layout}: {good:?}");
            assert_eq!(spoiled.len(), 1, "{layout}: {spoiled:?}");
            assert!(spoiled[0].starts_with("C[2][4] = "), "{layout}: {spoiled:?}");
        }
    }

    #[test]
    fn epilogue_is_evaluated_with_its_roundings() {
        // bias + GELU (tanh form), then bf16.
        let gelu = "c e addf:f32 c e addf:f32 mulf:f32 c e addf:f32 mulf:f32 0.044715:f32 mulf:f32 c e addf:f32 \
                    addf:f32 0.7978846:f32 mulf:f32 tanh:f32 1.0:f32 addf:f32 0.5:f32 mulf:f32 c e addf:f32 mulf:f32 \
                    truncf:bf16";
        let y: f64 = 1.5 + 0.25;
        let exact = 0.5 * y * (1.0 + (0.7978846 * (y + 0.044715 * y * y * y)).tanh());
        let got = eval_epilogue(gelu, 1.5, 0.25).unwrap();
        assert!((got - exact).abs() <= exact * (1.0 / 128.0), "{got} vs {exact}");
        assert_eq!(got, half::bf16::from_f64(got).to_f64(), "rounded to bf16");
        assert_eq!(eval_epilogue("c 2.0:f32 mulf:f32 negf:f32", 3.0, 0.0).unwrap(), -6.0);
        assert!(eval_epilogue("c frob:f32", 1.0, 0.0).is_err());
    }
}
