//! Checks the ukernels themselves on GPUs, before and apart from the
//! compiler's codegen: the harness kernels (`ukernels/cuda/harness/`) launch
//! each ukernel directly, one row per `blockIdx.y` and one split per
//! `blockIdx.x`, on random and adversarial inputs, and every result is
//! compared with the CPU reference.
//!
//! Runtime-only: no MLIR or LLVM here, so it runs in `ukc-run` on a GPU
//! machine. `ukc build-ukernel-check` writes the package it runs (the
//! kernels of [`harness_kernels`], linked by the compiler).

use std::{collections::BTreeMap, fmt::Write as _};

use crate::{
    ElementType, IndexType, argmax,
    argmax::check::reference_row,
    check::{KernelReport, Rng, encode},
};
use ukernel_runtime::{
    ArgSpec, DimExpr, ElementKind, Error, LaunchArg, LaunchMetadata, Package, PackagedKernel, Runtime,
    launch::{Access, Dim, ScalarSource, ScalarType},
};

use crate::check::{HARNESS_ROLE, ROLE_ATTR};

/// The bitcode module of the harness kernels.
pub const MODULE: &str = "harness_argmax";

/// The family's entry in [`crate::families::harness_checks`].
pub const HARNESS: crate::check::FamilyHarness = crate::check::FamilyHarness {
    family: argmax::FAMILY,
    module: MODULE,
    kernels: harness_kernels,
    check: check_ukernels,
};

/// The packaged harness kernels of every argmax ukernel, all in `ptx` (the
/// harness module with every ukernel linked, per compute capability).
pub fn harness_kernels(
    ptx: &[(ukernel_runtime::ComputeCapability, ukernel_runtime::spec::Bytes)],
) -> Result<Vec<PackagedKernel>, String> {
    let mut kernels = Vec::new();
    for uk in crate::registry().of_family(argmax::FAMILY) {
        let element = ElementType::from_name(uk.operand_types[0]).ok_or("argmax element type")?;
        let index = IndexType::from_name(uk.operand_types[2]).ok_or("argmax index type")?;
        // Without an input map, and with the identity as one: the ukernel's
        // loop for fused producers, checked on the same rows.
        for suffix in ["", "_mapped"] {
            let name = format!("harness_{}{suffix}", uk.symbol);
            let spec = ukernel_runtime::MultiKernelLoaderSpec::new(&name)
                .with(ukernel_runtime::KernelLoaderSpec::cuda_ptx(&name, ptx.iter().cloned()))
                .map_err(|e| e.to_string())?;
            kernels.push(PackagedKernel {
                spec,
                launch: harness_launch(element, index),
                attributes: harness_attributes(element, index, uk.tag("semantics").unwrap_or("first-nan")),
            });
        }
    }
    Ok(kernels)
}

pub fn element_kind(e: ElementType) -> ElementKind {
    match e {
        ElementType::F32 => ElementKind::F32,
        ElementType::F16 => ElementKind::F16,
        ElementType::BF16 => ElementKind::BF16,
    }
}

pub fn index_kind(i: IndexType) -> ElementKind {
    match i {
        IndexType::I32 => ElementKind::I32,
        IndexType::I64 => ElementKind::I64,
    }
}

