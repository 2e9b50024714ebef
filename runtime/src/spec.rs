//! Loader specs in the manner of LLVM StreamExecutor's `KernelSpec.h`: the
//! forms in which one kernel is available (PTX per compute capability, a
//! cubin for one arch, OpenCL text), gathered in a [`MultiKernelLoaderSpec`]
//! from which the loader picks what suits a device.

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt,
    ops::Deref,
    sync::Arc,
};

/// A CUDA compute capability, e.g. 9.0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ComputeCapability {
    pub major: u32,
    pub minor: u32,
}

impl ComputeCapability {
    pub const fn new(major: u32, minor: u32) -> Self {
        Self { major, minor }
    }

    /// From the `sm_XY` number, e.g. 90 -> 9.0, 86 -> 8.6, 100 -> 10.0.
    pub const fn from_sm(sm: u32) -> Self {
        Self { major: sm / 10, minor: sm % 10 }
    }

    pub const fn sm(self) -> u32 {
        self.major * 10 + self.minor
    }
}

impl fmt::Display for ComputeCapability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Text or bytes: borrowed for the program's life (no copy), or owned and
/// shared (cloning shares, never copies: the kernels of one module hold one
/// PTX text).
#[derive(Clone)]
pub enum Bytes {
    Static(&'static [u8]),
    Shared(Arc<[u8]>),
}

impl Bytes {
    /// Whether the bytes are borrowed rather than owned.
    pub fn is_borrowed(&self) -> bool {
        matches!(self, Bytes::Static(_))
    }
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Static(b) => b,
            Bytes::Shared(b) => b,
        }
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl PartialEq for Bytes {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} bytes ({})", self.len(), if self.is_borrowed() { "borrowed" } else { "owned" })
    }
}

impl From<&'static [u8]> for Bytes {
    fn from(b: &'static [u8]) -> Self {
        Bytes::Static(b)
    }
}

impl From<&'static str> for Bytes {
    fn from(s: &'static str) -> Self {
        Bytes::Static(s.as_bytes())
    }
}

impl From<Vec<u8>> for Bytes {
    fn from(v: Vec<u8>) -> Self {
        Bytes::Shared(v.into())
    }
}

impl From<String> for Bytes {
    fn from(s: String) -> Self {
        Bytes::Shared(s.into_bytes().into())
    }
}

/// What an image targets: the arch as such (`sm_90`: runs on that
/// capability and, as PTX, later ones), exactly that capability
/// (`sm_90a`), or the family of its major from its minor on (`sm_100f`:
/// 10.0 and 10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageForm {
    Portable,
    ArchSpecific,
    FamilySpecific,
}

impl ImageForm {
    /// The arch name's suffix: `a`, `f` or nothing.
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Portable => "",
            Self::ArchSpecific => "a",
            Self::FamilySpecific => "f",
        }
    }
}

impl From<bool> for ImageForm {
    /// `true`: arch-specific.
    fn from(arch_specific: bool) -> Self {
        if arch_specific { Self::ArchSpecific } else { Self::Portable }
    }
}

/// One form of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelLoaderSpec {
    /// PTX text in memory, one per compute capability it was compiled for.
    /// `arch_specific` lists the capabilities whose PTX targets the
    /// arch-specific form (`sm_90a`: wgmma, setmaxnreg): it loads only on a
    /// device of exactly that capability, never forward; `family_specific`
    /// those whose PTX targets the family form (`sm_100f`): it loads on the
    /// devices of that major from that minor on.
    CudaPtxInMemory {
        kernel_name: String,
        ptx: BTreeMap<ComputeCapability, Bytes>,
        arch_specific: BTreeSet<ComputeCapability>,
        family_specific: BTreeSet<ComputeCapability>,
    },
    /// Cubins (or fatbins) in memory, one per compute capability, machine
    /// code for that arch (`ptxas -arch=sm_XY`). A portable cubin also runs
    /// on later minor versions of its major (sm_80 code on 8.6); an
    /// arch-specific one (`sm_90a`, listed in `arch_specific`) only on
    /// exactly its capability; a family-specific one (`sm_100f`, listed in
    /// `family_specific`) on later minors of its major, as a portable one.
    CudaCubinInMemory {
        kernel_name: String,
        cubins: BTreeMap<ComputeCapability, Bytes>,
        arch_specific: BTreeSet<ComputeCapability>,
        family_specific: BTreeSet<ComputeCapability>,
    },
    /// OpenCL C source in memory: kept and reported, not loadable here.
    OpenClTextInMemory { kernel_name: String, text: Bytes },
}

