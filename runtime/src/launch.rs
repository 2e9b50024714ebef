//! Launch metadata: what a kernel's arguments are (element types, shapes
//! with static or dynamic dims), how its grid follows from their shapes,
//! and the checks made on a launch's arguments before the driver sees them.

use std::collections::BTreeMap;

/// Element types of buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    F32,
    F16,
    BF16,
    I32,
    I64,
    I8,
    F64,
    I16,
    /// 8-bit floats (OCP FP8): moved as bytes, converted by the kernels.
    F8E4M3FN,
    F8E5M2,
    /// Booleans (masks, compares), one byte each holding 0 or 1, as LLVM
    /// stores an i1 and torch a bool.
    I1,
}

impl ElementKind {
    /// In package-format order: new kinds go at the end.
    pub const ALL: [ElementKind; 11] = [
        Self::F32,
        Self::F16,
        Self::BF16,
        Self::I32,
        Self::I64,
        Self::I8,
        Self::F64,
        Self::I16,
        Self::F8E4M3FN,
        Self::F8E5M2,
        Self::I1,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::F32 => "f32",
            Self::F16 => "f16",
            Self::BF16 => "bf16",
            Self::I32 => "i32",
            Self::I64 => "i64",
            Self::I8 => "i8",
            Self::F64 => "f64",
            Self::I16 => "i16",
            Self::F8E4M3FN => "f8E4M3FN",
            Self::F8E5M2 => "f8E5M2",
            Self::I1 => "i1",
        }
    }

    pub fn size_bytes(self) -> usize {
        match self {
            Self::F32 | Self::I32 => 4,
            Self::F16 | Self::BF16 => 2,
            Self::I64 | Self::F64 => 8,
            Self::I8 | Self::F8E4M3FN | Self::F8E5M2 | Self::I1 => 1,
            Self::I16 => 2,
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// Scalar parameter types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarType {
    I32,
    I64,
}

/// One dimension of a buffer's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    Static(u64),
    /// Known at launch; every dim with the same symbol must agree.
    Dynamic(u32),
}

/// A launch quantity as a function of the arguments' shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimExpr {
    Const(u64),
    /// Dimension `dim` of argument `arg`.
    ArgDim {
        arg: u32,
        dim: u32,
    },
    /// The value of scalar argument `arg` (a given or constant scalar).
    Scalar {
        arg: u32,
    },
    Add(Box<DimExpr>, Box<DimExpr>),
    Mul(Box<DimExpr>, Box<DimExpr>),
    CeilDiv(Box<DimExpr>, u64),
}

impl DimExpr {
    pub fn arg_dim(arg: u32, dim: u32) -> Self {
        Self::ArgDim { arg, dim }
    }

    pub fn mul(a: DimExpr, b: DimExpr) -> Self {
        Self::Mul(Box::new(a), Box::new(b))
    }

    pub fn add(a: DimExpr, b: DimExpr) -> Self {
        Self::Add(Box::new(a), Box::new(b))
    }

    /// Evaluates against what was bound at launch: buffer shapes and scalar
    /// values, by parameter position.
    pub fn eval(&self, bound: &Bound) -> Result<u64, ArgError> {
        Ok(match self {
            Self::Const(c) => *c,
            Self::ArgDim { arg, dim } => *bound
                .shapes
                .get(arg)
                .and_then(|s| s.get(*dim as usize))
                .ok_or(ArgError::BadExpression { arg: *arg, dim: Some(*dim) })?,
            Self::Scalar { arg } => {
                let v = *bound.scalars.get(arg).ok_or(ArgError::BadExpression { arg: *arg, dim: None })?;
                u64::try_from(v).map_err(|_| ArgError::NegativeScalar { arg: *arg, value: v })?
            }
            Self::Add(a, b) => a.eval(bound)?.saturating_add(b.eval(bound)?),
            Self::Mul(a, b) => a.eval(bound)?.saturating_mul(b.eval(bound)?),
            Self::CeilDiv(a, d) => a.eval(bound)?.div_ceil((*d).max(1)),
        })
    }
}

/// Launch metadata no launch could satisfy (the message says what).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidLaunch(pub String);