/// Launch metadata of `harness_uk_argmax_<e><i>(in, in_offset, row_stride,
/// val, idx, length, split_count, scratch, scratch_stride, write_value)`.
pub fn harness_launch(element: ElementType, index: IndexType) -> LaunchMetadata {
    const SPLIT: u32 = 6;
    let scratch_per_row =
        DimExpr::add(DimExpr::Const(16), DimExpr::mul(DimExpr::Const(16), DimExpr::Scalar { arg: SPLIT }));
    let e = element_kind(element);
    LaunchMetadata {
        grid: [DimExpr::Scalar { arg: SPLIT }, DimExpr::arg_dim(0, 0), DimExpr::Const(1)],
        block: [argmax::WORKGROUP_SIZE, 1, 1],
        shared_memory_bytes: 0,
        args: vec![
            ArgSpec::Buffer {
                name: "in".into(),
                element: e,
                shape: vec![Dim::Dynamic(0), Dim::Dynamic(1)],
                access: Access::Read,
            },
            ArgSpec::Scalar { name: "in_offset".into(), ty: ScalarType::I64, source: ScalarSource::Given },
            ArgSpec::Scalar {
                name: "row_stride".into(),
                ty: ScalarType::I64,
                source: ScalarSource::Expr(DimExpr::arg_dim(0, 1)),
            },
            ArgSpec::Buffer { name: "val".into(), element: e, shape: vec![Dim::Dynamic(0)], access: Access::Write },
            ArgSpec::Buffer {
                name: "idx".into(),
                element: index_kind(index),
                shape: vec![Dim::Dynamic(0)],
                access: Access::Write,
            },
            ArgSpec::Scalar { name: "length".into(), ty: ScalarType::I64, source: ScalarSource::Given },
            ArgSpec::Scalar { name: "split_count".into(), ty: ScalarType::I32, source: ScalarSource::Given },
            ArgSpec::Scratch {
                name: "scratch".into(),
                bytes: DimExpr::mul(DimExpr::arg_dim(0, 0), scratch_per_row.clone()),
            },
            ArgSpec::Scalar {
                name: "scratch_stride".into(),
                ty: ScalarType::I64,
                source: ScalarSource::Expr(scratch_per_row),
            },
            ArgSpec::Scalar { name: "write_value".into(), ty: ScalarType::I32, source: ScalarSource::Given },
        ],
    }
}

/// Attributes of a harness kernel in a package.
pub fn harness_attributes(element: ElementType, index: IndexType, semantics: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        (ROLE_ATTR.to_string(), HARNESS_ROLE.to_string()),
        ("family".to_string(), argmax::FAMILY.to_string()),
        ("element".to_string(), element.name().to_string()),
        ("index".to_string(), index.name().to_string()),
        ("semantics".to_string(), semantics.to_string()),
    ])
}

/// Input patterns, random and adversarial.
#[derive(Clone, Copy, Debug)]
pub enum Pattern {
    Random,
    /// Few distinct values: many ties for the maximum.
    Ties,
    /// NaN at two places: the first must win.
    TwoNans,
    /// NaN only in the last element.
    NanLast,
    /// Every element -inf.
    AllNegInf,
    /// -inf everywhere but one finite element near the end.
    NegInfButOne,
    /// +inf at several places: the first wins.
    PosInfTies,
    /// Strictly decreasing: the maximum is the first element.
    Descending,
    /// NaN everywhere but -inf and one number near the end (the NaN-ignoring
    /// variants must find the number; with no number, -inf at index 0).
    MostlyNan,
}

fn pattern_row(p: Pattern, length: usize, rng: &mut Rng) -> Vec<f32> {
    let mut row: Vec<f32> = match p {
        Pattern::Ties => (0..length).map(|_| (rng.next() % 4) as f32).collect(),
        Pattern::AllNegInf | Pattern::NegInfButOne => vec![f32::NEG_INFINITY; length],
        Pattern::MostlyNan => vec![f32::NAN; length],
        Pattern::Descending => (0..length).map(|i| 1000.0 - i as f32 * 0.25).collect(),
        _ => (0..length).map(|_| rng.unit() * 200.0 - 100.0).collect(),
    };
    if length == 0 {
        return row;
    }
    let at = |rng: &mut Rng| (rng.next() % length as u64) as usize;
    match p {
        Pattern::TwoNans => {
            let (a, b) = (at(rng), at(rng));
            row[a] = f32::NAN;
            row[b] = f32::NAN;
        }
        Pattern::NanLast => row[length - 1] = f32::NAN,
        Pattern::NegInfButOne => row[length - 1 - length / 7] = -1.0e30,
        Pattern::MostlyNan => {
            row[length / 3] = f32::NEG_INFINITY;
            if length > 4 {
                row[length - 1 - length / 7] = -5.0;
            }
        }
        Pattern::PosInfTies => {
            for _ in 0..3 {
                let i = at(rng);
                row[i] = f32::INFINITY;
            }
        }
        _ => {}
    }
    row
}

