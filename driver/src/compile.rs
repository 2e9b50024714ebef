//! The embedding API: compile MLIR dispatches to a package, or stop at any
//! stage of the pipeline and take the module.
//!
//! ```no_run
//! use ukc::compile::{CompileOptions, Compiler};
//! use ukernel_passes::codegen::Stage;
//!
//! let compiler = Compiler::new(CompileOptions::default())?;
//! let compiled = compiler.compile_text(ukc::ukc::DEMO_SOURCE, "decode_step.mlir")?;
//! std::fs::write("decode.pkg", compiled.package.to_bytes())?;
//!
//! // Or only the first stages, to inspect or continue elsewhere:
//! let mut module = compiler.parse(ukc::ukc::DEMO_SOURCE, "decode_step.mlir")?;
//! compiler.run_to(&mut module, Stage::Lowered)?;
//! println!("{}", melior::ir::operation::OperationLike::to_string(&module.as_operation()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::{collections::BTreeMap, path::PathBuf};

use melior::{
    Context,
    ir::{Attribute, Module, attribute::ArrayAttribute, operation::OperationLike, operation::OperationMutLike},
};
use ukernel_dialect::{
    EXECUTABLE_OBJECTS, ExecutableObject, GpuArch, TARGET_ATTR, Target, UKernelSelection,
    location::{CapturedDiagnostic, capture_diagnostics},
};
use ukernel_passes::{
    codegen::{self, CodegenError, KernelInfo, Stage},
    grid::GridExpr,
};
use ukernel_runtime::{
    ArgSpec, ComputeCapability, DimExpr, ElementKind, KernelLoaderSpec, LaunchMetadata, MultiKernelLoaderSpec, Package,
    PackagedKernel,
    launch::{Access, Dim, ScalarSource, ScalarType},
};
use ukernel_target_nvptx::EmittedModule;

/// What to compile for.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// Arches to emit PTX for (sm_80, sm_90a, ...); selection runs per arch
    /// in [`Compiler::compile_text`] (a variant per group of arches whose
    /// decisions differ; [`Compiler::parse`] alone targets the lowest).
    /// Default: sm_80 and sm_90a (Ampere and later, and Hopper's own
    /// ukernels on Hopper).
    pub arches: Vec<GpuArch>,
    /// Overrides the module's `ukernels` selection.
    pub ukernels: Option<UKernelSelection>,
    /// Lets matmuls of 16-bit outputs accumulate in f32 and round once
    /// (`ukernel.matmul_accumulation = "f32"` on the module; see
    /// `ukernel-widen-accumulation`). Off: they keep the IR's 16-bit sums.
    pub matmul_accumulation_f32: bool,
    /// Lets FP8 matmuls sum on tensor cores (`ukernel.fp8_sums =
    /// "tensor-core"` on the module): the FP8 wgmma ukernel, fewer bits than
    /// the IR's f32 sums. Off: they keep the IR's f32 sums (default path).
    pub fp8_tensor_core_sums: bool,
    /// A tuning file whose records choose where they match, and which
    /// GPU's and driver's records apply (see [`Tuning`]).
    pub tuning: Option<Tuning>,
    /// Objects to put on the module before selection (user-supplied
    /// ukernels: an object with a registry ukernel's path replaces it).
    pub objects: Vec<ExecutableObject>,
    /// Where to write the IR of each stage, the linked LLVM IR and the PTX.
    pub dump_dir: Option<PathBuf>,
    /// Print each stage as it starts, and a progress bar of the kernels'
    /// emission, to stderr.
    pub progress: bool,
    /// Threads that link, optimize and emit kernels (0: one per core).
    pub jobs: usize,
    /// Inline each ukernel into every kernel (default) or call one copy.
    pub linkage: ukernel_target_nvptx::link::UKernelLinkage,
    /// libdevice (math functions) and ptxas (cubins), where found.
    pub cuda: ukernel_target_nvptx::CudaTools,
    /// Compile each arch's PTX to a cubin too, when ptxas is there.
    pub cubins: bool,
    /// Keep a kernel per shape: kernels that differ only in sizes do not
    /// share one code with the sizes as launch arguments
    /// (`ukernel-share-kernel-code`).
    pub specialize_sizes: bool,
    /// Look up and keep each arch's PTX and cubin here (off by default in
    /// the library; `ukc` uses `CompileCache::default_location`). Bypassed
    /// when `dump_dir` is set, so that every dump is written.
    pub cache: Option<ukernel_target_nvptx::cache::CompileCache>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        Self {
            arches: vec![GpuArch::portable(80), GpuArch::specific(90)],
            ukernels: None,
            matmul_accumulation_f32: false,
            fp8_tensor_core_sums: false,
            tuning: None,
            objects: Vec::new(),
            dump_dir: None,
            progress: false,
            jobs: 0,
            linkage: Default::default(),
            cuda: ukernel_target_nvptx::CudaTools::discover(),
            cubins: true,
            specialize_sizes: false,
            cache: None,
        }
    }
}

/// Measured choices for a compile: the module gets `ukernel.tuning_file`
/// and, where known, `ukernel.tuning_gpu` / `ukernel.tuning_driver`, which
/// restrict the records that apply.
#[derive(Clone, Debug, Default)]
pub struct Tuning {
    pub file: std::path::PathBuf,
    /// The GPU's name as the driver reports it (None: any GPU's records).
    pub gpu: Option<String>,
    /// The CUDA driver version, as records store it (None: any driver's).
    pub driver: Option<String>,
}