impl KernelLoaderSpec {
    pub fn kernel_name(&self) -> &str {
        match self {
            Self::CudaPtxInMemory { kernel_name, .. }
            | Self::CudaCubinInMemory { kernel_name, .. }
            | Self::OpenClTextInMemory { kernel_name, .. } => kernel_name,
        }
    }

    /// The kind, as errors and listings name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::CudaPtxInMemory { .. } => "CUDA PTX in memory",
            Self::CudaCubinInMemory { .. } => "CUDA cubin in memory",
            Self::OpenClTextInMemory { .. } => "OpenCL text in memory",
        }
    }

    /// Portable PTX for several compute capabilities; each text is taken as is.
    pub fn cuda_ptx(kernel_name: impl Into<String>, ptx: impl IntoIterator<Item = (ComputeCapability, Bytes)>) -> Self {
        Self::CudaPtxInMemory {
            kernel_name: kernel_name.into(),
            ptx: ptx.into_iter().collect(),
            arch_specific: BTreeSet::new(),
            family_specific: BTreeSet::new(),
        }
    }

    /// PTX per compute capability, each image portable (`false`: loads on
    /// that capability and newer) or arch-specific (`true`: only on exactly
    /// that capability).
    pub fn cuda_ptx_images(
        kernel_name: impl Into<String>,
        ptx: impl IntoIterator<Item = (ComputeCapability, bool, Bytes)>,
    ) -> Self {
        Self::cuda_ptx_forms(kernel_name, ptx.into_iter().map(|(cc, specific, b)| (cc, specific.into(), b)))
    }

    /// PTX per compute capability, each image of its [`ImageForm`].
    pub fn cuda_ptx_forms(
        kernel_name: impl Into<String>,
        ptx: impl IntoIterator<Item = (ComputeCapability, ImageForm, Bytes)>,
    ) -> Self {
        let (ptx, arch_specific, family_specific) = split_images(ptx);
        Self::CudaPtxInMemory { kernel_name: kernel_name.into(), ptx, arch_specific, family_specific }
    }

    /// Cubins per compute capability, each portable (`false`) or
    /// arch-specific (`true`).
    pub fn cuda_cubins(
        kernel_name: impl Into<String>,
        cubins: impl IntoIterator<Item = (ComputeCapability, bool, Bytes)>,
    ) -> Self {
        Self::cuda_cubin_forms(kernel_name, cubins.into_iter().map(|(cc, specific, b)| (cc, specific.into(), b)))
    }

    /// Cubins per compute capability, each of its [`ImageForm`].
    pub fn cuda_cubin_forms(
        kernel_name: impl Into<String>,
        cubins: impl IntoIterator<Item = (ComputeCapability, ImageForm, Bytes)>,
    ) -> Self {
        let (cubins, arch_specific, family_specific) = split_images(cubins);
        Self::CudaCubinInMemory { kernel_name: kernel_name.into(), cubins, arch_specific, family_specific }
    }

    /// The form of the image for `cc` (portable where there is none).
    pub fn form_of(&self, cc: ComputeCapability) -> ImageForm {
        match self {
            Self::CudaPtxInMemory { arch_specific, family_specific, .. }
            | Self::CudaCubinInMemory { arch_specific, family_specific, .. } => {
                if arch_specific.contains(&cc) {
                    ImageForm::ArchSpecific
                } else if family_specific.contains(&cc) {
                    ImageForm::FamilySpecific
                } else {
                    ImageForm::Portable
                }
            }
            Self::OpenClTextInMemory { .. } => ImageForm::Portable,
        }
    }

    /// The capabilities of a PTX or cubin spec, an arch-specific one marked
    /// `a`, a family-specific one `f` (e.g. `8.0, 9.0a, 10.0f`); empty for
    /// other kinds.
    pub fn capability_list(&self) -> String {
        let images = match self {
            Self::CudaPtxInMemory { ptx, .. } => ptx,
            Self::CudaCubinInMemory { cubins, .. } => cubins,
            Self::OpenClTextInMemory { .. } => return String::new(),
        };
        let ccs: Vec<String> = images.keys().map(|c| format!("{c}{}", self.form_of(*c).suffix())).collect();
        ccs.join(", ")
    }
}