/// One launch configuration to check.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    pub rows: usize,
    pub length: usize,
    /// Elements before each row's start (misaligns the row for offset % 4 != 0).
    pub offset: usize,
    pub split: u32,
    pub write_value: bool,
    pub pattern: Pattern,
}

/// The cases run for every harness kernel.
pub fn cases() -> Vec<Case> {
    use Pattern::*;
    let mut out = Vec::new();
    let c =
        |rows, length, offset, split, write_value, pattern| Case { rows, length, offset, split, write_value, pattern };
    for pattern in [Random, Ties, TwoNans, NanLast, AllNegInf, NegInfButOne, PosInfTies, Descending, MostlyNan] {
        out.push(c(3, 1000, 0, 1, true, pattern));
        out.push(c(2, 20000, 3, 8, true, pattern));
    }
    for offset in 0..8 {
        out.push(c(2, 1001 + offset, offset, 1, true, Random));
        out.push(c(2, 9000 + offset, offset, 3, false, TwoNans));
    }
    for length in [0, 1, 2, 3, 5, 7, 8, 9, 31, 33, 255, 257] {
        out.push(c(2, length, 1, 1, true, Random));
        out.push(c(1, length, 0, 4, true, Ties));
        out.push(c(1, length, 2, 2, true, MostlyNan));
    }
    out.push(c(1, 128256, 0, argmax::plan(Some(1), Some(128256), 132).split, true, Random));
    out.push(c(8, 128256, 0, argmax::plan(Some(8), Some(128256), 132).split, false, Random));
    out.push(c(64, 32000, 0, 1, true, TwoNans));
    // Rows of several loop iterations per thread in one workgroup.
    for (offset, pattern) in [(0, Random), (1, Ties), (2, Descending), (3, PosInfTies), (1, NanLast), (2, NegInfButOne)]
    {
        out.push(c(2, 40000 + offset, offset, 1, true, pattern));
    }
    out.push(c(1, 1 << 20, 5, 256, true, Random));
    out.push(c(1, 100, 0, 64, true, Random)); // more splits than vectors: empty parts
    out
}

/// Runs every case of every harness kernel in `package` on every device.
pub fn check_ukernels(rt: &Runtime, package: &Package) -> Result<Vec<KernelReport>, Error> {
    let mut reports = Vec::new();
    for kernel in package.kernels.iter().filter(|k| {
        k.attributes.get(ROLE_ATTR).map(String::as_str) == Some(HARNESS_ROLE)
            && k.attributes.get("family").is_none_or(|f| f == argmax::FAMILY)
    }) {
        let element = kernel.attributes.get("element").and_then(|e| ElementType::from_name(e));
        let index = kernel.attributes.get("index").and_then(|i| IndexType::from_name(i));
        let (Some(element), Some(index)) = (element, index) else {
            reports.push(KernelReport {
                kernel: kernel.name().into(),
                device: 0,
                cases: 0,
                failures: vec!["harness kernel without element/index attributes".into()],
            });
            continue;
        };
        for device in 0..rt.devices().len() {
            let loaded = rt.load(device, kernel)?;
            let mut report = KernelReport { kernel: kernel.name().into(), device, cases: 0, failures: Vec::new() };
            for (n, case) in cases().into_iter().enumerate() {
                report.cases += 1;
                if let Some(f) = run_case(rt, &loaded, kernel, element, index, &case, n as u64 + 1)? {
                    report.failures.push(f);
                }
            }
            reports.push(report);
        }
    }
    Ok(reports)
}

