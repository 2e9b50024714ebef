//! The package format: what the compiler writes and the runtime loads. A
//! package holds kernels, each with its [`MultiKernelLoaderSpec`], its
//! [`LaunchMetadata`] and free-form attributes (e.g. which CPU reference
//! checks it).
//!
//! Layout (little-endian):
//! ```text
//! magic    8 bytes  "UKPKG\0\r\n"
//! version  u32      FORMAT_VERSION
//! length   u64      payload bytes
//! checksum u64      CRC-32 (IEEE) of the payload, zero-extended (version 1: FNV-1a 64)
//! payload           images, then kernels (see `write_kernel`)
//! ```
//! Each distinct image (PTX text, cubin, OpenCL text) is stored once and
//! referenced by index: the kernels emitted in one module share its PTX and
//! cubin (the compiler emits one module per kernel as a rule).
//! Readers reject other magic, a newer version, a short or long file, and a
//! checksum mismatch, each with its own error.

use std::{collections::BTreeMap, sync::Arc};

use crate::{
    launch::{Access, ArgSpec, Dim, DimExpr, ElementKind, LaunchMetadata, ScalarSource, ScalarType},
    spec::{Bytes, ComputeCapability, ImageForm, KernelLoaderSpec, MultiKernelLoaderSpec, SpecError},
};

pub const MAGIC: &[u8; 8] = b"UKPKG\0\r\n";
/// Version 5 marks family-specific images (`sm_100f`); version 4 holds a
/// cubin per capability, each marked portable or arch-specific (version 3
/// and before: one cubin); version 3 marks
/// arch-specific PTX images; version 2 checksums with CRC-32 (version 1:
/// FNV-1a 64). Every older version is still read.
pub const FORMAT_VERSION: u32 = 5;
const HEADER_BYTES: usize = 8 + 4 + 8 + 8;
/// Bounds nesting of launch expressions, so a corrupt file cannot recurse deep.
const MAX_EXPR_DEPTH: u32 = 64;

/// One kernel of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackagedKernel {
    pub spec: MultiKernelLoaderSpec,
    pub launch: LaunchMetadata,
    pub attributes: BTreeMap<String, String>,
}

impl PackagedKernel {
    pub fn name(&self) -> &str {
        self.spec.kernel_name()
    }