impl Tuning {
    /// `file`'s records for the GPU named `gpu`; without one, for this
    /// machine's first GPU and driver where it has one, else for any.
    pub fn new(file: std::path::PathBuf, gpu: Option<String>) -> Self {
        if gpu.is_some() {
            return Self { file, gpu, driver: None };
        }
        let local = || -> Option<(String, String)> {
            use ukernel_runtime::cuda;
            if !cuda::init().ok()? || cuda::device_count().ok()? == 0 {
                return None;
            }
            Some((cuda::device_name(0).ok()?, cuda::driver_version().ok()?.to_string()))
        };
        match local() {
            Some((gpu, driver)) => Self { file, gpu: Some(gpu), driver: Some(driver) },
            None => Self { file, gpu: None, driver: None },
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// Errors at places of the input (parse, verify, any stage), with the
    /// input's name.
    #[error("{}", render(.0, .1))]
    Diagnostics(Vec<CapturedDiagnostic>, String),
    /// A stage failed; `message` is already located in the input.
    #[error("{message}")]
    Stage { stage: &'static str, message: String },
    #[error(transparent)]
    Dialect(#[from] ukernel_dialect::Error),
    #[error(transparent)]
    Codegen(#[from] CodegenError),
    #[error(transparent)]
    Target(#[from] ukernel_target_nvptx::TargetError),
    #[error("no arch to compile for")]
    NoArch,
    #[error("cannot write {path}: {error}")]
    Dump { path: String, error: std::io::Error },
    #[error("kernel '{kernel}': {message}")]
    Metadata { kernel: String, message: String },
}

fn render(d: &[CapturedDiagnostic], file: &str) -> String {
    let text: String = d.iter().map(|d| d.render(Some(file))).collect();
    if text.is_empty() { format!("{file}: error: the input does not parse") } else { text.trim_end().to_string() }
}

/// The result of a compile.
pub struct Compiled {
    pub package: Package,
    pub kernels: Vec<KernelInfo>,
    /// The emitted modules: one per kernel as a rule (all kernels in one
    /// with called ukernels), each with its PTX and cubin per arch.
    pub modules: Vec<EmittedModule>,
    pub linked_objects: BTreeMap<GpuArch, Vec<String>>,
    /// One line per dispatch: the ukernel decision (the selection remarks).
    pub decisions: Vec<String>,
    /// Per kernel (as `kernels`), the arches of its variant where the
    /// package has several (empty where it has one).
    pub variants: Vec<String>,
}

/// Kernel attribute: the arches a variant of a function was compiled for,
/// where a package holds several (see [`Compiler::selection_groups`]).
pub const ARCHES_ATTRIBUTE: &str = "arches";

/// A part of a module compiled for some of the requested arches: the
/// dispatches it keeps, and whether it is a variant of them (its kernels
/// tagged with its arches) or their only compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub arches: Vec<GpuArch>,
    pub functions: Vec<String>,
    pub variant: bool,
}

/// Erases the dispatches of `module` not named in `keep`.
pub(crate) fn keep_functions(module: &Module, keep: &[String]) {
    for func in ukernel_passes::dispatch::dispatches(&module.as_operation()) {
        let name = func.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).unwrap_or_default();
        if !keep.contains(&name) {
            // SAFETY: `func` is a live op of the module, removed once and then destroyed below; nothing else refers to it.
            let mut m = unsafe { melior::ir::operation::OperationRefMut::from_raw(func.to_raw()) };
            m.remove_from_parent();
            // SAFETY: the op was just removed from its parent, so this owned handle is its only one.
            drop(unsafe { melior::ir::Operation::from_raw(func.to_raw()) });
        }
    }
}

/// `sm_80,sm_86`: a group of arches as a variant's tag.
fn arch_tag(arches: &[GpuArch]) -> String {
    arches.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(",")
}

impl Compiled {
    /// The arches that have PTX, and those that have cubins.
    pub fn arches(&self) -> (Vec<GpuArch>, Vec<GpuArch>) {
        let mut ptx = std::collections::BTreeSet::new();
        let mut cubins = std::collections::BTreeSet::new();
        for m in &self.modules {
            ptx.extend(m.ptx.keys().copied());
            cubins.extend(m.cubins.keys().copied());
        }
        (ptx.into_iter().collect(), cubins.into_iter().collect())
    }
}

/// Texts of several modules one after the other (a dump for reading, not
/// one loadable module), each after a `comment` line naming its kernels.
fn listing<'a>(parts: impl Iterator<Item = (&'a [String], &'a str)>, comment: &str) -> String {
    let mut out = String::new();
    for (kernels, text) in parts {
        out += &format!("{comment} ---- module of {} ----\n", kernels.join(", "));
        out += text;
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// A compiler: one MLIR context with every dialect, pass and the `ukernel`
/// dialect, and the options.
pub struct Compiler {
    context: Context,
    options: CompileOptions,
    /// Name of the last parsed input, for diagnostics.
    file_name: std::cell::RefCell<String>,
    /// Wall time of each step since the last parse.
    timings: std::cell::RefCell<Vec<(String, std::time::Duration)>>,
}

impl Compiler {
    pub fn new(options: CompileOptions) -> Result<Self, CompileError> {
        if options.arches.is_empty() {
            return Err(CompileError::NoArch);
        }
        ukernel_passes::register_passes();
        Ok(Self {
            context: ukernel_dialect::create_context()?,
            options,
            file_name: std::cell::RefCell::new("<input>".into()),
            timings: Default::default(),
        })
    }

    pub fn context(&self) -> &Context {
        &self.context
    }

    /// Parses and verifies `text` (named `file` in diagnostics), and sets
    /// the target: the module's own, with the arch lowered to the lowest
    /// requested one and `ukernels` overridden when the options say so.
    pub fn parse<'c>(&'c self, text: &str, file: &str) -> Result<Module<'c>, CompileError> {
        self.file_name.replace(file.to_string());
        self.timings.borrow_mut().clear();
        let parse_started = std::time::Instant::now();
        crate::guard::enter("parse");
        if let Some(d) = ukernel_dialect::precheck::check_input(text, file) {
            return Err(CompileError::Diagnostics(vec![d], file.to_string()));
        }
        let (module, diagnostics) = capture_diagnostics(&self.context, || {
            let m = Module::parse(&self.context, text)?;
            (m.as_operation().verify()
                && ukernel_dialect::verify_ukernel_attributes(m.as_operation()) == 0
                && arguments_have_runtime_types(&m))
            .then_some(m)
        });
        let mut module = module.ok_or_else(|| CompileError::Diagnostics(diagnostics.clone(), file.to_string()))?;
        drop_transform_scripts(&module);
        self.timings.borrow_mut().push(("parse and verify".into(), parse_started.elapsed()));
        let lowest = *self.options.arches.iter().min().ok_or(CompileError::NoArch)?;
        let mut target = match module.as_operation().attribute(TARGET_ATTR) {
            Ok(a) => Target::try_from(a)?,
            Err(_) => Target::new(lowest.sm, UKernelSelection::All),
        };
        target.sm = lowest.sm;
        target.specific = lowest.specific;
        target.family = lowest.family;
        if let Some(u) = &self.options.ukernels {
            target.ukernels = u.clone();
        }
        let attr = target.to_attribute(&self.context)?;
        module.as_operation_mut().set_attribute(TARGET_ATTR, attr);
        if self.options.matmul_accumulation_f32 {
            let f32_value =
                melior::ir::attribute::StringAttribute::new(&self.context, ukernel_passes::widen_accumulation::F32);
            module.as_operation_mut().set_attribute(ukernel_passes::widen_accumulation::MODULE_ATTR, f32_value.into());
        }
        if self.options.fp8_tensor_core_sums {
            use ukernel_passes::names::{FP8_SUMS_ATTR, FP8_TENSOR_CORE_SUMS};
            let value = melior::ir::attribute::StringAttribute::new(&self.context, FP8_TENSOR_CORE_SUMS);
            module.as_operation_mut().set_attribute(FP8_SUMS_ATTR, value.into());
        }
        if let Some(tuning) = &self.options.tuning {
            use melior::ir::attribute::StringAttribute;
            use ukernel_passes::tuning::{TUNING_DRIVER_ATTR, TUNING_FILE_ATTR, TUNING_GPU_ATTR};
            let op = &mut module.as_operation_mut();
            let file = tuning.file.display().to_string();
            for (attr, value) in [
                (TUNING_FILE_ATTR, Some(&file)),
                (TUNING_GPU_ATTR, tuning.gpu.as_ref()),
                (TUNING_DRIVER_ATTR, tuning.driver.as_ref()),
            ] {
                if let Some(value) = value {
                    op.set_attribute(attr, StringAttribute::new(&self.context, value).into());
                }
            }
        }
        if !self.options.objects.is_empty() {
            let mut objects: Vec<Attribute> = match module.as_operation().attribute(EXECUTABLE_OBJECTS) {
                Ok(a) => ArrayAttribute::try_from(a)
                    .map(|arr| (0..arr.len()).filter_map(|i| arr.element(i).ok()).collect())
                    .unwrap_or_default(),
                Err(_) => Vec::new(),
            };
            for o in &self.options.objects {
                objects.push(o.to_attribute(&self.context)?);
            }
            module
                .as_operation_mut()
                .set_attribute(EXECUTABLE_OBJECTS, ArrayAttribute::new(&self.context, &objects).into());
        }
        Ok(module)
    }

    /// Runs the pipeline from the input up to `stage` (a prefix of it).
    pub fn run_to(&self, module: &mut Module, stage: Stage) -> Result<Vec<String>, CompileError> {
        self.run_stage_range(module, Stage::Input, stage, true)
    }

    /// Runs the stages after `from` up to `to`; returns their remarks
    /// rendered. Each stage's dump elides resource blobs over 64 bytes when
    /// `elide_resources` (the stages up to `kernels`, as `run_to` runs them).
    fn run_stage_range(
        &self,
        module: &mut Module,
        from: Stage,
        to: Stage,
        elide_resources: bool,
    ) -> Result<Vec<String>, CompileError> {
        let mut remarks = Vec::new();
        for s in Stage::ALL.into_iter().filter(|s| *s > from && *s <= to) {
            if self.options.progress {
                eprintln!("ukc: {} ...", s.name());
            }
            crate::guard::enter(s.name());
            let started = std::time::Instant::now();
            let notes = codegen::run_stage(&self.context, module, s).map_err(|e| self.locate(e))?;
            tracing::debug!(stage = s.name(), ms = started.elapsed().as_secs_f64() * 1e3, "stage done");
            self.timings.borrow_mut().push((format!("{} stage", s.name()), started.elapsed()));
            let file = self.file_name.borrow().clone();
            remarks.extend(notes.iter().map(|d| d.render(Some(&file)).trim_end().to_string()));
            self.dump(&format!("{}.{}.mlir", stage_index(s), s.name()), || {
                let flags = melior::ir::operation::OperationPrintingFlags::new();
                if elide_resources {
                    // SAFETY: `flags` is live for the call.
                    unsafe { mlir_sys::mlirOpPrintingFlagsElideLargeResourceString(flags.to_raw(), 64) };
                }
                module.as_operation().to_string_with_flags(flags).unwrap_or_default()
            })?;
        }
        Ok(remarks)
    }

    /// Wall time of each step of the last compile (parse, each stage,
    /// translation, link/O3/PTX, ptxas), in order.
    pub fn timings(&self) -> Vec<(String, std::time::Duration)> {
        self.timings.borrow().clone()
    }

    fn dump<T: AsRef<[u8]>>(&self, name: &str, text: impl FnOnce() -> T) -> Result<(), CompileError> {
        let Some(dir) = &self.options.dump_dir else { return Ok(()) };
        let path = dir.join(name);
        std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&path, text()))
            .map_err(|error| CompileError::Dump { path: path.display().to_string(), error })
    }

    /// Compiles `text` to a package. Where the requested arches' selections
    /// differ for a function, each group of arches that agree gets a
    /// variant of it (see [`selection_parts`](Self::selection_parts)); the
    /// functions whose selections agree everywhere are compiled once, with
    /// PTX for every arch.
    pub fn compile_text(&self, text: &str, file: &str) -> Result<Compiled, CompileError> {
        let parts = self.selection_parts(text, file)?;
        if parts.len() <= 1 {
            let mut module = self.parse(text, file)?;
            return self.compile_module(&mut module);
        }
        let mut merged: Option<Compiled> = None;
        for part in parts {
            let tag = if part.variant { arch_tag(&part.arches) } else { "all".to_string() };
            let sub = Compiler::new(CompileOptions {
                arches: part.arches,
                dump_dir: self.options.dump_dir.as_ref().map(|d| d.join(&tag)),
                ..self.options.clone()
            })?;
            let mut module = sub.parse(text, file)?;
            keep_functions(&module, &part.functions);
            let mut compiled = sub.compile_module(&mut module)?;
            self.timings.borrow_mut().extend(sub.timings().into_iter().map(|(what, t)| (format!("{tag}: {what}"), t)));
            if part.variant {
                for k in &mut compiled.package.kernels {
                    k.attributes.insert(ARCHES_ATTRIBUTE.into(), tag.clone());
                }
                compiled.variants = vec![tag.clone(); compiled.kernels.len()];
                compiled.decisions = compiled.decisions.iter().map(|d| format!("[{tag}] {d}")).collect();
            }
            merged = Some(match merged {
                None => compiled,
                Some(mut all) => {
                    all.package.kernels.extend(compiled.package.kernels);
                    all.kernels.extend(compiled.kernels);
                    all.variants.extend(compiled.variants);
                    all.modules.extend(compiled.modules);
                    for (arch, objects) in compiled.linked_objects {
                        let entry = all.linked_objects.entry(arch).or_default();
                        for o in objects {
                            if !entry.contains(&o) {
                                entry.push(o);
                            }
                        }
                    }
                    all.decisions.extend(compiled.decisions);
                    all
                }
            });
        }
        merged.ok_or(CompileError::NoArch)
    }

    /// How the requested arches' selections split the module: for each
    /// arch, `ukernel-kernel-config` runs on the module as it targets that
    /// arch alone, giving each function's lowering configs there. Functions
    /// whose configs agree on every arch form one part compiled for all;
    /// the others one part per group of arches that agree on all of them,
    /// each a variant. `sm_80,sm_90a` splits wherever Hopper gets its own
    /// ukernel (`wgmma`), so that a 9.0 device runs it and not the Ampere
    /// choice; sm_80 and sm_90 split where a plan follows the SM count.
    pub fn selection_parts(&self, text: &str, file: &str) -> Result<Vec<Part>, CompileError> {
        let mut arches = self.options.arches.clone();
        arches.sort();
        arches.dedup();
        if arches.len() < 2 {
            return Ok(vec![]);
        }
        // Per arch, per function (in order), its configs.
        let mut per_arch: Vec<Vec<(String, Vec<String>)>> = Vec::new();
        for &arch in &arches {
            let sub = Compiler::new(CompileOptions {
                arches: vec![arch],
                dump_dir: None,
                progress: false,
                ..self.options.clone()
            })?;
            let mut module = sub.parse(text, file)?;
            sub.run_to(&mut module, Stage::Configured)?;
            let mut functions = Vec::new();
            for func in ukernel_passes::dispatch::dispatches(&module.as_operation()) {
                let name = func.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).unwrap_or_default();
                let mut configs = Vec::new();
                func.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
                    if let Ok(a) = op.attribute(ukernel_dialect::LOWERING_CONFIG_ATTR) {
                        configs.push(a.to_string());
                    }
                    melior::ir::operation::WalkResult::Advance
                });
                functions.push((name, configs));
            }
            per_arch.push(functions);
        }
        let names: Vec<String> = per_arch[0].iter().map(|(n, _)| n.clone()).collect();
        let configs_of = |a: usize, name: &str| per_arch[a].iter().find(|(n, _)| n == name).map(|(_, c)| c.clone());
        let (common, differing): (Vec<String>, Vec<String>) =
            names.into_iter().partition(|name| (1..arches.len()).all(|a| configs_of(a, name) == configs_of(0, name)));
        if differing.is_empty() {
            return Ok(vec![]);
        }
        let mut parts = Vec::new();
        if !common.is_empty() {
            parts.push(Part { arches: arches.clone(), functions: common, variant: false });
        }
        let mut groups: Vec<(Vec<Option<Vec<String>>>, Vec<GpuArch>)> = Vec::new();
        for (a, &arch) in arches.iter().enumerate() {
            let signature: Vec<Option<Vec<String>>> = differing.iter().map(|n| configs_of(a, n)).collect();
            match groups.iter_mut().find(|(s, _)| *s == signature) {
                Some((_, group)) => group.push(arch),
                None => groups.push((signature, vec![arch])),
            }
        }
        parts.extend(groups.into_iter().map(|(_, arches)| Part {
            arches,
            functions: differing.clone(),
            variant: true,
        }));
        Ok(parts)
    }

    /// Compiles a parsed module (as from [`parse`](Self::parse)) to a package.
    pub fn compile_module(&self, module: &mut Module) -> Result<Compiled, CompileError> {
        let mut decisions = self.run_to(module, Stage::Kernels)?;
        let mut kernels = codegen::kernel_infos(module).map_err(|e| self.locate(e))?;
        let objects = ukernel_target_nvptx::module_objects(module);
        self.check_math_functions(module)?;
        if self.options.specialize_sizes {
            module
                .as_operation_mut()
                .set_attribute(ukernel_passes::names::SPECIALIZE_SIZES_ATTR, Attribute::unit(&self.context));
        }
        decisions.extend(self.run_to_from(module, Stage::Kernels, Stage::Llvm)?);
        codegen::record_shared_code(module, &mut kernels);
        if self.options.progress {
            eprintln!("ukc: LLVM IR, link, PTX for {} ...", arch_list(&self.options.arches));
        }
        crate::guard::enter("LLVM IR translation");
        let started = std::time::Instant::now();
        let llvm = inkwell::context::Context::create();
        // A called ukernel is one copy per module: keep every kernel in one.
        let split = match self.options.linkage {
            ukernel_target_nvptx::UKernelLinkage::Call => ukernel_target_nvptx::Split::Whole,
            _ => ukernel_target_nvptx::Split::PerKernel,
        };
        let (translated, diagnostics) =
            capture_diagnostics(&self.context, || ukernel_target_nvptx::translate_partitioned(module, &llvm, split));
        let partitions = match translated {
            Ok(p) => p,
            Err(e) if diagnostics.is_empty() => return Err(e.into()),
            Err(_) => return Err(CompileError::Diagnostics(diagnostics, self.file_name.borrow().clone())),
        };
        drop(llvm);
        self.timings
            .borrow_mut()
            .push((format!("LLVM IR translation ({} modules)", partitions.len()), started.elapsed()));
        self.dump("5.translated.ll", || {
            listing(partitions.iter().map(|p| (p.kernels.as_slice(), p.ir.as_str())), ";")
        })?;
        let emit_options = ukernel_target_nvptx::EmitOptions {
            linkage: self.options.linkage,
            libdevice: self.options.cuda.libdevice.clone(),
            ptxas: self.options.cuda.ptxas.clone().filter(|_| self.options.cubins),
            cache: self.options.cache.clone().filter(|_| self.options.dump_dir.is_none()),
            jobs: self.options.jobs,
            keep_ir: self.options.dump_dir.is_some(),
            progress: self.options.progress.then(crate::progress::bar),
        };
        crate::guard::enter("link, PTX and cubin emission");
        let emitted = ukernel_target_nvptx::emit(&partitions, &objects, &self.options.arches, &emit_options)?;
        drop(partitions);
        self.timings.borrow_mut().extend(emitted.timings.iter().cloned());
        for &arch in &self.options.arches {
            let texts = |of: fn(&EmittedModule) -> &BTreeMap<GpuArch, String>| {
                emitted.modules.iter().filter_map(move |m| Some((m.kernels.as_slice(), of(m).get(&arch)?.as_str())))
            };
            self.dump(&format!("6.linked.{arch}.ll"), || listing(texts(|m| &m.linked_ir), ";"))?;
            self.dump(&format!("7.kernels.{arch}.ptx"), || listing(texts(|m| &m.ptx), "//"))?;
        }
        for m in &emitted.modules {
            for (arch, cubin) in &m.cubins {
                let name = m.kernels.first().map_or("kernels", String::as_str);
                self.dump(&format!("8.{name}.{arch}.cubin"), || cubin.clone())?;
            }
        }
        let package = build_package(&kernels, &emitted.modules)?;
        let variants = vec![String::new(); kernels.len()];
        Ok(Compiled {
            package,
            kernels,
            modules: emitted.modules,
            linked_objects: emitted.linked_objects,
            decisions,
            variants,
        })
    }

    /// A codegen error with its diagnostics rendered against the input's name.
    fn locate(&self, e: CodegenError) -> CompileError {
        match e {
            CodegenError::Stage { stage, diagnostics } => {
                let file = self.file_name.borrow().clone();
                let text: String = diagnostics.iter().map(|d| d.render(Some(&file))).collect();
                let message = if text.is_empty() {
                    format!("{file}: error: the {stage} stage failed")
                } else {
                    text.trim_end().to_string()
                };
                CompileError::Stage { stage, message }
            }
            other => CompileError::Codegen(other),
        }
    }

    /// Without libdevice, each math op that needs it is an error at the op.
    fn check_math_functions(&self, module: &Module) -> Result<(), CompileError> {
        if self.options.cuda.libdevice.is_some() {
            return Ok(());
        }
        let hint = self.options.cuda.missing_hint().unwrap_or_default();
        let needing = ukernel_passes::math_to_libdevice::ops_needing_libdevice(&module.as_operation());
        if needing.is_empty() {
            return Ok(());
        }
        let diagnostics = needing
            .into_iter()
            .map(|(op, location)| CapturedDiagnostic {
                severity: ukernel_dialect::location::Severity::Error,
                pos: ukernel_dialect::location::source_pos(location),
                message: format!("'{op}' is computed by NVIDIA's libdevice; {hint}"),
                notes: vec![],
            })
            .collect();
        Err(CompileError::Diagnostics(diagnostics, self.file_name.borrow().clone()))
    }

    /// Runs the stages after `from` up to `to`; returns their remarks.
    fn run_to_from(&self, module: &mut Module, from: Stage, to: Stage) -> Result<Vec<String>, CompileError> {
        self.run_stage_range(module, from, to, false)
    }
}

