//! The registry: every ukernel variant of every family with its bitcode per
//! arch, and lookup by symbol, family and target arch.

use std::{ops::Deref, sync::RwLock};

use crate::variant::VariantDef;

/// Bitcode of every (symbol, sm, arch-specific, bytes) built by build.rs.
static BITCODE: &[(&str, u32, bool, &[u8])] = include!(concat!(env!("OUT_DIR"), "/bitcode.rs"));

/// One ukernel: a variant as its family describes it, with the bitcode the
/// build produced for it.
#[derive(Clone, Debug)]
pub struct UKernel {
    pub def: VariantDef,
    /// Bitcode per compute capability (`major * 10 + minor`), ascending.
    pub bitcode: Vec<(u32, &'static [u8])>,
}

impl Deref for UKernel {
    type Target = VariantDef;
    fn deref(&self) -> &VariantDef {
        &self.def
    }
}

impl UKernel {
    /// Arches this ukernel has bitcode for, ascending.
    pub fn arches(&self) -> Vec<u32> {
        self.bitcode.iter().map(|(sm, _)| *sm).collect()
    }

    /// The bitcode of the greatest arch not above `sm`: code for an older
    /// arch runs on every newer one. An arch-specific ukernel (`sm_90a`) has
    /// bitcode only for exactly its arch, and only for a target of that arch
    /// that is itself arch-specific.
    pub fn bitcode_for(&self, sm: u32) -> Option<(u32, &'static [u8])> {
        self.bitcode_for_target(sm, false)
    }

    /// [`bitcode_for`](Self::bitcode_for) for a target that may be
    /// arch-specific (`specific`: `sm_90a` rather than `sm_90`).
    pub fn bitcode_for_target(&self, sm: u32, specific: bool) -> Option<(u32, &'static [u8])> {
        if self.arch_specific {
            return self.bitcode.iter().find(|(have, _)| specific && *have == sm).copied();
        }
        self.bitcode.iter().rev().find(|(have, _)| *have <= sm).copied()
    }

    /// The executable-object path of its bitcode for `sm`, e.g.
    /// `uk_argmax_f32i64.sm_80.bc` (`uk_matmul_wgmma_bf16_nk.sm_90a.bc`).
    pub fn object_path(&self, sm: u32) -> String {
        format!("{}.{}.bc", self.symbol, self.bitcode_arch(sm))
    }

    /// The arch its bitcode for `sm` was built for: `sm_90`, or `sm_90a`
    /// for an arch-specific ukernel.
    pub fn bitcode_arch(&self, sm: u32) -> ukernel_runtime::GpuArch {
        arch(sm, self.arch_specific)
    }

    /// Shared memory per workgroup, static and dynamic together.
    pub fn shared_memory_bytes(&self) -> u32 {
        self.static_shared_memory_bytes + self.dynamic_shared_memory_bytes
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::variant::tag(&self.def, name)
    }
}

/// A ukernel chosen for a target, with the bitcode to link.
#[derive(Debug, Clone, Copy)]
pub struct Selection<'r> {
    pub ukernel: &'r UKernel,
    /// The arch of the chosen bitcode (<= the target's).
    pub bitcode_sm: u32,
    pub bitcode: &'static [u8],
}

impl Selection<'_> {
    pub fn object_path(&self) -> String {
        self.ukernel.object_path(self.bitcode_sm)
    }
}

/// Why a ukernel has no bitcode for a target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{symbol} has bitcode for {}, {} the target {}", fmt_arches(.available, *.arch_specific),
        if *.arch_specific { "which serves only exactly that arch-specific target, not" } else { "none at or below" },
        arch(*.target, *.target_specific))]
pub struct NoBitcode {
    pub symbol: String,
    pub target: u32,
    pub target_specific: bool,
    pub available: Vec<u32>,
    /// Whether `available` are arch-specific targets.
    pub arch_specific: bool,
}

fn fmt_arches(arches: &[u32], specific: bool) -> String {
    if arches.is_empty() {
        return "no arch".into();
    }
    arches.iter().map(|a| arch(*a, specific).to_string()).collect::<Vec<_>>().join(", ")
}

/// Every ukernel of the library.
#[derive(Debug)]
pub struct Registry {
    ukernels: Vec<UKernel>,
}

/// Bitcode of a test-harness module built beside the ukernels (e.g.
/// `harness_argmax`, whose kernels launch each argmax ukernel directly).
pub fn harness_bitcode(name: &str, sm: u32) -> Option<&'static [u8]> {
    BITCODE.iter().find(|(s, have, _, _)| *s == name && *have == sm).map(|(_, _, _, b)| *b)
}

/// Every bitcode object of this library: (symbol, sm, arch-specific, bytes).
pub(crate) fn all_bitcode() -> &'static [(&'static str, u32, bool, &'static [u8])] {
    BITCODE
}

