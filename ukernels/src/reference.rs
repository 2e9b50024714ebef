//! Element types as stored in memory, for the families' CPU references
//! (`argmax/reference.rs`, `matmul/reference.rs`), and the operations of
//! the elementwise bodies they replay (fused producers and consumers).

/// One operation of a replayed elementwise body (its MLIR name without the
/// dialect), computed in f64 on operands already rounded to their type; the
/// caller rounds the result to the operation's result type. `b` is the
/// second operand of a binary operation. None for an operation that is not
/// replayed (or a missing operand).
pub fn float_op(name: &str, a: f64, b: Option<f64>) -> Option<f64> {
    let nan = a.is_nan() || b.is_some_and(f64::is_nan);
    Some(match (name, b) {
        ("negf", None) => -a,
        ("truncf" | "extf", None) => a,
        ("tanh", None) => a.tanh(),
        ("exp", None) => a.exp(),
        ("exp2", None) => a.exp2(),
        ("log", None) => a.ln(),
        ("log2", None) => a.log2(),
        ("sqrt", None) => a.sqrt(),
        ("rsqrt", None) => 1.0 / a.sqrt(),
        ("absf", None) => a.abs(),
        ("sin", None) => a.sin(),
        ("cos", None) => a.cos(),
        ("addf", Some(b)) => a + b,
        ("subf", Some(b)) => a - b,
        ("mulf", Some(b)) => a * b,
        ("divf", Some(b)) => a / b,
        // maximumf/minimumf propagate NaN; maxnumf/minnumf (IEEE maxNum)
        // return the other operand, as f64::max/min do.
        ("maximumf" | "minimumf", Some(_)) if nan => f64::NAN,
        ("maximumf" | "maxnumf", Some(b)) => a.max(b),
        ("minimumf" | "minnumf", Some(b)) => a.min(b),
        _ => return None,
    })
}

/// How many operands operation `name` of [`float_op`] takes; None for one
/// it does not replay.
pub fn op_arity(name: &str) -> Option<usize> {
    match name {
        "addf" | "subf" | "mulf" | "divf" | "maximumf" | "minimumf" | "maxnumf" | "minnumf" => Some(2),
        _ => float_op(name, 0.0, None).map(|_| 1),
    }
}

/// An element type as stored in memory, comparable as f32 (exactly, for f16
/// and bf16).
pub trait Element: Copy {
    fn to_f32(self) -> f32;
}

impl Element for f32 {
    fn to_f32(self) -> f32 {
        self
    }
}

/// IEEE half precision, as raw bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct F16(pub u16);

/// bfloat16, as raw bits (the upper half of an f32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BF16(pub u16);

impl Element for BF16 {
    fn to_f32(self) -> f32 {
        half::bf16::from_bits(self.0).to_f32()
    }
}

impl BF16 {
    /// Rounds to nearest even; NaN stays NaN.
    pub fn from_f32(x: f32) -> Self {
        Self(half::bf16::from_f32(x).to_bits())
    }
}

impl Element for F16 {
    fn to_f32(self) -> f32 {
        half::f16::from_bits(self.0).to_f32()
    }
}

impl F16 {
    /// Rounds to nearest even; out of range becomes infinity.
    pub fn from_f32(x: f32) -> Self {
        Self(half::f16::from_f32(x).to_bits())
    }
}