fn stage_index(s: Stage) -> usize {
    Stage::ALL.iter().position(|x| *x == s).unwrap_or(0)
}

fn arch_list(arches: &[GpuArch]) -> String {
    arches.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
}

fn element_kind(name: &str) -> Option<ElementKind> {
    match name {
        // `index` is 64 bits wide in the kernels (the NVPTX data layout) and
        // in the CPU reference (x86-64).
        "index" => Some(ElementKind::I64),
        _ => ElementKind::from_name(name),
    }
}

/// Package kernels from the kernel infos and the emitted modules (each
/// kernel's PTX and cubins are those of its module).
pub fn build_package(kernels: &[KernelInfo], modules: &[EmittedModule]) -> Result<Package, CompileError> {
    let mut out = Vec::new();
    // A kernel's images are its module's; the package stores each image once
    // and the runtime loads it once per device (its module cache is keyed
    // by content). Arch-specific PTX (sm_90a) is marked so: it loads only on
    // exactly its capability.
    let arches: std::collections::BTreeSet<GpuArch> = modules.iter().flat_map(|m| m.ptx.keys().copied()).collect();
    let mut seen = std::collections::BTreeSet::new();
    for arch in arches {
        if !seen.insert(arch.sm) {
            return Err(CompileError::Metadata {
                kernel: String::new(),
                message: format!(
                    "two forms of sm_{} requested (of sm_XY, sm_XYa, sm_XYf); a kernel has one PTX per capability",
                    arch.sm
                ),
            });
        }
    }
    type Images = Vec<(ComputeCapability, ukernel_runtime::ImageForm, ukernel_runtime::spec::Bytes)>;
    fn images<T: Clone + Into<ukernel_runtime::spec::Bytes>>(per_arch: &BTreeMap<GpuArch, T>) -> Images {
        per_arch.iter().map(|(arch, image)| (arch.capability(), arch.image_form(), image.clone().into())).collect()
    }
    // Each module's images converted once; its kernels share them. Whether
    // it holds scratch globals (state its launches write, which launches on
    // two streams must not share: the runtime loads one instance per
    // stream) is read once too.
    let prefix = ukernel_passes::names::SCRATCH_GLOBAL_PREFIX;
    let module_images: Vec<(Images, Images, bool)> = modules
        .iter()
        .map(|m| (images(&m.ptx), images(&m.cubins), m.ptx.values().any(|text| text.contains(prefix))))
        .collect();
    let module_of: std::collections::HashMap<&str, &(Images, Images, bool)> =
        modules.iter().zip(&module_images).flat_map(|(m, i)| m.kernels.iter().map(move |k| (k.as_str(), i))).collect();
    /// An argument's name for the caller: its role in the family's reference
    /// (the family's `argument_roles`) where it has one.
    fn argument_name(k: &ukernel_passes::codegen::KernelInfo, i: usize) -> String {
        k.reference
            .as_ref()
            .and_then(|r| {
                let roles = ukernel_passes::families::family(&r.family)?.argument_roles();
                r.fields.iter().find(|(key, v)| roles.contains(&key.as_str()) && *v == i.to_string())
            })
            .map(|(key, _)| key.clone())
            .unwrap_or_else(|| format!("arg{i}"))
    }
    for k in kernels {
        let fail = |message: String| CompileError::Metadata { kernel: k.name.clone(), message };
        // A kernel that runs another's code loads that kernel's entry.
        let entry = k.shared_code.as_ref().map_or(k.name.as_str(), |s| s.entry.as_str());
        let (ptx, cubins, stateful) =
            module_of.get(entry).ok_or_else(|| fail(format!("no emitted module holds its entry '{entry}'")))?;
        let mut spec = MultiKernelLoaderSpec::new(&k.name)
            .with(KernelLoaderSpec::cuda_ptx_forms(&k.name, ptx.clone()))
            .map_err(|e| fail(e.to_string()))?;
        if !cubins.is_empty() {
            spec.add(KernelLoaderSpec::cuda_cubin_forms(&k.name, cubins.clone())).map_err(|e| fail(e.to_string()))?;
        }
        let mut args = Vec::new();
        /// `g` with each argument dim as its launch-time size: a given
        /// buffer's dim is read from it, a temporary's is its size
        /// expression (a temporary is no argument of the launch).
        fn grid_dim(g: &GridExpr, arg_sizes: &[Vec<DimExpr>]) -> Result<DimExpr, String> {
            Ok(match g {
                GridExpr::Const(c) => DimExpr::Const(*c),
                GridExpr::ArgDim { arg, dim } => arg_sizes
                    .get(*arg)
                    .and_then(|sizes| sizes.get(*dim))
                    .cloned()
                    .ok_or_else(|| format!("grid refers to dim {dim} of argument {arg}, which it has not"))?,
                GridExpr::Mul(a, b) => DimExpr::mul(grid_dim(a, arg_sizes)?, grid_dim(b, arg_sizes)?),
                GridExpr::CeilDiv(e, c) => DimExpr::CeilDiv(Box::new(grid_dim(e, arg_sizes)?), *c),
            })
        }
        // Each memref's dims as launch-time expressions.
        let mut arg_sizes: Vec<Vec<DimExpr>> = Vec::new();
        let mut next_symbol = 0u32;
        let mut symbols: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        for (i, a) in k.args.iter().enumerate() {
            let element = element_kind(&a.element).ok_or_else(|| {
                fail(format!("argument {i}: element type {} is not supported by the runtime", a.element))
            })?;
            let base = args.len() as u32;
            // A temporary's dims follow from the arguments before it (it is
            // added after them).
            let temporary_size = |d: usize| -> Result<DimExpr, CompileError> {
                match (a.dims[d], a.temporary_sizes.get(d)) {
                    (Some(n), _) => Ok(DimExpr::Const(n)),
                    (None, Some(g)) => grid_dim(g, &arg_sizes).map_err(fail),
                    (None, None) => Err(fail(format!("temporary {i} has a dynamic dim of unknown size"))),
                }
            };
            if a.temporary {
                let mut bytes = DimExpr::Const(element.size_bytes() as u64);
                for d in 0..a.dims.len() {
                    bytes = DimExpr::mul(bytes, temporary_size(d)?);
                }
                args.push(ArgSpec::Scratch { name: format!("temp{i}"), bytes });
            } else {
                // Dynamic dims of one class share a symbol, so the runtime
                // checks that they agree; a dim of no class gets its own.
                let shape = a
                    .dims
                    .iter()
                    .enumerate()
                    .map(|(d, size)| {
                        match (size.or(a.pinned.get(d).copied().flatten()), a.dim_classes.get(d).copied().flatten()) {
                            // Static, or pinned: the IR computes only with this size.
                            (Some(n), _) => Dim::Static(n),
                            (None, Some(class)) => Dim::Dynamic(*symbols.entry(class).or_insert_with(|| {
                                next_symbol += 1;
                                next_symbol - 1
                            })),
                            (None, None) => {
                                next_symbol += 1;
                                Dim::Dynamic(next_symbol - 1)
                            }
                        }
                    })
                    .collect();
                let access = match a.access.as_str() {
                    "read" => Access::Read,
                    "write" => Access::Write,
                    _ => Access::ReadWrite,
                };
                args.push(ArgSpec::Buffer { name: argument_name(k, i), element, shape, access });
            }
            // The memref descriptor: allocated and aligned pointers, offset,
            // sizes, strides (identity layout: row-major).
            args.push(ArgSpec::Alias { name: format!("arg{i}.aligned"), of: base });
            args.push(ArgSpec::Scalar {
                name: format!("arg{i}.offset"),
                ty: ScalarType::I64,
                source: ScalarSource::Const(0),
            });
            let mut sizes = Vec::new();
            for d in 0..a.dims.len() {
                sizes.push(match a.dims[d] {
                    Some(n) => DimExpr::Const(n),
                    None if a.temporary => temporary_size(d)?,
                    None => DimExpr::arg_dim(base, d as u32),
                });
            }
            arg_sizes.push(sizes.clone());
            let size = |d: usize| sizes[d].clone();
            for d in 0..a.dims.len() {
                args.push(ArgSpec::Scalar {
                    name: format!("arg{i}.size{d}"),
                    ty: ScalarType::I64,
                    source: ScalarSource::Expr(size(d)),
                });
            }
            for d in 0..a.dims.len() {
                let stride = (d + 1..a.dims.len()).fold(DimExpr::Const(1), |acc, e| DimExpr::mul(acc, size(e)));
                args.push(ArgSpec::Scalar {
                    name: format!("arg{i}.stride{d}"),
                    ty: ScalarType::I64,
                    source: ScalarSource::Expr(stride),
                });
            }
        }
        // The shared code's trailing parameters: this kernel's sizes.
        for (j, (bits, value)) in k.shared_code.iter().flat_map(|s| s.arguments.iter()).enumerate() {
            args.push(ArgSpec::Scalar {
                name: format!("size{j}"),
                ty: if *bits == 32 { ScalarType::I32 } else { ScalarType::I64 },
                source: ScalarSource::Const(*value),
            });
        }
        let grid_dim = |g: &GridExpr| grid_dim(g, &arg_sizes).map_err(fail);
        let launch = LaunchMetadata {
            grid: [grid_dim(&k.grid[0])?, grid_dim(&k.grid[1])?, grid_dim(&k.grid[2])?],
            block: k.block,
            shared_memory_bytes: k.shared_memory_bytes,
            args,
        };
        let mut attributes = BTreeMap::new();
        attributes.insert("dispatch".to_string(), k.name.clone());
        if entry != k.name {
            attributes.insert(ukernel_runtime::ENTRY_ATTRIBUTE.to_string(), entry.to_string());
        }
        if *stateful {
            attributes.insert(ukernel_runtime::MODULE_STATE_ATTRIBUTE.to_string(), "1".to_string());
        }
        attributes.insert("ukernel".to_string(), k.ukernel.clone().unwrap_or_else(|| "none".into()));
        if let Some((function, step)) = &k.function {
            // A step of a dispatch made of several kernels launched in order.
            attributes.insert("function".to_string(), function.clone());
            attributes.insert("step".to_string(), step.to_string());
        }
        if let Some(r) = &k.reference {
            // The family's fields, as its GPU check reads them back.
            attributes.insert("reference".to_string(), r.family.clone());
            for (key, value) in &r.fields {
                if !value.is_empty() {
                    attributes.insert(format!("reference.{key}"), value.clone());
                }
            }
        }
        // What the runtime checks when it loads the package, checked here:
        // a launch it would refuse is an error of this compile, not a
        // package that fails later on the GPU machine.
        launch.validate().map_err(|e| fail(format!("internal error: the launch metadata is invalid: {e}")))?;
        out.push(PackagedKernel { spec, launch, attributes });
    }
    Ok(Package { kernels: out })
}