fn run_case(
    rt: &Runtime,
    loaded: &ukernel_runtime::LoadedKernel,
    kernel: &PackagedKernel,
    element: ElementType,
    index: IndexType,
    case: &Case,
    seed: u64,
) -> Result<Option<String>, Error> {
    let device = &rt.devices()[loaded.device];
    let esize = element.size_bytes();
    let stride = case.offset + case.length + 5;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed.wrapping_mul(0x2545_f491_4f6c_dd1d));
    let mut input = Vec::with_capacity(case.rows * stride * esize);
    for _ in 0..case.rows {
        let mut row = vec![rng.unit(); case.offset];
        row.extend(pattern_row(case.pattern, case.length, &mut rng));
        // Padding after the row holds larger values, which must not be read.
        row.extend([f32::INFINITY, 1e38, f32::NAN, 1e38, f32::INFINITY]);
        input.extend(encode(element, &row));
    }
    let rows = case.rows.max(1);
    let in_buf = device.upload(&input)?;
    // Sentinel outputs: an untouched value output must keep its bytes.
    let val_init = vec![0xa5u8; rows * esize];
    let val_buf = device.upload(&val_init)?;
    let idx_buf = device.upload(&vec![0xffu8; rows * index.size_bytes()])?;
    let args = [
        LaunchArg::Buffer {
            buffer: &in_buf,
            element: element_kind(element),
            shape: vec![case.rows as u64, stride as u64],
        },
        LaunchArg::I64(case.offset as i64),
        LaunchArg::Buffer { buffer: &val_buf, element: element_kind(element), shape: vec![case.rows as u64] },
        LaunchArg::Buffer { buffer: &idx_buf, element: index_kind(index), shape: vec![case.rows as u64] },
        LaunchArg::I64(case.length as i64),
        LaunchArg::I32(case.split as i32),
        LaunchArg::I32(case.write_value as i32),
    ];
    rt.launch(loaded, &args)?;
    device.synchronize()?;
    let mut vals = vec![0u8; rows * esize];
    let mut idxs = vec![0u8; rows * index.size_bytes()];
    val_buf.download(&mut vals)?;
    idx_buf.download(&mut idxs)?;
    let mut problems = String::new();
    for r in 0..case.rows {
        let start = (r * stride + case.offset) * esize;
        let raw = &input[start..start + case.length * esize];
        let got_idx = match index {
            IndexType::I32 => i32::from_le_bytes(idxs[r * 4..r * 4 + 4].try_into().unwrap()) as i64,
            IndexType::I64 => i64::from_le_bytes(idxs[r * 8..r * 8 + 8].try_into().unwrap()),
        };
        let got_val = &vals[r * esize..(r + 1) * esize];
        let semantics = kernel.attributes.get("semantics").map_or("first-nan", String::as_str);
        let (want_idx, want_value) = reference_row(element, raw, semantics);
        // The value the ukernel writes is an element of the row (or -inf):
        // compare its bits, taken from the row itself.
        let want_bits: u32 = if want_value.is_nan() {
            let first_nan = crate::check::decode(element, raw).iter().position(|v| v.is_nan()).unwrap_or(0);
            let mut bits = [0u8; 4];
            bits[..esize].copy_from_slice(&raw[first_nan * esize..(first_nan + 1) * esize]);
            u32::from_le_bytes(bits)
        } else {
            match element {
                ElementType::F32 => want_value.to_bits(),
                ElementType::F16 => crate::reference::F16::from_f32(want_value).0 as u32,
                ElementType::BF16 => crate::reference::BF16::from_f32(want_value).0 as u32,
            }
        };
        if got_idx != want_idx as i64 {
            let _ = write!(problems, " row {r}: index {got_idx}, expected {want_idx};");
        }
        let neg_inf: u32 = match element {
            ElementType::F32 => f32::NEG_INFINITY.to_bits(),
            ElementType::F16 => 0xfc00,
            ElementType::BF16 => 0xff80,
        };
        let want_val: Vec<u8> = match (case.write_value, case.length) {
            (false, _) => val_init[..esize].to_vec(),
            (true, 0) => neg_inf.to_le_bytes()[..esize].to_vec(),
            (true, _) => want_bits.to_le_bytes()[..esize].to_vec(),
        };
        if got_val != want_val.as_slice() {
            let _ = write!(problems, " row {r}: value bytes {got_val:02x?}, expected {want_val:02x?};");
        }
    }
    Ok((!problems.is_empty()).then(|| format!("{} {case:?}:{problems}", kernel.name())))
}
