//! Checking a compiled kernel on a GPU against a CPU reference, the part
//! that does not touch a GPU: each family generates inputs for the buffers
//! its reference names and compares the outputs with its reference. The
//! runner (`ukc-run run`) allocates, uploads, launches and downloads; it
//! finds the family by the kernel's `reference` attribute.

use std::collections::BTreeMap;

use crate::{
    ElementType,
    reference::{BF16, Element, F16},
};

/// A kernel's package attributes (`reference`, `reference.<field>`, ...).
pub type Attributes = BTreeMap<String, String>;

/// One buffer argument of a kernel: its argument number (`argN`), element
/// type (MLIR spelling), dims and contents.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub arg: i64,
    pub element: String,
    pub dims: Vec<u64>,
    pub bytes: Vec<u8>,
}

impl Buffer {
    pub fn elements(&self) -> usize {
        self.dims.iter().product::<u64>() as usize
    }

    /// Its element type, where the checks know it.
    pub fn element_type(&self) -> Result<ElementType, CheckError> {
        ElementType::from_name(&self.element).ok_or_else(|| CheckError::ElementType(self.element.clone()))
    }
}

/// Why a family's check cannot prepare a kernel's inputs.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The kernel's `reference.*` attributes are missing or name no buffer.
    #[error("the kernel's reference attributes: {0}")]
    Attributes(String),
    /// A buffer's element type is not one the check reads or writes.
    #[error("element type {0} is not one the check knows")]
    ElementType(String),
}

/// A family's side of a GPU check.
pub trait FamilyCheck: Sync {
    fn family(&self) -> &'static str;

    /// Writes the inputs (and sentinels in outputs) into `buffers`, which
    /// arrive zeroed.
    fn fill(&self, attrs: &Attributes, buffers: &mut [Buffer], rng: &mut Rng) -> Result<(), CheckError>;

    /// Compares `outputs` (every buffer after the run) with the reference
    /// computed from `inputs` (every buffer before it); the mismatches, at
    /// most a few.
    fn verify(&self, attrs: &Attributes, inputs: &[Buffer], outputs: &[Buffer]) -> Vec<String>;

    /// Bytes the kernel must read at least, for throughput figures.
    fn bytes_read(&self, attrs: &Attributes, inputs: &[Buffer]) -> usize;
}

pub use crate::families::CHECKS;

/// The check of the family named by `attrs["reference"]`.
pub fn check_for(attrs: &Attributes) -> Option<&'static dyn FamilyCheck> {
    let family = attrs.get("reference")?;
    CHECKS.iter().copied().find(|c| c.family() == family)
}

/// An integer field `reference.<name>` of the attributes.
pub fn int_field(attrs: &Attributes, name: &str) -> Option<i64> {
    attrs.get(&format!("reference.{name}")).and_then(|v| v.parse().ok())
}

/// A text field `reference.<name>` of the attributes.
pub fn text_field<'a>(attrs: &'a Attributes, name: &str) -> Option<&'a str> {
    attrs.get(&format!("reference.{name}")).map(String::as_str)
}

/// The buffer of argument `arg`.
pub fn find(buffers: &[Buffer], arg: i64) -> Option<&Buffer> {
    buffers.iter().find(|b| b.arg == arg)
}

/// A small deterministic generator (xorshift), so that runs repeat.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// `values` rounded to `element` (to nearest even) and encoded little-endian.
pub fn encode(element: ElementType, values: &[f32]) -> Vec<u8> {
    match element {
        ElementType::F32 => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        ElementType::F16 => values.iter().flat_map(|v| F16::from_f32(*v).0.to_le_bytes()).collect(),
        ElementType::BF16 => values.iter().flat_map(|v| BF16::from_f32(*v).0.to_le_bytes()).collect(),
    }
}

/// Little-endian elements of `element`, as f32 (exact for the 16-bit types).
pub fn decode(element: ElementType, raw: &[u8]) -> Vec<f32> {
    match element {
        ElementType::F32 => raw.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect(),
        ElementType::F16 => {
            raw.chunks_exact(2).map(|c| F16(u16::from_le_bytes(c.try_into().unwrap())).to_f32()).collect()
        }
        ElementType::BF16 => {
            raw.chunks_exact(2).map(|c| BF16(u16::from_le_bytes(c.try_into().unwrap())).to_f32()).collect()
        }
    }
}

/// Package attribute marking a harness kernel (one that launches a ukernel
/// directly, see `cuda/harness/`).
pub const ROLE_ATTR: &str = "role";
pub const HARNESS_ROLE: &str = "ukernel-harness";

/// Outcome of checking one harness kernel on one device.
pub struct KernelReport {
    pub kernel: String,
    pub device: usize,
    pub cases: usize,
    pub failures: Vec<String>,
}

/// A family's harness check on GPUs (`ukc-run check-ukernels`): the bitcode
/// module of its harness kernels, how to package them from that module's
/// PTX (which the compiler links), and how to run and check them.
pub struct FamilyHarness {
    pub family: &'static str,
    pub module: &'static str,
    pub kernels: fn(
        &[(ukernel_runtime::ComputeCapability, ukernel_runtime::spec::Bytes)],
    ) -> Result<Vec<ukernel_runtime::PackagedKernel>, String>,
    pub check:
        fn(&ukernel_runtime::Runtime, &ukernel_runtime::Package) -> Result<Vec<KernelReport>, ukernel_runtime::Error>,
}

/// Runs every family's harness check on `package` and renders a report; the
/// bool says whether everything passed.
pub fn run_and_report(
    rt: &ukernel_runtime::Runtime,
    package: &ukernel_runtime::Package,
) -> Result<(String, bool), ukernel_runtime::Error> {
    use std::fmt::Write as _;
    let mut reports = Vec::new();
    for h in crate::families::harness_checks() {
        reports.extend((h.check)(rt, package)?);
    }
    let mut out = String::new();
    let mut ok = !reports.is_empty();
    for r in &reports {
        let d = &rt.devices()[r.device];
        let _ = writeln!(
            out,
            "{:<28} device {} ({}, cc {}): {}/{} cases match the CPU reference",
            r.kernel,
            r.device,
            d.name,
            d.compute_capability,
            r.cases - r.failures.len(),
            r.cases
        );
        for f in r.failures.iter().take(5) {
            let _ = writeln!(out, "    MISMATCH {f}");
        }
        ok &= r.failures.is_empty();
    }
    if reports.is_empty() {
        out.push_str("no ukernel harness kernels in the package\n");
    }
    let passed = reports.iter().map(|r| r.cases - r.failures.len()).sum::<usize>();
    let failed = reports.iter().map(|r| r.failures.len()).sum::<usize>();
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    Ok((out, ok))
}
