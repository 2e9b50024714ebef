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

/// What one parameter of a ukernel's C ABI carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbiParamKind {
    /// Base pointer of a memref operand (global memory); `operand` numbers the
    /// op's operands, inputs first, then outputs.
    BasePointer { operand: usize, nullable: bool },
    /// Element offset of that memref operand (i64).
    Offset { operand: usize },
    /// Length of the reduced dimension (i64).
    ReductionLength,
    /// Which part of a split row this workgroup reduces (i32).
    SplitIndex,
    /// How many workgroups share one row (i32).
    SplitCount,
    /// Scratch for combining splits (pointer, global memory).
    Scratch,
    /// Byte offset of this row's scratch from that pointer (i64).
    ScratchOffset,
    /// Whether the max value is written (i32, 0 or 1).
    WriteValue,
}

/// One parameter of a ukernel's C ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbiParam {
    pub name: &'static str,
    pub kind: AbiParamKind,
}

impl AbiParamKind {
    /// The LLVM IR type of the parameter.
    pub fn llvm_type(self) -> &'static str {
        match self {
            Self::BasePointer { .. } | Self::Scratch => "ptr",
            Self::Offset { .. } | Self::ReductionLength | Self::ScratchOffset => "i64",
            Self::SplitIndex | Self::SplitCount | Self::WriteValue => "i32",
        }
    }
}