/// Whether every argument and result of every dispatch has an element type
/// the runtime moves (see [`element_kind`]); each that has not is an error
/// at its function. Before, such a type (`complex<f32>`, say) compiled to
/// an error without a location when the package was written.
fn arguments_have_runtime_types(module: &Module) -> bool {
    let mut ok = true;
    for func in ukernel_passes::dispatch::dispatches(&module.as_operation()) {
        let Some(ty) = ukernel_passes::function_type(&func) else { continue };
        let inputs = (0..ty.input_count()).filter_map(|i| ty.input(i).ok()).map(|t| ("argument", t));
        let results = (0..ty.result_count()).filter_map(|i| ty.result(i).ok()).map(|t| ("result", t));
        for (n, (what, t)) in inputs.enumerate().chain(results.enumerate()) {
            let element = ukernel_passes::shape_of(t).map_or(t, |(_, e)| e).to_string();
            if element_kind(&element).is_none() {
                let name = ukernel_passes::symbol_name(&func).unwrap_or_default();
                ukernel_dialect::emit_error(
                    func.location(),
                    &format!(
                        "ukernel: {what} {n} of @{name} has elements of type {element}, which packages do not carry \
                         (they carry f64, f32, f16, bf16, f8E4M3FN, f8E5M2, i64, i32, i16, i8, i1 and index)"
                    ),
                );
                ok = false;
            }
        }
    }
    ok
}

