//! The argmax family's GPU check: adversarial input rows, and the reference
//! of the semantics the kernel implements (`first-nan` or `ogt`), after
//! replaying the elementwise producer the package records, if any.

use crate::{
    ElementType, IndexType,
    check::{Attributes, Buffer, CheckError, FamilyCheck, Rng, decode, encode, find, int_field, text_field},
    reference::{BF16, Element, F16},
};

pub struct ArgmaxCheck;

/// Input rows: row 0 holds two NaNs, row 1 ties at its maximum, row 2 is all
/// -inf, the rest random.
pub fn input_values(rows: usize, length: usize, rng: &mut Rng) -> Vec<f32> {
    let mut v: Vec<f32> = (0..rows * length).map(|_| rng.unit() * 200.0 - 100.0).collect();
    if length == 0 {
        return v;
    }
    if rows > 0 {
        v[length / 3] = f32::NAN;
        v[length - 1] = f32::NAN;
    }
    if rows > 1 {
        v[length + length / 2] = 500.0;
        v[length + length / 4] = 500.0;
    }
    if rows > 2 {
        v[2 * length..3 * length].fill(f32::NEG_INFINITY);
    }
    v
}

impl FamilyCheck for ArgmaxCheck {
    fn family(&self) -> &'static str {
        super::FAMILY
    }

    fn fill(&self, attrs: &Attributes, buffers: &mut [Buffer], rng: &mut Rng) -> Result<(), CheckError> {
        let input = int_field(attrs, "input").ok_or_else(|| CheckError::Attributes("no reference.input".into()))?;
        let b = buffers
            .iter_mut()
            .find(|b| b.arg == input)
            .ok_or_else(|| CheckError::Attributes("the reference's input is not a kernel argument".into()))?;
        let element = b.element_type()?;
        let length = *b.dims.last().unwrap_or(&1) as usize;
        let rows = if length == 0 { 0 } else { b.elements() / length };
        b.bytes = encode(element, &input_values(rows, length, rng));
        Ok(())
    }

    fn verify(&self, attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Vec<String> {
        match verify(attrs, inputs, outputs) {
            Ok(errors) => errors,
            Err(e) => vec![e],
        }
    }

    fn bytes_read(&self, attrs: &Attributes, inputs: &[Buffer]) -> usize {
        int_field(attrs, "input").and_then(|i| find(inputs, i)).map_or(0, |b| b.bytes.len())
    }
}