/// The registry in use: this library's families, built at first use, and
/// those added by [`register_variants`].
static REGISTRY: RwLock<Option<&'static Registry>> = RwLock::new(None);

/// The registry: this library's ukernels and any an embedder or a test
/// registered with [`register_variants`].
pub fn registry() -> &'static Registry {
    if let Some(r) = *REGISTRY.read().unwrap_or_else(|p| p.into_inner()) {
        return r;
    }
    let mut slot = REGISTRY.write().unwrap_or_else(|p| p.into_inner());
    *slot.get_or_insert_with(|| Box::leak(Box::new(Registry::from_variants(crate::families::variants(), BITCODE))))
}

/// A registration the registry refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    #[error("ukernel '{0}' is registered already")]
    DuplicateSymbol(String),
}

/// Adds the variants of a family outside this library (an embedder's, or
/// a test's), with their bitcode (symbol, sm, arch-specific, bytes), to the
/// registry that [`registry`] returns from now on; the compiler's other
/// half is the family's `Family` in the passes crate. References to the
/// registry taken before stay valid: each registration keeps the previous
/// registry alive (registrations happen a few times per process, at set-up).
pub fn register_variants(
    variants: Vec<VariantDef>,
    bitcode: &[(&str, u32, bool, &'static [u8])],
) -> Result<(), RegisterError> {
    let current = registry();
    let mut slot = REGISTRY.write().unwrap_or_else(|p| p.into_inner());
    // Another registration may have come in between: extend the newest.
    let current = slot.unwrap_or(current);
    if let Some(v) = variants.iter().find(|v| current.by_symbol(&v.symbol).is_some()) {
        return Err(RegisterError::DuplicateSymbol(v.symbol.clone()));
    }
    let mut ukernels = current.ukernels.clone();
    ukernels.extend(Registry::from_variants(variants, bitcode).ukernels);
    *slot = Some(Box::leak(Box::new(Registry { ukernels })));
    Ok(())
}

impl Registry {
    /// A registry of `variants`, each with its bitcode among `bitcode`
    /// (symbol, sm, bytes); a variant without bitcode stays listed, so that
    /// selection can say why it is not used.
    pub fn from_variants(variants: Vec<VariantDef>, bitcode: &[(&str, u32, bool, &'static [u8])]) -> Self {
        let ukernels = variants
            .into_iter()
            .map(|def| {
                let mut bc: Vec<(u32, &'static [u8])> = bitcode
                    .iter()
                    .filter(|(s, _, specific, _)| *s == def.symbol && *specific == def.arch_specific)
                    .map(|(_, sm, _, b)| (*sm, *b))
                    .collect();
                bc.sort_by_key(|(sm, _)| *sm);
                UKernel { def, bitcode: bc }
            })
            .collect();
        Self { ukernels }
    }

    pub fn ukernels(&self) -> &[UKernel] {
        &self.ukernels
    }

    /// Names of the families, in registry order, without repeats.
    pub fn families(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for uk in &self.ukernels {
            if !names.contains(&uk.family) {
                names.push(uk.family);
            }
        }
        names
    }

    /// The variants of `family`, in catalog order.
    pub fn of_family<'r>(&'r self, family: &'r str) -> impl Iterator<Item = &'r UKernel> + 'r {
        self.ukernels.iter().filter(move |u| u.family == family)
    }

    pub fn by_symbol(&self, symbol: &str) -> Option<&UKernel> {
        self.ukernels.iter().find(|u| u.symbol == symbol)
    }

    /// `ukernel` with the bitcode of the greatest arch not above `sm`.
    pub fn select<'r>(&'r self, ukernel: &'r UKernel, sm: u32) -> Result<Selection<'r>, NoBitcode> {
        self.select_for_target(ukernel, sm, false)
    }

    /// [`select`](Self::select) for a target that may be arch-specific.
    pub fn select_for_target<'r>(
        &'r self,
        ukernel: &'r UKernel,
        sm: u32,
        specific: bool,
    ) -> Result<Selection<'r>, NoBitcode> {
        let (bitcode_sm, bitcode) = ukernel.bitcode_for_target(sm, specific).ok_or_else(|| NoBitcode {
            symbol: ukernel.symbol.clone(),
            target: sm,
            target_specific: specific,
            available: ukernel.arches(),
            arch_specific: ukernel.arch_specific,
        })?;
        Ok(Selection { ukernel, bitcode_sm, bitcode })
    }
}

/// The arch type every crate uses, for an sm number and whether it is the
/// arch-specific form.
fn arch(sm: u32, specific: bool) -> ukernel_runtime::GpuArch {
    if specific { ukernel_runtime::GpuArch::specific(sm) } else { ukernel_runtime::GpuArch::portable(sm) }
}