    /// The function of its images it launches: its own name, or the one
    /// its [`ENTRY_ATTRIBUTE`](crate::ENTRY_ATTRIBUTE) names.
    pub fn entry(&self) -> &str {
        self.attributes.get(crate::ENTRY_ATTRIBUTE).map_or(self.name(), String::as_str)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Package {
    pub kernels: Vec<PackagedKernel>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackageError {
    #[error("not a ukernel package (bad magic bytes)")]
    BadMagic,
    #[error("package format version {found} is newer than this runtime reads (up to {supported})")]
    NewerVersion { found: u32, supported: u32 },
    #[error("package is truncated: {context} needs {needed} bytes at offset {offset}, the file has {len}")]
    Truncated { context: &'static str, offset: usize, needed: usize, len: usize },
    #[error("package is corrupt: checksum {found:#018x} does not match {expected:#018x}")]
    Checksum { expected: u64, found: u64 },
    #[error("package is corrupt at offset {offset}: {message}")]
    Corrupt { offset: usize, message: String },
    #[error("package kernel spec: {0}")]
    Spec(#[from] SpecError),
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The checksum a package of `version` carries for `payload`.
fn checksum(version: u32, payload: &[u8]) -> u64 {
    if version == 1 { fnv1a(payload) } else { crc32fast::hash(payload) as u64 }
}

/// A function of a package: a kernel, or the steps of a dispatch made into
/// several kernels that run in order with the same arguments (kernels with
/// the attributes `function` and `step`). A package compiled for arches
/// whose selections differ holds a variant of the function per group of
/// arches (kernels with the attribute `arches`, e.g. `sm_80` and `sm_90a`):
/// the same name and arguments, their own kernels, images and launches.
#[derive(Clone, Debug)]
pub struct Function<'a> {
    pub name: &'a str,
    /// Its kernels in launch order: those of its first variant.
    pub steps: Vec<&'a PackagedKernel>,
    /// Per variant, its `arches` attribute ("" when there is one variant)
    /// and its kernels in launch order.
    pub variants: Vec<(&'a str, Vec<&'a PackagedKernel>)>,
}

impl<'a> Function<'a> {
    /// The steps of the variant that suits a device of capability `device`:
    /// the one whose first kernel's image for it (see
    /// [`MultiKernelLoaderSpec::select_for`]) is of the greatest
    /// capability, arch-specific before family-specific before portable, a
    /// cubin before PTX. When
    /// none has an image for it, the first variant's (loading then reports
    /// what is missing).
    pub fn steps_for(&self, device: ComputeCapability) -> &[&'a PackagedKernel] {
        let score = |steps: &Vec<&PackagedKernel>| {
            let choice = steps.first()?.spec.select_for(device).ok()?;
            // More specific first: exact capability, then family, then portable.
            let rank = |form| match form {
                crate::spec::ImageForm::ArchSpecific => 2,
                crate::spec::ImageForm::FamilySpecific => 1,
                crate::spec::ImageForm::Portable => 0,
            };
            let (cc, form, cubin) = match choice {
                crate::spec::LoadChoice::Cubin { cc, form, .. } => (cc, rank(form), true),
                crate::spec::LoadChoice::Ptx { cc, form, .. } => (cc, rank(form), false),
            };
            Some((cc, form, cubin))
        };
        let best = self
            .variants
            .iter()
            .enumerate()
            .filter_map(|(i, (_, steps))| score(steps).map(|s| (s, std::cmp::Reverse(i))))
            .max()
            .map_or(0, |(_, std::cmp::Reverse(i))| i);
        self.variants.get(best).map_or(&self.steps[..], |(_, steps)| &steps[..])
    }
}

impl Package {
    /// The package's functions in order of first appearance: each kernel
    /// that is not a step is one; steps are grouped under their function,
    /// and kernels of several variants under it by their `arches`.
    pub fn functions(&self) -> Vec<Function<'_>> {
        let mut out: Vec<Function> = Vec::new();
        for k in &self.kernels {
            let name = k.attributes.get("function").map(String::as_str).unwrap_or(k.name());
            let arches = k.attributes.get("arches").map(String::as_str).unwrap_or("");
            let f = match out.iter().position(|f| f.name == name) {
                Some(i) => &mut out[i],
                None => {
                    out.push(Function { name, steps: vec![], variants: vec![] });
                    out.last_mut().expect("just pushed")
                }
            };
            match f.variants.iter_mut().find(|(a, _)| *a == arches) {
                Some((_, steps)) => steps.push(k),
                None => f.variants.push((arches, vec![k])),
            }
        }
        for f in &mut out {
            for (_, steps) in &mut f.variants {
                steps.sort_by_key(|k| k.attributes.get("step").and_then(|s| s.parse::<u32>().ok()).unwrap_or(0));
            }
            f.steps = f.variants[0].1.clone();
        }
        out
    }

    /// The function called `name`, if any.
    pub fn function(&self, name: &str) -> Option<Function<'_>> {
        self.functions().into_iter().find(|f| f.name == name)
    }

    /// Serializes the package.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Writer::default();
        let mut images: Vec<&[u8]> = Vec::new();
        let mut index: std::collections::HashMap<&[u8], u32> = std::collections::HashMap::new();
        for k in &self.kernels {
            for spec in k.spec.specs() {
                let parts: Vec<&[u8]> = match spec {
                    KernelLoaderSpec::CudaPtxInMemory { ptx, .. } => ptx.values().map(|b| b.as_ref()).collect(),
                    KernelLoaderSpec::CudaCubinInMemory { cubins, .. } => cubins.values().map(|b| b.as_ref()).collect(),
                    KernelLoaderSpec::OpenClTextInMemory { text, .. } => vec![text.as_ref()],
                };
                for p in parts {
                    index.entry(p).or_insert_with(|| {
                        images.push(p);
                        images.len() as u32 - 1
                    });
                }
            }
        }
        payload.u32(images.len() as u32);
        for image in &images {
            payload.bytes(image);
        }
        payload.u32(self.kernels.len() as u32);
        for k in &self.kernels {
            write_kernel(&mut payload, k, &index);
        }
        let payload = payload.0;
        let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(FORMAT_VERSION, &payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Reads a package, copying the kernel images.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PackageError> {
        Self::parse(bytes, &|b| Bytes::Shared(Arc::from(b)))
    }

    /// Reads a package that lives for the whole program (e.g. embedded with
    /// `include_bytes!`): kernel images borrow from it, nothing is copied.
    pub fn from_static(bytes: &'static [u8]) -> Result<Self, PackageError> {
        Self::parse(bytes, &|b: &'static [u8]| Bytes::Static(b))
    }

    fn parse<'b>(bytes: &'b [u8], image: &dyn Fn(&'b [u8]) -> Bytes) -> Result<Self, PackageError> {
        let mut header = Reader { bytes, pos: 0 };
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(PackageError::BadMagic);
        }
        header.pos = MAGIC.len();
        let version = header.u32("format version")?;
        if version > FORMAT_VERSION {
            return Err(PackageError::NewerVersion { found: version, supported: FORMAT_VERSION });
        }
        if version == 0 {
            return Err(PackageError::Corrupt { offset: 8, message: "format version 0".into() });
        }
        let length = header.u64("payload length")? as usize;
        let checksum = header.u64("checksum")?;
        let payload = header.take(length, "payload")?;
        if header.pos != bytes.len() {
            return Err(PackageError::Corrupt {
                offset: header.pos,
                message: format!("{} bytes after the payload", bytes.len() - header.pos),
            });
        }
        let found = self::checksum(version, payload);
        if found != checksum {
            return Err(PackageError::Checksum { expected: checksum, found });
        }
        let mut r = Reader { bytes: payload, pos: 0 };
        let parse = |r: &mut Reader<'b>| -> Result<Vec<PackagedKernel>, PackageError> {
            let mut images = Vec::new();
            for _ in 0..r.u32("image count")? {
                images.push(image(r.bytes("image")?));
            }
            let count = r.u32("kernel count")?;
            let mut kernels = Vec::new();
            for _ in 0..count {
                kernels.push(read_kernel(r, &images, version)?);
            }
            Ok(kernels)
        };
        let kernels = parse(&mut r).map_err(|e| shift(e, HEADER_BYTES))?;
        if r.pos != payload.len() {
            return Err(PackageError::Corrupt {
                offset: HEADER_BYTES + r.pos,
                message: "trailing bytes in payload".into(),
            });
        }
        Ok(Self { kernels })
    }

    pub fn kernel(&self, name: &str) -> Option<&PackagedKernel> {
        self.kernels.iter().find(|k| k.name() == name)
    }
}

/// Offsets inside the payload are reported as offsets in the file.
fn shift(e: PackageError, by: usize) -> PackageError {
    match e {
        PackageError::Truncated { context, offset, needed, len } => {
            PackageError::Truncated { context, offset: offset + by, needed, len: len + by }
        }
        PackageError::Corrupt { offset, message } => PackageError::Corrupt { offset: offset + by, message },
        other => other,
    }
}

#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u64(b.len() as u64);
        self.0.extend_from_slice(b);
    }
    fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
    fn cc(&mut self, cc: ComputeCapability) {
        self.u32(cc.major);
        self.u32(cc.minor);
    }
    fn expr(&mut self, e: &DimExpr) {
        match e {
            DimExpr::Const(c) => {
                self.u8(0);
                self.u64(*c);
            }
            DimExpr::ArgDim { arg, dim } => {
                self.u8(1);
                self.u32(*arg);
                self.u32(*dim);
            }
            DimExpr::Mul(a, b) => {
                self.u8(2);
                self.expr(a);
                self.expr(b);
            }
            DimExpr::CeilDiv(a, d) => {
                self.u8(3);
                self.expr(a);
                self.u64(*d);
            }
            DimExpr::Scalar { arg } => {
                self.u8(4);
                self.u32(*arg);
            }
            DimExpr::Add(a, b) => {
                self.u8(5);
                self.expr(a);
                self.expr(b);
            }
        }
    }
}

/// An image's form as its flag byte: 0 portable, 1 arch-specific, 2
/// family-specific (version 5 on).
fn form_flag(form: ImageForm) -> u8 {
    match form {
        ImageForm::Portable => 0,
        ImageForm::ArchSpecific => 1,
        ImageForm::FamilySpecific => 2,
    }
}

/// The form a flag byte of a package of `version` marks.
fn flag_form(r: &Reader, flag: u8, version: u32) -> Result<ImageForm, PackageError> {
    match (flag, version) {
        (0, _) => Ok(ImageForm::Portable),
        (1, _) => Ok(ImageForm::ArchSpecific),
        (2, 5..) => Ok(ImageForm::FamilySpecific),
        (f, _) => Err(r.corrupt(format!("unknown image form flag {f}"))),
    }
}

fn write_kernel(w: &mut Writer, k: &PackagedKernel, images: &std::collections::HashMap<&[u8], u32>) {
    w.str(k.name());
    let specs: Vec<&KernelLoaderSpec> = k.spec.specs().collect();
    w.u8(specs.len() as u8);
    for s in specs {
        match s {
            KernelLoaderSpec::CudaPtxInMemory { ptx, .. } => {
                w.u8(0);
                w.u32(ptx.len() as u32);
                for (cc, text) in ptx {
                    w.cc(*cc);
                    w.u32(images[text.as_ref()]);
                    w.u8(form_flag(s.form_of(*cc)));
                }
            }
            KernelLoaderSpec::CudaCubinInMemory { cubins, .. } => {
                w.u8(1);
                w.u32(cubins.len() as u32);
                for (cc, image) in cubins {
                    w.cc(*cc);
                    w.u32(images[image.as_ref()]);
                    w.u8(form_flag(s.form_of(*cc)));
                }
            }
            KernelLoaderSpec::OpenClTextInMemory { text, .. } => {
                w.u8(2);
                w.u32(images[text.as_ref()]);
            }
        }
    }
    let l = &k.launch;
    for g in &l.grid {
        w.expr(g);
    }
    for b in l.block {
        w.u32(b);
    }
    w.u32(l.shared_memory_bytes);
    w.u32(l.args.len() as u32);
    for a in &l.args {
        match a {
            ArgSpec::Buffer { name, element, shape, access } => {
                w.u8(0);
                w.str(name);
                w.u8(ElementKind::ALL.iter().position(|e| e == element).unwrap() as u8);
                w.u8(match access {
                    Access::Read => 0,
                    Access::Write => 1,
                    Access::ReadWrite => 2,
                });
                w.u32(shape.len() as u32);
                for d in shape {
                    match d {
                        Dim::Static(n) => {
                            w.u8(0);
                            w.u64(*n);
                        }
                        Dim::Dynamic(s) => {
                            w.u8(1);
                            w.u64(*s as u64);
                        }
                    }
                }
            }
            ArgSpec::Scalar { name, ty, source } => {
                w.u8(1);
                w.str(name);
                w.u8(matches!(ty, ScalarType::I64) as u8);
                match source {
                    ScalarSource::Given => w.u8(0),
                    ScalarSource::Const(c) => {
                        w.u8(1);
                        w.u64(*c as u64);
                    }
                    ScalarSource::Expr(e) => {
                        w.u8(2);
                        w.expr(e);
                    }
                }
            }
            ArgSpec::Scratch { name, bytes } => {
                w.u8(2);
                w.str(name);
                w.expr(bytes);
            }
            ArgSpec::Alias { name, of } => {
                w.u8(3);
                w.str(name);
                w.u32(*of);
            }
        }
    }
    w.u32(k.attributes.len() as u32);
    for (key, value) in &k.attributes {
        w.str(key);
        w.str(value);
    }
}

struct Reader<'b> {
    bytes: &'b [u8],
    pos: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize, context: &'static str) -> Result<&'b [u8], PackageError> {
        if self.bytes.len() - self.pos < n {
            return Err(PackageError::Truncated { context, offset: self.pos, needed: n, len: self.bytes.len() });
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self, c: &'static str) -> Result<u8, PackageError> {
        Ok(self.take(1, c)?[0])
    }
    fn u32(&mut self, c: &'static str) -> Result<u32, PackageError> {
        Ok(u32::from_le_bytes(self.take(4, c)?.try_into().unwrap()))
    }
    fn u64(&mut self, c: &'static str) -> Result<u64, PackageError> {
        Ok(u64::from_le_bytes(self.take(8, c)?.try_into().unwrap()))
    }
    fn bytes(&mut self, c: &'static str) -> Result<&'b [u8], PackageError> {
        let n = self.u64(c)?;
        let n = usize::try_from(n).map_err(|_| self.corrupt(format!("{c}: length {n} too large")))?;
        self.take(n, c)
    }
    fn str(&mut self, c: &'static str) -> Result<String, PackageError> {
        let at = self.pos;
        let b = self.bytes(c)?;
        String::from_utf8(b.to_vec())
            .map_err(|_| PackageError::Corrupt { offset: at, message: format!("{c} is not UTF-8") })
    }
    fn cc(&mut self) -> Result<ComputeCapability, PackageError> {
        let at = self.pos;
        let cc = ComputeCapability::new(self.u32("compute capability")?, self.u32("compute capability")?);
        // Real capabilities run from 1.0 to 12.x; leave room for new ones.
        if !(1..=99).contains(&cc.major) || cc.minor > 9 {
            return Err(PackageError::Corrupt {
                offset: at,
                message: format!("compute capability {cc} does not exist"),
            });
        }
        Ok(cc)
    }
    fn corrupt(&self, message: String) -> PackageError {
        PackageError::Corrupt { offset: self.pos, message }
    }
    fn expr(&mut self, depth: u32) -> Result<DimExpr, PackageError> {
        if depth > MAX_EXPR_DEPTH {
            return Err(self.corrupt("launch expression nested too deeply".into()));
        }
        Ok(match self.u8("launch expression")? {
            0 => DimExpr::Const(self.u64("constant")?),
            1 => DimExpr::ArgDim { arg: self.u32("argument")?, dim: self.u32("dim")? },
            2 => DimExpr::Mul(Box::new(self.expr(depth + 1)?), Box::new(self.expr(depth + 1)?)),
            3 => DimExpr::CeilDiv(Box::new(self.expr(depth + 1)?), self.u64("divisor")?),
            4 => DimExpr::Scalar { arg: self.u32("argument")? },
            5 => DimExpr::Add(Box::new(self.expr(depth + 1)?), Box::new(self.expr(depth + 1)?)),
            t => return Err(self.corrupt(format!("unknown launch expression tag {t}"))),
        })
    }
}

fn read_kernel<'b>(r: &mut Reader<'b>, images: &[Bytes], version: u32) -> Result<PackagedKernel, PackageError> {
    let take = |r: &mut Reader<'b>, what: &'static str| -> Result<Bytes, PackageError> {
        let at = r.pos;
        let i = r.u32(what)?;
        images.get(i as usize).cloned().ok_or(PackageError::Corrupt {
            offset: at,
            message: format!("{what} refers to image {i} of {}", images.len()),
        })
    };
    let name = r.str("kernel name")?;
    let mut spec = MultiKernelLoaderSpec::new(name.clone());
    for _ in 0..r.u8("spec count")? {
        let s = match r.u8("spec kind")? {
            0 => {
                let mut ptx = Vec::new();
                for _ in 0..r.u32("PTX count")? {
                    let cc = r.cc()?;
                    let text = take(r, "PTX text")?;
                    let form = if version >= 3 {
                        let flag = r.u8("image form flag")?;
                        flag_form(r, flag, version)?
                    } else {
                        ImageForm::Portable
                    };
                    ptx.push((cc, form, text));
                }
                KernelLoaderSpec::cuda_ptx_forms(name.clone(), ptx)
            }
            1 if version < 4 => {
                let cc = r.cc()?;
                KernelLoaderSpec::cuda_cubins(name.clone(), [(cc, false, take(r, "cubin")?)])
            }
            1 => {
                let mut cubins = Vec::new();
                for _ in 0..r.u32("cubin count")? {
                    let cc = r.cc()?;
                    let image = take(r, "cubin")?;
                    let flag = r.u8("image form flag")?;
                    cubins.push((cc, flag_form(r, flag, version)?, image));
                }
                KernelLoaderSpec::cuda_cubin_forms(name.clone(), cubins)
            }
            2 => KernelLoaderSpec::OpenClTextInMemory { kernel_name: name.clone(), text: take(r, "OpenCL text")? },
            t => return Err(r.corrupt(format!("unknown spec kind {t}"))),
        };
        spec.add(s)?;
    }
    let grid = [r.expr(0)?, r.expr(0)?, r.expr(0)?];
    let block = [r.u32("block")?, r.u32("block")?, r.u32("block")?];
    let shared_memory_bytes = r.u32("shared memory")?;
    let mut args = Vec::new();
    for _ in 0..r.u32("argument count")? {
        args.push(match r.u8("argument kind")? {
            0 => {
                let name = r.str("argument name")?;
                let e = r.u8("element type")?;
                let element =
                    *ElementKind::ALL.get(e as usize).ok_or_else(|| r.corrupt(format!("unknown element type {e}")))?;
                let access = match r.u8("access")? {
                    0 => Access::Read,
                    1 => Access::Write,
                    2 => Access::ReadWrite,
                    a => return Err(r.corrupt(format!("unknown access {a}"))),
                };
                let rank = r.u32("rank")?;
                let mut shape = Vec::new();
                for _ in 0..rank {
                    shape.push(match r.u8("dim kind")? {
                        0 => Dim::Static(r.u64("dim")?),
                        1 => Dim::Dynamic(r.u64("dim symbol")? as u32),
                        k => return Err(r.corrupt(format!("unknown dim kind {k}"))),
                    });
                }
                ArgSpec::Buffer { name, element, shape, access }
            }
            1 => {
                let name = r.str("argument name")?;
                let ty = if r.u8("scalar type")? == 1 { ScalarType::I64 } else { ScalarType::I32 };
                let source = match r.u8("scalar source")? {
                    0 => ScalarSource::Given,
                    1 => ScalarSource::Const(r.u64("constant")? as i64),
                    2 => ScalarSource::Expr(r.expr(0)?),
                    s => return Err(r.corrupt(format!("unknown scalar source {s}"))),
                };
                ArgSpec::Scalar { name, ty, source }
            }
            2 => ArgSpec::Scratch { name: r.str("argument name")?, bytes: r.expr(0)? },
            3 => ArgSpec::Alias { name: r.str("argument name")?, of: r.u32("alias target")? },
            k => return Err(r.corrupt(format!("unknown argument kind {k}"))),
        });
    }
    let mut attributes = BTreeMap::new();
    for _ in 0..r.u32("attribute count")? {
        let key = r.str("attribute key")?;
        attributes.insert(key, r.str("attribute value")?);
    }
    let launch = LaunchMetadata { grid, block, shared_memory_bytes, args };
    launch
        .validate()
        .map_err(|message| PackageError::Corrupt { offset: r.pos, message: format!("kernel '{name}': {message}") })?;
    Ok(PackagedKernel { spec, launch, attributes })
}
