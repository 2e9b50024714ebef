//! Element types as stored in memory, for the families' CPU references
//! (`argmax/reference.rs`, `matmul/reference.rs`).

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
