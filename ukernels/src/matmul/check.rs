//! The matmul family's GPU check: random A and B (rounded to their 16-bit
//! type), C either NaN (a zero-init matmul must overwrite every element) or
//! random (an accumulating one adds to it), against an f64 reference within
//! [`super::reference::matmul_tolerance`].

use crate::{
    ElementType,
    check::{Attributes, Buffer, FamilyCheck, Rng, decode, encode, find, int_field, text_field},
    matmul::reference::matmul_tolerance,
};

pub struct MatmulCheck;

struct Operands {
    a: i64,
    b: i64,
    c: i64,
    nk: bool,
    accumulate: bool,
}

fn operands(attrs: &Attributes) -> Result<Operands, String> {
    let field = |k| int_field(attrs, k).ok_or_else(|| format!("no reference.{k}"));
    Ok(Operands {
        a: field("a")?,
        b: field("b")?,
        c: field("c")?,
        nk: text_field(attrs, "b_layout") == Some("nk"),
        accumulate: field("accumulate")? != 0,
    })
}

fn element(b: &Buffer) -> Result<ElementType, String> {
    ElementType::from_name(&b.element).ok_or_else(|| format!("element type {}", b.element))
}

impl FamilyCheck for MatmulCheck {
    fn family(&self) -> &'static str {
        super::FAMILY
    }

    fn fill(&self, attrs: &Attributes, buffers: &mut [Buffer], rng: &mut Rng) -> Result<(), String> {
        let o = operands(attrs)?;
        for b in buffers.iter_mut() {
            let n = b.elements();
            let values: Vec<f32> = if b.arg == o.a || b.arg == o.b || (b.arg == o.c && o.accumulate) {
                (0..n).map(|_| rng.unit() * 2.0 - 1.0).collect()
            } else if b.arg == o.c {
                vec![f32::NAN; n]
            } else {
                continue;
            };
            b.bytes = encode(element(b)?, &values);
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
    let missing = || "the reference's buffers are not kernel arguments".to_string();
    let (a, b) = (find(inputs, o.a).ok_or_else(missing)?, find(inputs, o.b).ok_or_else(missing)?);
    let (c_in, c_out) = (find(inputs, o.c).ok_or_else(missing)?, find(outputs, o.c).ok_or_else(missing)?);
    let (m, k) = (a.dims[0] as usize, a.dims[1] as usize);
    let n = c_out.dims[1] as usize;
    let (av, bv) = (decode(element(a)?, &a.bytes), decode(element(b)?, &b.bytes));
    let init = if o.accumulate { decode(ElementType::F32, &c_in.bytes) } else { vec![0.0; m * n] };
    let got = decode(ElementType::F32, &c_out.bytes);
    // Every output up to 2^30 multiply-adds; beyond, an even sample of them.
    let step = (m * n * k).div_ceil(1 << 30).max(1);
    let mut errors = Vec::new();
    for i in (0..m * n).step_by(step) {
        let (row, col) = (i / n, i % n);
        let (mut want, mut bound) = (init[i] as f64, init[i].abs() as f64);
        for l in 0..k {
            let x = av[row * k + l] as f64;
            let y = if o.nk { bv[col * k + l] } else { bv[l * n + col] } as f64;
            want += x * y;
            bound += (x * y).abs();
        }
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