/// Erases the module's top-level transform scripts (`transform.named_sequence`,
/// which a module may carry beside its functions for mlir-opt's
/// `--transform-interpreter`): they compute nothing at run time, and the
/// kernels and the CPU reference are made of the functions alone.
fn drop_transform_scripts(module: &Module) {
    use melior::ir::BlockLike as _;
    let body = module.body();
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if ukernel_passes::op_name(&op).starts_with("transform.") {
            // SAFETY: the op is a top-level op of `module`, which owns it;
            // nothing else refers to a transform script.
            unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile API from several threads at once (a compiler each, no
    /// cache): every thread's package is byte for byte the one compiled
    /// alone, the threads' own emission pools included.
    #[test]
    fn compiles_on_several_threads_give_identical_packages() {
        let options = || CompileOptions { cubins: false, ..CompileOptions::default() };
        let alone = Compiler::new(options()).unwrap().compile_text(crate::ukc::DEMO_SOURCE, "demo.mlir").unwrap();
        let alone = alone.package.to_bytes();
        let packages: Vec<Vec<u8>> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        let compiler = Compiler::new(options()).unwrap();
                        compiler.compile_text(crate::ukc::DEMO_SOURCE, "demo.mlir").unwrap().package.to_bytes()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        for (i, p) in packages.iter().enumerate() {
            assert!(*p == alone, "thread {i}'s package differs from the one compiled alone");
        }
    }

    #[test]
    fn compiles_the_demo_and_stops_at_any_stage() {
        let compiler = Compiler::new(CompileOptions::default()).unwrap();
        let compiled = compiler.compile_text(crate::ukc::DEMO_SOURCE, "demo.mlir").unwrap();
        // next_token_b8's argmax splits rows by SM count (108 on sm_80, 132
        // on sm_90a): a variant of it per arch; the other three are one each.
        assert_eq!(compiled.package.kernels.len(), 5);
        let arches: Vec<(&str, Option<&str>)> = compiled
            .package
            .kernels
            .iter()
            .map(|k| (k.name(), k.attributes.get("arches").map(String::as_str)))
            .collect();
        assert_eq!(
            arches,
            [
                ("lm_head_b1", None),
                ("next_token_b1", None),
                ("lm_head_b8", None),
                ("next_token_b8", Some("sm_80")),
                ("next_token_b8", Some("sm_90a"))
            ]
        );
        let (ptx, _) = compiled.arches();
        assert_eq!(ptx.iter().map(|a| a.to_string()).collect::<Vec<_>>(), ["sm_80", "sm_90a"]);
        let head = &compiled.package.kernels[0];
        assert_eq!(head.attributes.get("ukernel").map(String::as_str), Some("uk_matmul_gemv_bf16_nk"));
        assert_eq!(head.attributes.get("reference").map(String::as_str), Some("matmul"));
        assert_eq!(head.attributes.get("reference.b_layout").map(String::as_str), Some("nk"));
        // One workgroup per 4 columns of the 128256 logits (8 warps split K).
        assert_eq!(head.launch.grid[0], DimExpr::Const(128256 / 4));
        let k = &compiled.package.kernels[1];
        assert_eq!(k.attributes.get("ukernel").map(String::as_str), Some("uk_argmax_f32i64"));
        assert_eq!(k.attributes.get("reference.semantics").map(String::as_str), Some("first-nan"));
        // Kernels whose modules hold scratch globals (the argmax rows split
        // over workgroups) say so; the GEMV's writes only its output.
        let state: Vec<(&str, bool)> = compiled
            .package
            .kernels
            .iter()
            .map(|k| (k.name(), k.attributes.get(ukernel_runtime::MODULE_STATE_ATTRIBUTE).is_some_and(|v| v == "1")))
            .collect();
        assert_eq!(
            state,
            [
                ("lm_head_b1", false),
                ("next_token_b1", true),
                ("lm_head_b8", false),
                ("next_token_b8", true),
                ("next_token_b8", true)
            ]
        );
        // The package reads back as written.
        assert_eq!(Package::from_bytes(&compiled.package.to_bytes()).unwrap(), compiled.package);

        let mut module = compiler.parse(crate::ukc::DEMO_SOURCE, "demo.mlir").unwrap();
        compiler.run_to(&mut module, Stage::Configured).unwrap();
        let text = module.as_operation().to_string();
        assert!(text.contains("#ukernel.spec<\"uk_argmax_f32i32\"") && !text.contains("call @uk_"), "{text}");
        compiler.run_to_from(&mut module, Stage::Configured, Stage::Lowered).unwrap();
        assert_eq!(module.as_operation().to_string().matches("call @uk_").count(), 4);
    }

    #[test]
    fn a_fused_row_vector_must_match_the_rows_of_a() {
        // The row-scale consumer's vector and A's rows are one dynamic size:
        // the launch rejects a vector of another length, which the fused
        // ukernel would read past the end of.
        let source = include_str!("../../test/codegen/local_buffers_join_dim_classes.mlir");
        let compiler = Compiler::new(CompileOptions::default()).unwrap();
        let compiled = compiler.compile_text(source, "rowscale.mlir").unwrap();
        let kernel = &compiled.package.kernels[0];
        let buffer = |element, shape: &[u64]| ukernel_runtime::ArgValue::Buffer { element, shape: shape.to_vec() };
        let args = |scale_rows| {
            [
                buffer(ElementKind::BF16, &[37, 512]),
                buffer(ElementKind::BF16, &[1024, 512]),
                buffer(ElementKind::F32, &[scale_rows]),
                buffer(ElementKind::BF16, &[37, 1024]),
            ]
        };
        assert!(kernel.launch.resolve(kernel.name(), &args(37)).is_ok());
        let err = kernel.launch.resolve(kernel.name(), &args(40)).err().unwrap();
        assert!(
            matches!(err, ukernel_runtime::launch::ArgError::DynamicDim { index: 2, found: 40, bound: 37, .. }),
            "{err}"
        );
    }

    /// Two argmax dispatches that differ only in row length compile to one
    /// code: the second kernel's package entry names the first's function,
    /// both take the sizes as trailing constant arguments (their own
    /// values), and both hold the same image.
    #[test]
    fn dispatches_that_differ_in_sizes_share_one_code() {
        let dispatch = |name: &str, len: u64| {
            format!(
                "func.func @{name}(%in: tensor<4x{len}xf32>) -> tensor<4xi64> {{
  %z = arith.constant 0 : i64
  %n = arith.constant 0xFF800000 : f32
  %ei = tensor.empty() : tensor<4xi64>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
  %ev = tensor.empty() : tensor<4xf32>
  %fv = linalg.fill ins(%n : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}} ins(%in : tensor<4x{len}xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {{
  ^bb0(%a: f32, %b: f32, %c: i64):
    %k = linalg.index 1 : index
    %kk = arith.index_cast %k : index to i64
    %m = arith.maximumf %a, %b : f32
    %p = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %p, %kk, %c : i64
    linalg.yield %m, %s : f32, i64
  }} -> (tensor<4xf32>, tensor<4xi64>)
  return %r#1 : tensor<4xi64>
}}
"
            )
        };
        let source = format!("{}{}", dispatch("short", 32000), dispatch("long", 32768));
        let options =
            CompileOptions { cubins: false, arches: vec![GpuArch::portable(90)], ..CompileOptions::default() };
        let compiled = Compiler::new(options).unwrap().compile_text(&source, "sizes.mlir").unwrap();
        let [short, long] = &compiled.package.kernels[..] else { panic!("two kernels expected") };
        assert_eq!(short.attributes.get(ukernel_runtime::ENTRY_ATTRIBUTE), None);
        assert_eq!(long.attributes.get(ukernel_runtime::ENTRY_ATTRIBUTE).map(String::as_str), Some("short"));
        assert_eq!(short.spec.specs().count(), long.spec.specs().count());
        let ptx = |k: &PackagedKernel| format!("{:?}", k.spec.specs().next().unwrap());
        assert_eq!(ptx(short).replace("\"short\"", "\"long\""), ptx(long));
        let constants = |k: &PackagedKernel| -> Vec<i64> {
            k.launch
                .args
                .iter()
                .filter_map(|a| match a {
                    ArgSpec::Scalar { name, source: ScalarSource::Const(c), .. } if name.starts_with("size") => {
                        Some(*c)
                    }
                    _ => None,
                })
                .collect()
        };
        assert_eq!(short.launch.args.len(), long.launch.args.len());
        assert!(constants(short).contains(&32000) && constants(long).contains(&32768), "{:?}", constants(long));
        assert_eq!(constants(short).len(), constants(long).len());
        // The sizes are the kernels' trailing parameters.
        assert!(matches!(short.launch.args.last(), Some(ArgSpec::Scalar { source: ScalarSource::Const(_), .. })));
    }

    #[test]
    fn bad_input_is_an_error_with_its_location() {
        let compiler = Compiler::new(CompileOptions::default()).unwrap();
        let err = compiler.compile_text("func.func @f( {", "bad.mlir").err().unwrap();
        assert!(err.to_string().starts_with("bad.mlir:1:"), "{err}");
        assert!(matches!(
            Compiler::new(CompileOptions { arches: vec![], ..Default::default() }),
            Err(CompileError::NoArch)
        ));
    }
}
