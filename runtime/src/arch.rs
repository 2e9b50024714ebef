//! NVIDIA GPU arches, the one type every crate uses for them (the
//! compiler's targets, the registry's bitcode, the package's images, the
//! loader's rule), and the table of what each arch is and allows: its
//! forms, the PTX ISA that names it, and the limits selection checks
//! (shared memory per workgroup, clusters). Plain data: no CUDA, no MLIR.

use crate::spec::{ComputeCapability, ImageForm};

/// An arch name that is malformed or not a known NVIDIA arch (the message
/// says which, in one line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ArchError(pub String);

/// A GPU arch as NVIDIA names it: `sm_90` (portable: its code also runs on
/// newer GPUs), `sm_90a` (arch-specific: Hopper's wgmma and setmaxnreg;
/// its code runs only on compute capability exactly 9.0) or `sm_100f`
/// (family-specific, PTX ISA 8.8: its code runs on the GPUs of the same
/// major whose minor is not lower, 10.0 and 10.3 for `sm_100f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GpuArch {
    /// Compute capability as `major * 10 + minor` (90 for `sm_90`).
    pub sm: u32,
    pub specific: bool,
    pub family: bool,
}

impl GpuArch {
    pub const fn portable(sm: u32) -> Self {
        Self { sm, specific: false, family: false }
    }

    pub const fn specific(sm: u32) -> Self {
        Self { sm, specific: true, family: false }
    }

    pub const fn family(sm: u32) -> Self {
        Self { sm, specific: false, family: true }
    }

    /// The form's suffix: `a`, `f` or nothing.
    pub const fn suffix(self) -> &'static str {
        if self.specific {
            "a"
        } else if self.family {
            "f"
        } else {
            ""
        }
    }

    /// Whether code built for this arch runs on a GPU of compute capability
    /// `device_sm` (`major * 10 + minor`): portable code on that capability
    /// and later ones (the driver compiles its PTX forward), arch-specific
    /// code on exactly that one, family-specific code within the major from
    /// its minor on.
    pub const fn runs_on(self, device_sm: u32) -> bool {
        if self.specific {
            device_sm == self.sm
        } else if self.family {
            device_sm / 10 == self.sm / 10 && device_sm >= self.sm
        } else {
            device_sm >= self.sm
        }
    }

    /// Parses a known arch, `sm_90` or `sm_90a` (see [`KNOWN_ARCHES`]).
    pub fn parse(text: &str) -> Option<Self> {
        Self::parse_known(text).ok()
    }

    /// Parses a known arch; the error says what is wrong in one line.
    pub fn parse_known(text: &str) -> Result<Self, ArchError> {
        Self::parse_text(text).map_err(ArchError)
    }

    fn parse_text(text: &str) -> Result<Self, String> {
        let shape = || format!("'{text}' is not of the form sm_<major><minor>[a|f] (e.g. sm_90, sm_90a, sm_100f)");
        let rest = text.strip_prefix("sm_").ok_or_else(shape)?;
        let (digits, specific, family) = match (rest.strip_suffix('a'), rest.strip_suffix('f')) {
            (Some(d), _) => (d, true, false),
            (_, Some(d)) => (d, false, true),
            _ => (rest, false, false),
        };
        if digits.len() < 2 || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(shape());
        }
        let sm: u32 = digits.parse().map_err(|_| shape())?;
        let known = || {
            KNOWN_ARCHES.iter().map(|k| {
                let forms = match (k.specific_form, k.family_form) {
                    (true, true) => "[a|f]",
                    (true, false) => "[a]",
                    _ => "",
                };
                format!("sm_{}{forms}", k.sm)
            })
        };
        let Some(entry) = KNOWN_ARCHES.iter().find(|k| k.sm == sm) else {
            return Err(format!(
                "'{text}' is not a known NVIDIA arch (known: {})",
                known().collect::<Vec<_>>().join(", ")
            ));
        };
        if specific && !entry.specific_form {
            return Err(format!("'{text}': sm_{sm} has no arch-specific form"));
        }
        if family && !entry.family_form {
            return Err(format!(
                "'{text}': sm_{sm} has no family-specific form (PTX ISA 8.8 names them from sm_100 on)"
            ));
        }
        Ok(Self { sm, specific, family })
    }

    /// The PTX ISA version emitted for this arch (x10: 86 is PTX 8.6): what
    /// the arch needs, and at least 8.0, which every CUDA 12 driver loads;
    /// 8.3 for arch-specific targets, whose ukernels build tensor maps on
    /// the device (`tensormap.replace`, CUDA 12.3 drivers and later); 8.8
    /// for family-specific ones, which that version introduced.
    pub fn ptx_isa(self) -> u32 {
        let needed = KNOWN_ARCHES.iter().find(|k| k.sm == self.sm).map_or(80, |k| k.ptx_isa);
        let specific = if self.specific { 83 } else { 0 };
        let family = if self.family { 88 } else { 0 };
        needed.max(specific).max(family).max(80)
    }
}

/// One arch this compiler emits code for, and its limits.
#[derive(Clone, Copy, Debug)]
pub struct KnownArch {
    pub sm: u32,
    /// Whether `sm_XYa` exists (arch-specific instructions: wgmma, tcgen05).
    pub specific_form: bool,
    /// Whether `sm_XYf` exists (family-specific: PTX ISA 8.8, Blackwell on).
    pub family_form: bool,
    /// The lowest PTX ISA version (x10) that names the arch.
    pub ptx_isa: u32,
    /// Shared memory one workgroup may use (the opt-in maximum), bytes.
    pub shared_memory_per_workgroup: u32,
    /// Shared memory of one SM, bytes.
    pub shared_memory_per_sm: u32,
    /// 32-bit registers of one SM.
    pub registers_per_sm: u32,
    pub max_threads_per_workgroup: u32,
    /// Thread-block clusters (`.reqnctapercluster`), from sm_90 on.
    pub clusters: bool,
    /// The Tensor Memory Accelerator (`cp.async.bulk.tensor`), from sm_90 on.
    pub tma: bool,
    /// `cp.async` (asynchronous global-to-shared copies), from sm_80 on.
    pub cp_async: bool,
}