/// Images by capability, and the capabilities whose image is arch-specific
/// and family-specific.
fn split_images(
    images: impl IntoIterator<Item = (ComputeCapability, ImageForm, Bytes)>,
) -> (BTreeMap<ComputeCapability, Bytes>, BTreeSet<ComputeCapability>, BTreeSet<ComputeCapability>) {
    let mut map = BTreeMap::new();
    let (mut specific, mut family) = (BTreeSet::new(), BTreeSet::new());
    for (cc, form, image) in images {
        match form {
            ImageForm::ArchSpecific => specific.insert(cc),
            ImageForm::FamilySpecific => family.insert(cc),
            ImageForm::Portable => false,
        };
        map.insert(cc, image);
    }
    (map, specific, family)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("kernel '{expected}': a {kind} spec names kernel '{found}'")]
    NameMismatch { expected: String, found: String, kind: &'static str },
    #[error("kernel '{kernel}' already has a {kind} spec")]
    AlreadyPresent { kernel: String, kind: &'static str },
    #[error("kernel '{kernel}': a CUDA PTX spec holds no PTX")]
    EmptyPtx { kernel: String },
    #[error("kernel '{kernel}': a CUDA cubin spec holds no cubin")]
    EmptyCubin { kernel: String },
    #[error(
        "kernel '{kernel}' has PTX for compute capability {} and no cubin for it, none at or below the device's {device}{}",
        list(.available),
        if .arch_specific.is_empty() { String::new() } else { format!(" (arch-specific PTX loads only on exactly {})", list(.arch_specific)) }
        + &if .family_specific.is_empty() { String::new() } else { format!(" (family-specific PTX for {} loads only on that capability and later minors of its major)", list(.family_specific)) }
    )]
    NoPtxForDevice {
        kernel: String,
        available: Vec<ComputeCapability>,
        arch_specific: Vec<ComputeCapability>,
        family_specific: Vec<ComputeCapability>,
        device: ComputeCapability,
    },
    #[error(
        "kernel '{kernel}' is available only as {kinds}, which this runtime cannot load (it loads CUDA PTX and cubin)"
    )]
    Unsupported { kernel: String, kinds: String },
}

fn list(ccs: &[ComputeCapability]) -> String {
    if ccs.is_empty() {
        return "(none)".into();
    }
    ccs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
}

/// What the loader will hand the driver for one device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadChoice<'a> {
    Cubin { cc: ComputeCapability, form: ImageForm, image: &'a [u8] },
    Ptx { cc: ComputeCapability, form: ImageForm, text: &'a [u8] },
}

/// Every form of one kernel, at most one of each kind, all naming the same
/// kernel (checked when added).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiKernelLoaderSpec {
    kernel_name: String,
    ptx: Option<KernelLoaderSpec>,
    cubin: Option<KernelLoaderSpec>,
    opencl: Option<KernelLoaderSpec>,
}

impl MultiKernelLoaderSpec {
    pub fn new(kernel_name: impl Into<String>) -> Self {
        Self { kernel_name: kernel_name.into(), ptx: None, cubin: None, opencl: None }
    }

    pub fn kernel_name(&self) -> &str {
        &self.kernel_name
    }