/// Checks index (and value) outputs row by row against the reference of the
/// kernel's semantics: `first-nan` (torch's) or `ogt` (the plain linalg
/// combiner). Values compare by bits, any NaN equal to any NaN.
fn verify(attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Result<Vec<String>, String> {
    let field = |k| int_field(attrs, k).ok_or_else(|| format!("no reference.{k}"));
    let (input, value, index) = (field("input")?, field("value")?, field("index")?);
    let semantics = text_field(attrs, "semantics").unwrap_or("first-nan");
    if semantics == "fold" {
        return verify_fold(attrs, inputs, outputs);
    }
    let producer = text_field(attrs, "producer").unwrap_or("");
    let (Some(inp), Some(idx)) = (find(inputs, input), find(outputs, index)) else {
        return Err("the reference's buffers are not kernel arguments".into());
    };
    let element = ElementType::from_name(&inp.element).ok_or_else(|| format!("input element {}", inp.element))?;
    let index_type = IndexType::from_name(&idx.element).ok_or_else(|| format!("index element {}", idx.element))?;
    let length = *inp.dims.last().unwrap_or(&0) as usize;
    let rows = if length == 0 { idx.elements() } else { inp.elements() / length };
    let val = find(outputs, value);
    let esize = element.size_bytes();
    let input_bytes =
        if producer.is_empty() { inp.bytes.clone() } else { apply_producer(element, &inp.bytes, producer)? };
    // A producer with a math function is replayed to within its error (the
    // GPU's libdevice and the CPU's f64 differ in the last bits): elements
    // whose mapped values are that close may win either way.
    let tolerance = if producer.split_whitespace().any(is_inexact) { MATH_ULPS * element.epsilon() } else { 0.0 };
    let mut errors = Vec::new();
    for r in 0..rows {
        let raw = &input_bytes[r * length * esize..(r + 1) * length * esize];
        let (want_i, want_value) = reference_row(element, raw, semantics);
        let got = index_at(idx, index_type, r);
        let close = |a: f32, b: f32| (a - b).abs() <= tolerance * want_value.abs().max(f32::MIN_POSITIVE);
        let mapped = || decode(element, raw);
        let index_ok = got == want_i as i64
            || (tolerance > 0.0 && !want_value.is_nan() && tolerable_winner(&mapped(), got, want_value, &close));
        if !index_ok {
            errors.push(format!("row {r}: index {got}, expected {want_i}"));
        }
        if let Some(v) = val {
            let got_value = decode(element, &v.bytes[r * esize..(r + 1) * esize])[0];
            let same = (got_value.is_nan() && want_value.is_nan())
                || got_value.to_bits() == want_value.to_bits()
                || (tolerance > 0.0 && close(got_value, want_value));
            if !same {
                errors.push(format!("row {r}: value {got_value}, expected {want_value}"));
            }
        }
        if errors.len() > 5 {
            break;
        }
    }
    Ok(errors)
}

/// Element `r` of an index output.
fn index_at(idx: &Buffer, index_type: IndexType, r: usize) -> i64 {
    match index_type {
        IndexType::I32 => i32::from_le_bytes(idx.bytes[r * 4..r * 4 + 4].try_into().unwrap()) as i64,
        IndexType::I64 => i64::from_le_bytes(idx.bytes[r * 8..r * 8 + 8].try_into().unwrap()),
    }
}

/// What the default lowering computes for an argmax-like fold no ukernel
/// implements (`reference.semantics = "fold"`): from the constant inits,
/// in order along `axis`, value = combiner(x, value) and index = k where
/// predicate(x, value before the step) holds. Value and index compare
/// exactly (any NaN equals any NaN).
fn verify_fold(attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Result<Vec<String>, String> {
    let field = |k| int_field(attrs, k).ok_or_else(|| format!("no reference.{k}"));
    let text = |k| text_field(attrs, k).ok_or_else(|| format!("no reference.{k}"));
    let (input, value, index, axis) = (field("input")?, field("value")?, field("index")?, field("axis")? as usize);
    let (combiner, predicate) = (text("combiner")?, text("predicate")?);
    let init_value: f64 = text("init_value")?.parse().map_err(|_| "reference.init_value is not a number")?;
    let init_index = field("init_index")?;
    let (Some(inp), Some(idx)) = (find(inputs, input), find(outputs, index)) else {
        return Err("the reference's buffers are not kernel arguments".into());
    };
    let element = ElementType::from_name(&inp.element).ok_or_else(|| format!("input element {}", inp.element))?;
    let index_type = IndexType::from_name(&idx.element).ok_or_else(|| format!("index element {}", idx.element))?;
    let dims: Vec<usize> = inp.dims.iter().map(|d| *d as usize).collect();
    if axis >= dims.len() {
        return Err(format!("reference.axis {axis} is past the input's rank"));
    }
    let x = decode(element, &inp.bytes);
    let (length, inner) = (dims[axis], dims[axis + 1..].iter().product::<usize>());
    let outer = dims[..axis].iter().product::<usize>();
    // The init value in the element type (it was a constant of that type).
    let init = decode(element, &encode(element, &[init_value as f32]))[0];
    let val = find(outputs, value);
    let mut errors = Vec::new();
    for o in 0..outer {
        for i in 0..inner {
            let (mut best, mut at) = (init, init_index);
            for k in 0..length {
                let v = x[(o * length + k) * inner + i];
                let take = match predicate {
                    "ogt" => v > best,
                    "oge" => v >= best,
                    _ => v > best || (v.is_nan() && !best.is_nan()),
                };
                best = match combiner {
                    "maxnumf" if v.is_nan() => best,
                    "maxnumf" if best.is_nan() => v,
                    _ if v.is_nan() || best.is_nan() => f32::NAN,
                    // IEEE maximum: +0 above -0.
                    _ if v == best => {
                        if v.is_sign_negative() {
                            best
                        } else {
                            v
                        }
                    }
                    _ => v.max(best),
                };
                if take {
                    at = k as i64;
                }
            }
            let r = o * inner + i;
            let got = index_at(idx, index_type, r);
            if got != at {
                errors.push(format!("result {r}: index {got}, expected {at}"));
            }
            if let Some(v) = val {
                let esize = element.size_bytes();
                let got_value = decode(element, &v.bytes[r * esize..(r + 1) * esize])[0];
                if !((got_value.is_nan() && best.is_nan()) || got_value.to_bits() == best.to_bits()) {
                    errors.push(format!("result {r}: value {got_value}, expected {best}"));
                }
            }
            if errors.len() > 5 {
                return Ok(errors);
            }
        }
    }
    Ok(errors)
}

/// How many units of the element type's epsilon a replayed math producer
/// may differ from the GPU's: libdevice's functions are within 2 ulp, and the
/// arithmetic around them rounds again.
const MATH_ULPS: f32 = 4.0;

/// Producer tokens the CPU replays only approximately (math functions).
fn is_inexact(token: &str) -> bool {
    matches!(token, "tanh" | "exp" | "exp2" | "log" | "log2" | "sqrt" | "rsqrt" | "sin" | "cos")
}

/// Whether index `got` could be the first maximum of `mapped` if every
/// element moved within the math functions' error: its value is within
/// that error of the maximum (so no earlier element is clearly above it).
fn tolerable_winner(mapped: &[f32], got: i64, max: f32, close: &dyn Fn(f32, f32) -> bool) -> bool {
    usize::try_from(got).ok().and_then(|g| mapped.get(g)).is_some_and(|&v| close(v, max))
}

/// The reference (index, value) of a row of raw elements under `semantics`;
/// an empty row gives (0, -inf).
pub fn reference_row(element: ElementType, raw: &[u8], semantics: &str) -> (usize, f32) {
    fn go<T: Element>(row: &[T], semantics: &str) -> (usize, f32) {
        match semantics {
            "ogt" => return super::reference::argmax_ogt(row),
            "maxnum" => return super::reference::argmax_maxnum(row),
            _ => {}
        }
        super::reference::argmax(row).map_or((0, f32::NEG_INFINITY), |(i, v)| (i, v.to_f32()))
    }
    match element {
        ElementType::F32 => go(&decode(element, raw), semantics),
        ElementType::F16 => {
            let v: Vec<F16> = raw.chunks_exact(2).map(|c| F16(u16::from_le_bytes(c.try_into().unwrap()))).collect();
            go(&v, semantics)
        }
        ElementType::BF16 => {
            let v: Vec<BF16> = raw.chunks_exact(2).map(|c| BF16(u16::from_le_bytes(c.try_into().unwrap()))).collect();
            go(&v, semantics)
        }
    }
}

/// Applies an elementwise producer given in postfix (`x 2.0 mulf -1.0
/// addf`, `x 0.5 mulf tanh`) to raw elements, rounding to the element type
/// after every operation as the GPU does. Math functions are computed in f64
/// and rounded once; the GPU's (libdevice) are within 2 ulp of that, so a
/// producer with one can disagree in the last bit on some elements, which
/// changes an argmax only where two mapped elements are that close.
pub fn apply_producer(element: ElementType, raw: &[u8], producer: &str) -> Result<Vec<u8>, String> {
    let round = |v: f32| -> f32 {
        match element {
            ElementType::F32 => v,
            ElementType::F16 => F16::from_f32(v).to_f32(),
            ElementType::BF16 => BF16::from_f32(v).to_f32(),
        }
    };
    let tokens: Vec<&str> = producer.split_whitespace().collect();
    let mut values = Vec::new();
    for x in decode(element, raw) {
        let mut stack: Vec<f32> = Vec::with_capacity(4);
        for t in &tokens {
            let v = match *t {
                "x" => x,
                op if let Some(arity) = crate::reference::op_arity(op) => {
                    let b =
                        if arity == 2 { Some(stack.pop().ok_or("producer: stack underflow")? as f64) } else { None };
                    let a = stack.pop().ok_or("producer: stack underflow")? as f64;
                    round(crate::reference::float_op(op, a, b).unwrap_or(f64::NAN) as f32)
                }
                literal => {
                    round(literal.parse::<f64>().map_err(|_| format!("producer: unknown token {literal}"))? as f32)
                }
            };
            stack.push(v);
        }
        values.push(stack.pop().ok_or("producer: empty expression")?);
    }
    Ok(encode(element, &values))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs verify_fold on a 3 x 2 f32 input reduced along `axis`.
    fn fold(axis: usize, combiner: &str, predicate: &str, init: f32, x: [f32; 6], got: &[i64]) -> Vec<String> {
        let mut attrs = Attributes::new();
        for (k, v) in [
            ("semantics", "fold"),
            ("combiner", combiner),
            ("predicate", predicate),
            ("input", "0"),
            ("value", "-1"),
            ("index", "1"),
            ("init_index", "0"),
        ] {
            attrs.insert(format!("reference.{k}"), v.to_string());
        }
        attrs.insert("reference.axis".into(), axis.to_string());
        attrs.insert("reference.init_value".into(), format!("{init:?}"));
        let input = Buffer { arg: 0, element: "f32".into(), dims: vec![3, 2], bytes: encode(ElementType::F32, &x) };
        let idx = Buffer {
            arg: 1,
            element: "i64".into(),
            dims: vec![got.len() as u64],
            bytes: got.iter().flat_map(|i| i.to_le_bytes()).collect(),
        };
        verify(&attrs, &[input], &[idx]).unwrap()
    }

    #[test]
    fn default_forms_are_folded_as_the_ir_computes() {
        let x = [-1.0, 5.0, -2.0, 5.0, f32::NAN, 7.0];
        // Rows of the 3 x 2 input, reduced over its columns (axis 1),
        // from a zero init: row 0 keeps the init's index 0 (both below 0).
        assert!(fold(1, "maximumf", "ogt", 0.0, [-1.0, -2.0, 3.0, 4.0, 6.0, 5.0], &[0, 1, 0]).is_empty());
        // Over the outer dim (axis 0), from -inf: column 0 meets NaN at
        // k = 2 (ogt is false there, so its index stays 0); column 1's max
        // 7 is at k = 2.
        assert!(fold(0, "maximumf", "ogt", f32::NEG_INFINITY, x, &[0, 2]).is_empty());
        // NaN-aware: the NaN wins in column 0.
        assert!(fold(0, "maximumf", "first-nan", f32::NEG_INFINITY, x, &[2, 2]).is_empty());
        // oge takes the last of equal maxima: columns 1, 1, 0.5 and 5, 5, 4.
        assert!(fold(0, "maxnumf", "oge", f32::NEG_INFINITY, [1.0, 5.0, 1.0, 5.0, 0.5, 4.0], &[1, 1]).is_empty());
        // A wrong index is reported.
        assert_eq!(fold(0, "maximumf", "ogt", f32::NEG_INFINITY, x, &[1, 2]).len(), 1);
    }

    #[test]
    fn math_producers_are_replayed_and_tolerated_to_their_error() {
        let raw = encode(ElementType::F32, &[0.0, 1.0, -1.0, 40.0]);
        let out =
            decode(ElementType::F32, &apply_producer(ElementType::F32, &raw, "x 0.5 mulf tanh 30.0 mulf").unwrap());
        let want: Vec<f32> = [0.0f64, 1.0, -1.0, 40.0].iter().map(|x| (x * 0.5).tanh() as f32 * 30.0).collect();
        assert_eq!(out, want);
        let eps = MATH_ULPS * f32::EPSILON;
        let close = |a: f32, b: f32| (a - b).abs() <= eps * 30.0;
        // Two elements a last bit apart at the maximum: either may win ...
        let row = [1.0, 29.999998, 30.0, 2.0];
        assert!(tolerable_winner(&row, 1, 30.0, &close));
        assert!(tolerable_winner(&row, 2, 30.0, &close));
        // ... but not one clearly below it, nor an index past the row.
        assert!(!tolerable_winner(&row, 3, 30.0, &close));
        assert!(!tolerable_winner(&row, 9, 30.0, &close));
    }

    #[test]
    fn producer_is_replayed_in_the_element_type() {
        let raw = encode(ElementType::F32, &[1.5, -2.0, f32::NAN]);
        let v = decode(ElementType::F32, &apply_producer(ElementType::F32, &raw, "x 2.0 mulf -1.0 addf").unwrap());
        assert_eq!(&v[..2], &[2.0, -5.0]);
        assert!(v[2].is_nan());
        // bf16 rounds after each operation: 1 + 2^-9 is not a bf16.
        let raw = encode(ElementType::BF16, &[1.0]);
        let out = apply_producer(ElementType::BF16, &raw, "x 0.001953125 addf").unwrap();
        assert_eq!(u16::from_le_bytes([out[0], out[1]]), 0x3f80);
        let raw = encode(ElementType::F32, &[1.0]);
        assert!(apply_producer(ElementType::F32, &raw, "x mulf").is_err());
        assert!(apply_producer(ElementType::F32, &raw, "x 2 powf").is_err());
    }

    #[test]
    fn the_two_semantics_differ_only_on_rows_with_nan() {
        let row = encode(ElementType::F32, &[1.0, 7.0, f32::NAN, 9.0]);
        assert_eq!(reference_row(ElementType::F32, &row, "first-nan").0, 2);
        let (i, v) = reference_row(ElementType::F32, &row, "ogt");
        assert_eq!(i, 1);
        assert!(v.is_nan());
        let row = encode(ElementType::F32, &[1.0, 7.0, 9.0, 9.0]);
        assert_eq!(reference_row(ElementType::F32, &row, "ogt"), reference_row(ElementType::F32, &row, "first-nan"));
        let row = encode(ElementType::F32, &[f32::NAN, 7.0]);
        assert_eq!(reference_row(ElementType::F32, &row, "ogt").0, 0);
    }
}