const KIB: u32 = 1024;

/// An entry of [`KNOWN_ARCHES`]: `forms` is (arch-specific, family-specific),
/// `smem` (per workgroup, per SM) in KiB.
const fn known(sm: u32, forms: (bool, bool), ptx_isa: u32, smem: (u32, u32)) -> KnownArch {
    KnownArch {
        sm,
        specific_form: forms.0,
        family_form: forms.1,
        ptx_isa,
        shared_memory_per_workgroup: smem.0 * KIB,
        shared_memory_per_sm: smem.1 * KIB,
        registers_per_sm: 64 * KIB,
        max_threads_per_workgroup: 1024,
        clusters: sm >= 90,
        tma: sm >= 90,
        cp_async: sm >= 80,
    }
}

/// The arches LLVM 22's NVPTX target and the set-up's ptxas (CUDA 12.9)
/// both know, with their limits from NVIDIA's tables of compute
/// capabilities. sm_88 and sm_110 need PTX ISA 9.0 (CUDA 13) and are left
/// out.
pub const KNOWN_ARCHES: &[KnownArch] = &[
    known(70, (false, false), 60, (96, 96)),
    known(72, (false, false), 61, (96, 96)),
    known(75, (false, false), 63, (64, 64)),
    known(80, (false, false), 70, (163, 164)),
    known(86, (false, false), 71, (99, 100)),
    known(87, (false, false), 74, (163, 164)),
    known(89, (false, false), 78, (99, 100)),
    known(90, (true, false), 78, (227, 228)),
    known(100, (true, true), 86, (227, 228)),
    known(101, (true, true), 86, (227, 228)),
    known(103, (true, true), 88, (227, 228)),
    known(120, (true, true), 87, (99, 100)),
    known(121, (true, true), 88, (99, 100)),
];

impl GpuArch {
    /// The arch's entry of [`KNOWN_ARCHES`] (None for an arch not there,
    /// which [`GpuArch::parse_known`] never returns).
    pub fn known(self) -> Option<&'static KnownArch> {
        KNOWN_ARCHES.iter().find(|k| k.sm == self.sm)
    }

    /// Shared memory one workgroup may use on it (opt-in maximum); 99 KiB,
    /// the least of the current arches, for one not in the table.
    pub fn max_shared_memory_per_workgroup(self) -> u32 {
        self.known().map_or(99 * KIB, |k| k.shared_memory_per_workgroup)
    }

    /// Whether its code may use wgmma (Hopper's arch-specific target only).
    pub fn has_wgmma(self) -> bool {
        self.specific && self.sm == 90
    }

    /// Its compute capability.
    pub const fn capability(self) -> ComputeCapability {
        ComputeCapability::from_sm(self.sm)
    }

    /// The form of the images built for it.
    pub const fn image_form(self) -> ImageForm {
        if self.specific {
            ImageForm::ArchSpecific
        } else if self.family {
            ImageForm::FamilySpecific
        } else {
            ImageForm::Portable
        }
    }

    /// The arch an image of capability `cc` and form `form` was built for.
    pub const fn of_image(cc: ComputeCapability, form: ImageForm) -> Self {
        let sm = cc.sm();
        match form {
            ImageForm::Portable => Self::portable(sm),
            ImageForm::ArchSpecific => Self::specific(sm),
            ImageForm::FamilySpecific => Self::family(sm),
        }
    }
}

impl std::fmt::Display for GpuArch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "sm_{}{}", self.sm, self.suffix())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gives_each_arch_its_own_limits() {
        let smem = |s: &str| GpuArch::parse(s).unwrap().max_shared_memory_per_workgroup();
        // 99 KiB GPUs (A10, L4, L40S, RTX 30/40, consumer Blackwell).
        for s in ["sm_86", "sm_89", "sm_120", "sm_120f", "sm_121a"] {
            assert_eq!(smem(s), 101376, "{s}");
        }
        assert_eq!(smem("sm_80"), 166912);
        assert_eq!((smem("sm_90a"), smem("sm_100f")), (232448, 232448));
        assert_eq!(smem("sm_75"), 65536);
        let known = |s: &str| *GpuArch::parse(s).unwrap().known().unwrap();
        assert!(known("sm_90").clusters && known("sm_90").tma && !known("sm_80").tma && known("sm_80").cp_async);
        assert!(GpuArch::parse("sm_90a").unwrap().has_wgmma() && !GpuArch::parse("sm_90").unwrap().has_wgmma());
        assert!(!GpuArch::parse("sm_100a").unwrap().has_wgmma());
        for k in KNOWN_ARCHES {
            assert!(k.shared_memory_per_workgroup <= k.shared_memory_per_sm, "sm_{}", k.sm);
        }
    }

    #[test]
    fn an_image_names_the_arch_it_was_built_for() {
        for text in ["sm_80", "sm_90a", "sm_100f", "sm_120"] {
            let arch = GpuArch::parse(text).unwrap();
            assert_eq!(GpuArch::of_image(arch.capability(), arch.image_form()), arch);
        }
    }
}