    /// Adds one spec: an error when its kernel name differs from this one's,
    /// when a spec of its kind is already present, or when it holds no PTX.
    pub fn add(&mut self, spec: KernelLoaderSpec) -> Result<&mut Self, SpecError> {
        if spec.kernel_name() != self.kernel_name {
            return Err(SpecError::NameMismatch {
                expected: self.kernel_name.clone(),
                found: spec.kernel_name().to_string(),
                kind: spec.kind(),
            });
        }
        if let KernelLoaderSpec::CudaPtxInMemory { ptx, .. } = &spec
            && ptx.is_empty()
        {
            return Err(SpecError::EmptyPtx { kernel: self.kernel_name.clone() });
        }
        if let KernelLoaderSpec::CudaCubinInMemory { cubins, .. } = &spec
            && cubins.is_empty()
        {
            return Err(SpecError::EmptyCubin { kernel: self.kernel_name.clone() });
        }
        let slot = match spec {
            KernelLoaderSpec::CudaPtxInMemory { .. } => &mut self.ptx,
            KernelLoaderSpec::CudaCubinInMemory { .. } => &mut self.cubin,
            KernelLoaderSpec::OpenClTextInMemory { .. } => &mut self.opencl,
        };
        if slot.is_some() {
            return Err(SpecError::AlreadyPresent { kernel: self.kernel_name.clone(), kind: spec.kind() });
        }
        *slot = Some(spec);
        Ok(self)
    }

    /// Builder form of [`add`](Self::add).
    pub fn with(mut self, spec: KernelLoaderSpec) -> Result<Self, SpecError> {
        self.add(spec)?;
        Ok(self)
    }

    /// The specs present, PTX then cubin then OpenCL.
    pub fn specs(&self) -> impl Iterator<Item = &KernelLoaderSpec> {
        [&self.ptx, &self.cubin, &self.opencl].into_iter().flatten()
    }

