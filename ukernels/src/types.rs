use std::fmt;

/// Element types of ukernel inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    F32,
    F16,
    BF16,
}

impl ElementType {
    pub const ALL: [ElementType; 3] = [Self::F32, Self::F16, Self::BF16];

    /// The distance from 1 to the next value of the type.
    pub fn epsilon(self) -> f32 {
        match self {
            Self::F32 => f32::EPSILON,
            Self::F16 => 1.0 / 1024.0,
            Self::BF16 => 1.0 / 128.0,
        }
    }

    /// As MLIR spells it (`f32`, `f16`, `bf16`), also the symbol suffix.
    pub fn name(self) -> &'static str {
        match self {
            Self::F32 => "f32",
            Self::F16 => "f16",
            Self::BF16 => "bf16",
        }
    }

    pub fn size_bytes(self) -> usize {
        match self {
            Self::F32 => 4,
            Self::F16 | Self::BF16 => 2,
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Index (result) types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexType {
    I32,
    I64,
}

impl IndexType {
    pub const ALL: [IndexType; 2] = [Self::I32, Self::I64];

    pub fn name(self) -> &'static str {
        match self {
            Self::I32 => "i32",
            Self::I64 => "i64",
        }
    }

    pub fn size_bytes(self) -> usize {
        match self {
            Self::I32 => 4,
            Self::I64 => 8,
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for IndexType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