impl LaunchMetadata {
    /// Checks what no launch could satisfy, so that a package that passes
    /// holds only launchable kernels: block dims of at least 1, at most
    /// 1024 threads (z at most 64), constant grid dims within CUDA's limits
    /// (x < 2^31, y and z < 2^16), dynamic shared memory within an SM's
    /// (227 KiB), and every argument reference (aliases, dims, scalars) to
    /// an argument of the right kind. Returns what is wrong.
    pub fn validate(&self) -> Result<(), InvalidLaunch> {
        self.check().map_err(InvalidLaunch)
    }

    fn check(&self) -> Result<(), String> {
        const MAX_SHARED: u32 = 227 * 1024;
        if self.block.contains(&0) || self.block.iter().map(|&b| b as u64).product::<u64>() > 1024 || self.block[2] > 64
        {
            return Err(format!("block {:?} is not a CUDA block (1 to 1024 threads, z at most 64)", self.block));
        }
        for (axis, (g, limit)) in self.grid.iter().zip([(1u64 << 31) - 1, 65535, 65535]).enumerate() {
            if let DimExpr::Const(c) = g
                && (*c == 0 || *c > limit)
            {
                return Err(format!("grid dim {axis} is {c}, outside 1..={limit}"));
            }
        }
        if self.shared_memory_bytes > MAX_SHARED {
            return Err(format!(
                "{} bytes of dynamic shared memory exceed any GPU's {MAX_SHARED}",
                self.shared_memory_bytes
            ));
        }
        let rank = |arg: u32| match self.args.get(arg as usize) {
            Some(ArgSpec::Buffer { shape, .. }) => Some(shape.len()),
            _ => None,
        };
        let check_expr = |e: &DimExpr| -> Result<(), String> {
            fn walk(e: &DimExpr, f: &dyn Fn(&DimExpr) -> Result<(), String>) -> Result<(), String> {
                f(e)?;
                match e {
                    DimExpr::Add(a, b) | DimExpr::Mul(a, b) => {
                        walk(a, f)?;
                        walk(b, f)
                    }
                    DimExpr::CeilDiv(a, d) => {
                        if *d == 0 {
                            return Err("a launch expression divides by 0".into());
                        }
                        walk(a, f)
                    }
                    _ => Ok(()),
                }
            }
            walk(e, &|e| match e {
                DimExpr::ArgDim { arg, dim } if rank(*arg).is_none_or(|r| *dim as usize >= r) => {
                    Err(format!("a launch expression reads dim {dim} of argument {arg}, which has no such dim"))
                }
                DimExpr::Scalar { arg } if !matches!(self.args.get(*arg as usize), Some(ArgSpec::Scalar { .. })) => {
                    Err(format!("a launch expression reads scalar argument {arg}, which is not a scalar"))
                }
                _ => Ok(()),
            })
        };
        for g in &self.grid {
            check_expr(g)?;
        }
        for (i, a) in self.args.iter().enumerate() {
            match a {
                ArgSpec::Alias { of, .. }
                    if !matches!(
                        self.args.get(*of as usize),
                        Some(ArgSpec::Buffer { .. } | ArgSpec::Scratch { .. })
                    ) =>
                {
                    return Err(format!("argument {i} aliases argument {of}, which is not a buffer"));
                }
                ArgSpec::Scalar { source: ScalarSource::Expr(e), .. } | ArgSpec::Scratch { bytes: e, .. } => {
                    check_expr(e)?
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Shapes of buffer parameters and values of scalar parameters, by position.
#[derive(Clone, Debug, Default)]
pub struct Bound {
    pub shapes: BTreeMap<u32, Vec<u64>>,
    pub scalars: BTreeMap<u32, i64>,
}

/// Where a scalar argument's value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScalarSource {
    /// Passed by the caller.
    Given,
    Const(i64),
    /// Computed from the argument shapes (e.g. a row length).
    Expr(DimExpr),
}

/// How a kernel uses a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
    ReadWrite,
}

/// One parameter of a kernel, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgSpec {
    /// A device buffer passed by the caller (a pointer parameter).
    Buffer {
        name: String,
        element: ElementKind,
        shape: Vec<Dim>,
        access: Access,
    },
    Scalar {
        name: String,
        ty: ScalarType,
        source: ScalarSource,
    },
    /// Device memory the runtime provides, `bytes` long, zeroed when first
    /// allocated and reused across launches of the kernel on its device (a
    /// kernel that needs it zeroed must leave it so).
    Scratch {
        name: String,
        bytes: DimExpr,
    },
    /// The same pointer as parameter `of` (a buffer or scratch), e.g. the
    /// aligned pointer of a memref descriptor.
    Alias {
        name: String,
        of: u32,
    },
}

impl ArgSpec {
    pub fn name(&self) -> &str {
        match self {
            Self::Buffer { name, .. }
            | Self::Scalar { name, .. }
            | Self::Scratch { name, .. }
            | Self::Alias { name, .. } => name,
        }
    }

    /// Whether the caller supplies this argument at launch.
    pub fn is_given(&self) -> bool {
        matches!(self, Self::Buffer { .. } | Self::Scalar { source: ScalarSource::Given, .. })
    }
}

/// How to launch a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchMetadata {
    pub grid: [DimExpr; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory per workgroup.
    pub shared_memory_bytes: u32,
    pub args: Vec<ArgSpec>,
}

/// What the caller passes for one given argument.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    Buffer { element: ElementKind, shape: Vec<u64> },
    I32(i32),
    I64(i64),
}

impl ArgValue {
    fn describe(&self) -> String {
        match self {
            Self::Buffer { element, shape } => {
                format!("a {} buffer of shape {shape:?}", element.name())
            }
            Self::I32(_) => "an i32".into(),
            Self::I64(_) => "an i64".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArgError {
    #[error("kernel '{kernel}' takes {expected} arguments from the caller, got {found}")]
    Count { kernel: String, expected: usize, found: usize },
    #[error("kernel '{kernel}' argument {index} ('{name}'): expected {expected}, got {found}")]
    Mismatch { kernel: String, index: usize, name: String, expected: String, found: String },
    #[error(
        "kernel '{kernel}' argument {index} ('{name}'): dynamic dim {dim} is {found}, but an earlier argument bound it to {bound}"
    )]
    DynamicDim { kernel: String, index: usize, name: String, dim: usize, found: u64, bound: u64 },
    #[error("launch expression refers to {} of argument {arg}, which it does not have", match .dim { Some(d) => format!("dim {d}"), None => "the value".to_string() })]
    BadExpression { arg: u32, dim: Option<u32> },
    #[error("an alias refers to parameter {arg}, which is not a buffer or scratch")]
    BadAlias { arg: u32 },
    #[error("launch expression uses scalar argument {arg}, whose value {value} is negative")]
    NegativeScalar { arg: u32, value: i64 },
    #[error("kernel '{kernel}': grid {grid:?} is out of range (x at most 2^31-1, y and z at most 65535)")]
    Grid { kernel: String, grid: [u64; 3] },
}

/// The checked launch: grid, and per parameter in order the value to pass.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedLaunch {
    /// A zero extent: no workgroups (an empty batch), nothing to launch.
    pub grid: [u32; 3],
    /// For each parameter: a caller value (by caller index), a scalar, or
    /// scratch of so many bytes.
    pub params: Vec<ResolvedParam>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ResolvedParam {
    Given(usize),
    I32(i32),
    I64(i64),
    Scratch(u64),
    /// The value of another parameter (by position).
    Alias(u32),
}

impl LaunchMetadata {
    /// Checks the caller's values against the parameters (count, element
    /// type, rank, static dims, consistency of dynamic dims) and computes the
    /// grid and the derived scalars.
    pub fn resolve(&self, kernel: &str, values: &[ArgValue]) -> Result<ResolvedLaunch, ArgError> {
        let given: Vec<(usize, &ArgSpec)> = self.args.iter().enumerate().filter(|(_, a)| a.is_given()).collect();
        if given.len() != values.len() {
            return Err(ArgError::Count { kernel: kernel.into(), expected: given.len(), found: values.len() });
        }
        let mut symbols: BTreeMap<u32, u64> = BTreeMap::new();
        let mut bound = Bound::default();
        for (caller_index, ((param, spec), value)) in given.iter().zip(values).enumerate() {
            let mismatch = |expected: String| ArgError::Mismatch {
                kernel: kernel.into(),
                index: caller_index,
                name: spec.name().into(),
                expected,
                found: value.describe(),
            };
            match (spec, value) {
                (ArgSpec::Buffer { element, shape, .. }, ArgValue::Buffer { element: e, shape: s }) => {
                    let expected = || format!("a {} buffer of shape {}", element.name(), fmt_shape(shape));
                    if element != e || shape.len() != s.len() {
                        return Err(mismatch(expected()));
                    }
                    for (d, (want, &have)) in shape.iter().zip(s).enumerate() {
                        match want {
                            Dim::Static(n) if *n != have => return Err(mismatch(expected())),
                            Dim::Dynamic(sym) => {
                                if let Some(&bound) = symbols.get(sym)
                                    && bound != have
                                {
                                    return Err(ArgError::DynamicDim {
                                        kernel: kernel.into(),
                                        index: caller_index,
                                        name: spec.name().into(),
                                        dim: d,
                                        found: have,
                                        bound,
                                    });
                                }
                                symbols.insert(*sym, have);
                            }
                            _ => {}
                        }
                    }
                    bound.shapes.insert(*param as u32, s.clone());
                }
                (ArgSpec::Scalar { ty: ScalarType::I32, .. }, ArgValue::I32(v)) => {
                    bound.scalars.insert(*param as u32, *v as i64);
                }
                (ArgSpec::Scalar { ty: ScalarType::I64, .. }, ArgValue::I64(v)) => {
                    bound.scalars.insert(*param as u32, *v);
                }
                (ArgSpec::Scalar { ty, .. }, _) => {
                    return Err(mismatch(format!("an {}", if *ty == ScalarType::I32 { "i32" } else { "i64" })));
                }
                (ArgSpec::Buffer { element, shape, .. }, _) => {
                    return Err(mismatch(format!("a {} buffer of shape {}", element.name(), fmt_shape(shape))));
                }
                (ArgSpec::Scratch { .. } | ArgSpec::Alias { .. }, _) => unreachable!("never given"),
            }
        }
        for (i, spec) in self.args.iter().enumerate() {
            if let ArgSpec::Scalar { source: ScalarSource::Const(c), .. } = spec {
                bound.scalars.insert(i as u32, *c);
            }
        }
        let mut params = Vec::with_capacity(self.args.len());
        let mut next_given = 0;
        for spec in &self.args {
            params.push(match spec {
                ArgSpec::Buffer { .. } | ArgSpec::Scalar { source: ScalarSource::Given, .. } => {
                    next_given += 1;
                    ResolvedParam::Given(next_given - 1)
                }
                ArgSpec::Scalar { ty, source: ScalarSource::Const(c), .. } => scalar(*ty, *c),
                ArgSpec::Scalar { ty, source: ScalarSource::Expr(e), .. } => scalar(*ty, e.eval(&bound)? as i64),
                ArgSpec::Scratch { bytes, .. } => ResolvedParam::Scratch(bytes.eval(&bound)?),
                ArgSpec::Alias { of, .. } => {
                    if *of as usize >= self.args.len()
                        || matches!(self.args[*of as usize], ArgSpec::Alias { .. } | ArgSpec::Scalar { .. })
                    {
                        return Err(ArgError::BadAlias { arg: *of });
                    }
                    ResolvedParam::Alias(*of)
                }
            });
        }
        let g = [self.grid[0].eval(&bound)?, self.grid[1].eval(&bound)?, self.grid[2].eval(&bound)?];
        let limits = [(1u64 << 31) - 1, 65535, 65535];
        if g.iter().zip(limits).any(|(&v, max)| v > max) {
            return Err(ArgError::Grid { kernel: kernel.into(), grid: g });
        }
        Ok(ResolvedLaunch { grid: [g[0] as u32, g[1] as u32, g[2] as u32], params })
    }
}

impl ResolvedLaunch {
    /// Whether the grid has no workgroups: the sizes leave nothing to
    /// compute (M = 0, say), so the launch is skipped.
    pub fn is_empty(&self) -> bool {
        self.grid.contains(&0)
    }
}

fn scalar(ty: ScalarType, v: i64) -> ResolvedParam {
    match ty {
        ScalarType::I32 => ResolvedParam::I32(v as i32),
        ScalarType::I64 => ResolvedParam::I64(v),
    }
}

fn fmt_shape(shape: &[Dim]) -> String {
    let dims: Vec<String> = shape
        .iter()
        .map(|d| match d {
            Dim::Static(n) => n.to_string(),
            Dim::Dynamic(_) => "?".into(),
        })
        .collect();
    format!("[{}]", dims.join("x"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rows x length input, rows outputs, grid (split, rows).
    fn argmax_meta() -> LaunchMetadata {
        LaunchMetadata {
            grid: [DimExpr::Const(4), DimExpr::arg_dim(0, 0), DimExpr::Const(1)],
            block: [256, 1, 1],
            shared_memory_bytes: 0,
            args: vec![
                ArgSpec::Buffer {
                    name: "in".into(),
                    element: ElementKind::F32,
                    shape: vec![Dim::Dynamic(0), Dim::Static(100)],
                    access: Access::Read,
                },
                ArgSpec::Buffer {
                    name: "idx".into(),
                    element: ElementKind::I64,
                    shape: vec![Dim::Dynamic(0)],
                    access: Access::Write,
                },
                ArgSpec::Scalar {
                    name: "length".into(),
                    ty: ScalarType::I64,
                    source: ScalarSource::Expr(DimExpr::arg_dim(0, 1)),
                },
                ArgSpec::Scalar { name: "flag".into(), ty: ScalarType::I32, source: ScalarSource::Given },
                ArgSpec::Scratch {
                    name: "scratch".into(),
                    bytes: DimExpr::Mul(Box::new(DimExpr::arg_dim(0, 0)), Box::new(DimExpr::Const(80))),
                },
            ],
        }
    }

    fn buf(element: ElementKind, shape: &[u64]) -> ArgValue {
        ArgValue::Buffer { element, shape: shape.to_vec() }
    }

    #[test]
    fn resolves_grid_scalars_and_scratch_from_shapes() {
        let r = argmax_meta()
            .resolve("k", &[buf(ElementKind::F32, &[8, 100]), buf(ElementKind::I64, &[8]), ArgValue::I32(1)])
            .unwrap();
        assert_eq!(r.grid, [4, 8, 1]);
        assert_eq!(
            r.params,
            vec![
                ResolvedParam::Given(0),
                ResolvedParam::Given(1),
                ResolvedParam::I64(100),
                ResolvedParam::Given(2),
                ResolvedParam::Scratch(640)
            ]
        );
    }

    #[test]
    fn wrong_count_type_shape_and_dynamic_dims_are_errors() {
        let m = argmax_meta();
        let e = m.resolve("k", &[buf(ElementKind::F32, &[8, 100])]).unwrap_err();
        assert_eq!(e.to_string(), "kernel 'k' takes 3 arguments from the caller, got 1");
        let e = m
            .resolve("k", &[buf(ElementKind::F16, &[8, 100]), buf(ElementKind::I64, &[8]), ArgValue::I32(1)])
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "kernel 'k' argument 0 ('in'): expected a f32 buffer of shape [?x100], got a f16 buffer of shape [8, 100]"
        );
        let e = m
            .resolve("k", &[buf(ElementKind::F32, &[8, 99]), buf(ElementKind::I64, &[8]), ArgValue::I32(1)])
            .unwrap_err();
        assert!(matches!(e, ArgError::Mismatch { index: 0, .. }));
        let e = m
            .resolve("k", &[buf(ElementKind::F32, &[8, 100]), buf(ElementKind::I64, &[7]), ArgValue::I32(1)])
            .unwrap_err();
        assert!(matches!(e, ArgError::DynamicDim { index: 1, found: 7, bound: 8, .. }), "{e}");
        let e = m
            .resolve("k", &[buf(ElementKind::F32, &[8, 100]), buf(ElementKind::I64, &[8]), ArgValue::I64(1)])
            .unwrap_err();
        assert!(matches!(e, ArgError::Mismatch { index: 2, .. }));
        // No rows: no workgroups, a launch with nothing to do.
        let r =
            m.resolve("k", &[buf(ElementKind::F32, &[0, 100]), buf(ElementKind::I64, &[0]), ArgValue::I32(1)]).unwrap();
        assert!(r.is_empty());
        assert!(
            !m.resolve("k", &[buf(ElementKind::F32, &[8, 100]), buf(ElementKind::I64, &[8]), ArgValue::I32(1)])
                .unwrap()
                .is_empty()
        );
        // More rows than the grid's y axis holds.
        let e = m
            .resolve("k", &[buf(ElementKind::F32, &[70000, 100]), buf(ElementKind::I64, &[70000]), ArgValue::I32(1)])
            .unwrap_err();
        assert!(matches!(e, ArgError::Grid { .. }), "{e}");
    }
}