    /// Compute capabilities with PTX, ascending.
    pub fn ptx_capabilities(&self) -> Vec<ComputeCapability> {
        match &self.ptx {
            Some(KernelLoaderSpec::CudaPtxInMemory { ptx, .. }) => ptx.keys().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// Compute capabilities with a cubin, ascending.
    pub fn cubin_capabilities(&self) -> Vec<ComputeCapability> {
        match &self.cubin {
            Some(KernelLoaderSpec::CudaCubinInMemory { cubins, .. }) => cubins.keys().copied().collect(),
            _ => Vec::new(),
        }
    }

    /// What to load on a device of compute capability `device`, so that
    /// the driver JIT-compiles nothing when it can be avoided: a cubin for
    /// exactly that capability (of any form); else a portable or
    /// family-specific cubin of the same major and a lower minor (machine
    /// code runs forward within a major); else arch-specific PTX for exactly
    /// that capability; else family-specific PTX of the same major and a
    /// minor not above it (the greatest); else the portable PTX of the
    /// greatest capability not above it (the driver JIT-compiles portable
    /// PTX forward; arch-specific code never serves another capability,
    /// family-specific code never another major).
    pub fn select_for(&self, device: ComputeCapability) -> Result<LoadChoice<'_>, SpecError> {
        if let Some(spec @ KernelLoaderSpec::CudaCubinInMemory { cubins, arch_specific, .. }) = &self.cubin {
            if let Some(image) = cubins.get(&device) {
                return Ok(LoadChoice::Cubin { cc: device, form: spec.form_of(device), image });
            }
            if let Some((cc, image)) = cubins
                .range(ComputeCapability::new(device.major, 0)..device)
                .rev()
                .find(|(cc, _)| !arch_specific.contains(cc))
            {
                return Ok(LoadChoice::Cubin { cc: *cc, form: spec.form_of(*cc), image });
            }
        }
        if let Some(KernelLoaderSpec::CudaPtxInMemory { ptx, arch_specific, family_specific, .. }) = &self.ptx {
            if arch_specific.contains(&device)
                && let Some(text) = ptx.get(&device)
            {
                return Ok(LoadChoice::Ptx { cc: device, form: ImageForm::ArchSpecific, text });
            }
            if let Some((cc, text)) = ptx
                .range(ComputeCapability::new(device.major, 0)..=device)
                .rev()
                .find(|(cc, _)| family_specific.contains(cc))
            {
                return Ok(LoadChoice::Ptx { cc: *cc, form: ImageForm::FamilySpecific, text });
            }
            if let Some((cc, text)) =
                ptx.range(..=device).rev().find(|(cc, _)| !arch_specific.contains(cc) && !family_specific.contains(cc))
            {
                return Ok(LoadChoice::Ptx { cc: *cc, form: ImageForm::Portable, text });
            }
            return Err(SpecError::NoPtxForDevice {
                kernel: self.kernel_name.clone(),
                available: ptx
                    .keys()
                    .copied()
                    .filter(|cc| !arch_specific.contains(cc) && !family_specific.contains(cc))
                    .collect(),
                arch_specific: arch_specific.iter().copied().collect(),
                family_specific: family_specific.iter().copied().collect(),
                device,
            });
        }
        if self.cubin.is_some() {
            // A cubin for another arch only: say so, as no PTX could serve.
            return Err(SpecError::NoPtxForDevice {
                kernel: self.kernel_name.clone(),
                available: vec![],
                arch_specific: vec![],
                family_specific: vec![],
                device,
            });
        }
        let kinds = self.specs().map(|s| s.kind()).collect::<Vec<_>>().join(", ");
        Err(SpecError::Unsupported {
            kernel: self.kernel_name.clone(),
            kinds: if kinds.is_empty() { "nothing".into() } else { kinds },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cc(sm: u32) -> ComputeCapability {
        ComputeCapability::from_sm(sm)
    }

    fn ptx(name: &str, sms: &[u32]) -> KernelLoaderSpec {
        KernelLoaderSpec::cuda_ptx(name, sms.iter().map(|&s| (cc(s), Bytes::from(format!("ptx {s}")))))
    }

    #[test]
    fn ptx_of_the_greatest_capability_not_above_the_device() {
        let spec = MultiKernelLoaderSpec::new("k").with(ptx("k", &[80, 90])).unwrap();
        let pick = |sm| match spec.select_for(cc(sm)) {
            Ok(LoadChoice::Ptx { cc, form: ImageForm::Portable, .. }) => Ok(cc.sm()),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        assert_eq!(pick(86), Ok(80));
        assert_eq!(pick(90), Ok(90));
        assert_eq!(pick(100), Ok(90));
        let err = pick(75).unwrap_err();
        assert_eq!(
            err.to_string(),
            "kernel 'k' has PTX for compute capability 8.0, 9.0 and no cubin for it, none at or below the device's 7.5"
        );
    }

    /// Images for sm_80 (portable) and sm_90a (arch-specific).
    fn portable_80_and_specific_90() -> MultiKernelLoaderSpec {
        let images = [(cc(80), false, Bytes::from("ptx 80")), (cc(90), true, Bytes::from("ptx 90a"))];
        MultiKernelLoaderSpec::new("k").with(KernelLoaderSpec::cuda_ptx_images("k", images)).unwrap()
    }

    #[test]
    fn arch_specific_ptx_serves_exactly_its_capability() {
        let spec = portable_80_and_specific_90();
        match spec.select_for(cc(90)).unwrap() {
            LoadChoice::Ptx { cc, form, text } => {
                assert_eq!((cc.sm(), form, text), (90, ImageForm::ArchSpecific, &b"ptx 90a"[..]));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_newer_device_gets_the_greatest_portable_ptx_not_the_specific_one() {
        let spec = portable_80_and_specific_90();
        for sm in [100, 120] {
            match spec.select_for(cc(sm)).unwrap() {
                LoadChoice::Ptx { cc, form, .. } => assert_eq!((cc.sm(), form), (80, ImageForm::Portable)),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn an_older_device_gets_the_portable_ptx_below_it() {
        let spec = portable_80_and_specific_90();
        match spec.select_for(cc(86)).unwrap() {
            LoadChoice::Ptx { cc, form, .. } => assert_eq!((cc.sm(), form), (80, ImageForm::Portable)),
            other => panic!("{other:?}"),
        }
        // With only arch-specific PTX, another capability gets a clear error.
        let only = MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::cuda_ptx_images("k", [(cc(90), true, Bytes::from("ptx 90a"))]))
            .unwrap();
        assert_eq!(
            only.select_for(cc(100)).unwrap_err().to_string(),
            "kernel 'k' has PTX for compute capability (none) and no cubin for it, none at or below the device's 10.0 \
             (arch-specific PTX loads only on exactly 9.0)"
        );
    }

    #[test]
    fn cubin_for_the_exact_device_is_preferred() {
        static CUBIN: [u8; 4] = [0x7f, b'E', b'L', b'F'];
        let spec = MultiKernelLoaderSpec::new("k")
            .with(ptx("k", &[80]))
            .unwrap()
            .with(KernelLoaderSpec::cuda_cubins("k", [(cc(90), false, Bytes::Static(&CUBIN))]))
            .unwrap();
        match spec.select_for(cc(90)).unwrap() {
            LoadChoice::Cubin { image, .. } => {
                assert_eq!(image.as_ptr(), CUBIN.as_ptr(), "borrowed, not copied")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(spec.select_for(cc(89)).unwrap(), LoadChoice::Ptx { .. }));
    }

    /// Cubins for sm_80 (portable) and sm_90a (arch-specific), PTX for both.
    fn cubins_80_and_90a() -> MultiKernelLoaderSpec {
        let ptx = [(cc(80), false, Bytes::from("ptx 80")), (cc(90), true, Bytes::from("ptx 90a"))];
        let cubins = [(cc(80), false, Bytes::from("cubin 80")), (cc(90), true, Bytes::from("cubin 90a"))];
        MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::cuda_ptx_images("k", ptx))
            .unwrap()
            .with(KernelLoaderSpec::cuda_cubins("k", cubins))
            .unwrap()
    }

    fn describe(choice: LoadChoice) -> String {
        match choice {
            LoadChoice::Cubin { cc, form, image } => {
                format!("cubin {cc}{} {}", form.suffix(), String::from_utf8_lossy(image))
            }
            LoadChoice::Ptx { cc, form, text } => {
                format!("ptx {cc}{} {}", form.suffix(), String::from_utf8_lossy(text))
            }
        }
    }

    #[test]
    fn cubins_first_then_ptx_by_the_same_rules() {
        let spec = cubins_80_and_90a();
        let pick = |sm| describe(spec.select_for(cc(sm)).unwrap());
        // Exactly the capability of an arch-specific cubin.
        assert_eq!(pick(90), "cubin 9.0a cubin 90a");
        // A later minor of a portable cubin's major runs its machine code.
        assert_eq!(pick(80), "cubin 8.0 cubin 80");
        assert_eq!(pick(86), "cubin 8.0 cubin 80");
        // A new major: no machine code fits; portable PTX is JIT-compiled.
        assert_eq!(pick(100), "ptx 8.0 ptx 80");
        assert_eq!(pick(120), "ptx 8.0 ptx 80");
        // An arch-specific cubin never serves a later minor.
        let only = MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::cuda_cubins("k", [(cc(90), true, Bytes::from("c"))]))
            .unwrap();
        assert!(matches!(only.select_for(cc(91)), Err(SpecError::NoPtxForDevice { .. })));
        assert!(matches!(
            MultiKernelLoaderSpec::new("k").add(KernelLoaderSpec::cuda_cubins("k", [])),
            Err(SpecError::EmptyCubin { .. })
        ));
    }

    #[test]
    fn names_must_agree_and_each_kind_comes_once() {
        let mut spec = MultiKernelLoaderSpec::new("argmax");
        let err = spec.add(ptx("other", &[80])).unwrap_err();
        assert_eq!(err.to_string(), "kernel 'argmax': a CUDA PTX in memory spec names kernel 'other'");
        spec.add(ptx("argmax", &[80])).unwrap();
        assert!(matches!(spec.add(ptx("argmax", &[90])), Err(SpecError::AlreadyPresent { .. })));
        assert!(matches!(
            MultiKernelLoaderSpec::new("k").add(KernelLoaderSpec::cuda_ptx("k", [])),
            Err(SpecError::EmptyPtx { .. })
        ));
    }

    #[test]
    fn opencl_text_is_kept_but_not_loadable() {
        let spec = MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::OpenClTextInMemory {
                kernel_name: "k".into(),
                text: Bytes::Static(b"kernel void k() {}"),
            })
            .unwrap();
        assert_eq!(spec.specs().count(), 1);
        let err = spec.select_for(cc(90)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "kernel 'k' is available only as OpenCL text in memory, which this runtime cannot load (it loads CUDA PTX and cubin)"
        );
    }

    /// A package for sm_80, sm_90a, sm_100f and sm_120f (PTX for each, a
    /// cubin for the family ones), as `ukc compile --arch` writes it.
    fn through_blackwell() -> MultiKernelLoaderSpec {
        let ptx = [
            (cc(80), ImageForm::Portable, Bytes::from("80")),
            (cc(90), ImageForm::ArchSpecific, Bytes::from("90a")),
            (cc(100), ImageForm::FamilySpecific, Bytes::from("100f")),
            (cc(120), ImageForm::FamilySpecific, Bytes::from("120f")),
        ];
        let cubins = [
            (cc(100), ImageForm::FamilySpecific, Bytes::from("100f")),
            (cc(120), ImageForm::FamilySpecific, Bytes::from("120f")),
        ];
        MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::cuda_ptx_forms("k", ptx))
            .unwrap()
            .with(KernelLoaderSpec::cuda_cubin_forms("k", cubins))
            .unwrap()
    }

    #[test]
    fn each_device_gets_the_image_of_its_arch_or_family() {
        let spec = through_blackwell();
        let pick = |sm| describe(spec.select_for(cc(sm)).unwrap());
        let table = [
            (80, "ptx 8.0 80"),
            (86, "ptx 8.0 80"),
            (89, "ptx 8.0 80"),
            (90, "ptx 9.0a 90a"),
            // A family cubin runs on later minors of its major.
            (100, "cubin 10.0f 100f"),
            (103, "cubin 10.0f 100f"),
            // Another major: neither family serves it; portable PTX does.
            (110, "ptx 8.0 80"),
            (120, "cubin 12.0f 120f"),
            (121, "cubin 12.0f 120f"),
        ];
        for (sm, want) in table {
            assert_eq!(pick(sm), want, "device {sm}");
        }
        // Without the cubins, family PTX serves its major from its minor on.
        let ptx_only = MultiKernelLoaderSpec::new("k").with(spec.specs().next().unwrap().clone()).unwrap();
        assert_eq!(describe(ptx_only.select_for(cc(103)).unwrap()), "ptx 10.0f 100f");
        assert_eq!(describe(ptx_only.select_for(cc(121)).unwrap()), "ptx 12.0f 120f");
        assert_eq!(spec.specs().next().unwrap().capability_list(), "8.0, 9.0a, 10.0f, 12.0f");
        // Family PTX alone does not serve an older capability of its major or
        // another major, and says so.
        let family_only = MultiKernelLoaderSpec::new("k")
            .with(KernelLoaderSpec::cuda_ptx_forms("k", [(cc(103), ImageForm::FamilySpecific, Bytes::from("103f"))]))
            .unwrap();
        assert_eq!(
            family_only.select_for(cc(100)).unwrap_err().to_string(),
            "kernel 'k' has PTX for compute capability (none) and no cubin for it, none at or below the device's 10.0 \
             (family-specific PTX for 10.3 loads only on that capability and later minors of its major)"
        );
        assert!(family_only.select_for(cc(120)).is_err());
    }

    /// The loader's choices agree with the arch type's rule of where code
    /// runs ([`crate::GpuArch::runs_on`]), which the compiler uses too:
    /// every image chosen for a device was built for an arch that runs on
    /// it, over every known capability and every package shape above.
    #[test]
    fn every_choice_runs_on_its_device_by_the_arch_rule() {
        let packages = [through_blackwell(), portable_80_and_specific_90(), cubins_80_and_90a()];
        for spec in &packages {
            for known in crate::KNOWN_ARCHES {
                let device = cc(known.sm);
                let (image_cc, form) = match spec.select_for(device) {
                    Ok(LoadChoice::Ptx { cc, form, .. }) | Ok(LoadChoice::Cubin { cc, form, .. }) => (cc, form),
                    _ => continue,
                };
                let arch = crate::GpuArch::of_image(image_cc, form);
                assert!(arch.runs_on(known.sm), "{arch} chosen for device {device}");
                assert_eq!((arch.capability(), arch.image_form()), (image_cc, form));
            }
        }
    }
}
