//! The NVPTX target: what follows the MLIR pipeline (the counterpart of
//! MLIR's NVVM target). Translates the LLVM-dialect module of kernels to
//! LLVM IR in the same process, links the ukernel bitcode the kernels call
//! (per arch, the object of that arch among those the IR carries),
//! internalizes and inlines, runs O3 and emits PTX per arch with LLVM's
//! NVPTX target machine. It reads what it needs of the ukernels from the IR
//! (their objects, and how to link them from their declarations), never
//! from the library's registry.

pub mod cache;
pub mod cuda_tools;
pub mod dedup;
pub mod link;
pub mod partition;
mod pool;
pub mod ptxas;

use std::collections::BTreeMap;

use inkwell::{context::Context as LlvmContext, module::Module as LlvmModule};
use melior::ir::{
    Module,
    operation::{OperationLike, OperationMutLike, OperationRefMut},
};
use ukernel_dialect::{
    EXECUTABLE_OBJECTS, ExecutableObject, GpuArch, TARGET_ATTR, UKERNEL_LINKAGE_ATTR, UKERNEL_PIPELINE_ATTR,
};

pub use cuda_tools::CudaTools;
pub use link::{LinkError, UKernelFacts, UKernelLinkage};
pub use partition::{Partition, Split};
pub use ptxas::PtxasError;

#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error("translation to LLVM IR failed")]
    Translate,
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error(
        "the kernels call {} (math functions of NVIDIA's libdevice), which was not found; {hint}",
        .functions.join(", ")
    )]
    NoLibdevice { functions: Vec<String>, hint: String },
    #[error("cannot read libdevice at {path}: {error}")]
    ReadLibdevice { path: String, error: std::io::Error },
    #[error(transparent)]
    Ptxas(#[from] PtxasError),
    #[error(
        "{symbol} exists only for its arch-specific target, so PTX for {arch} cannot call it \
         (compile the dispatches that select it for that target alone)"
    )]
    ArchSpecific { symbol: String, arch: String },
    #[error("no object of {symbol} serves {arch} (the IR carries {})", .available.join(", "))]
    NoObjectForArch { symbol: String, arch: String, available: Vec<String> },
}

/// The executable objects on the module (after hoisting), in order.
pub fn module_objects(module: &Module) -> Vec<ExecutableObject> {
    module
        .as_operation()
        .attribute(EXECUTABLE_OBJECTS)
        .ok()
        .and_then(|a| ukernel_dialect::attrs::read_objects(a).ok())
        .unwrap_or_default()
}

/// The ops of the module's body.
fn body_ops<'c, 'a>(module: &'a Module<'c>) -> Vec<melior::ir::OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let mut next = melior::ir::BlockLike::first_operation(&module.body());
    while let Some(o) = next {
        next = o.next_in_block();
        out.push(o);
    }
    out
}

/// What the module's ukernel declarations say of linking them, read
/// before translation drops their attributes.
pub fn ukernel_facts(module: &Module) -> UKernelFacts {
    let mut facts = UKernelFacts::default();
    for op in body_ops(module) {
        let text = |name: &str| op.attribute(name).ok().and_then(ukernel_dialect::string_value);
        let (Some(symbol), Some(linkage)) = (text("sym_name"), text(UKERNEL_LINKAGE_ATTR)) else { continue };
        if linkage == "call" {
            facts.called.insert(symbol.clone());
        }
        if text(UKERNEL_PIPELINE_ATTR).as_deref() == Some("after-inlining") {
            facts.after_inlining.insert(symbol.clone());
        }
        facts.ukernels.insert(symbol);
    }
    facts
}

/// Removes the `ukernel` attributes LLVM IR translation has no use for.
fn strip_ukernel_attributes(module: &Module) {
    // SAFETY: `module` is live for the call and nothing else refers to it meanwhile.
    let mut m = unsafe { OperationRefMut::from_raw(module.as_operation().to_raw()) };
    let _ = m.remove_attribute(EXECUTABLE_OBJECTS);
    let _ = m.remove_attribute(TARGET_ATTR);
    for op in body_ops(module) {
        let names: Vec<String> = op
            .attributes()
            .map(|(n, _)| n.as_string_ref().as_str().unwrap_or_default().to_string())
            .filter(|n| n.starts_with("ukernel."))
            .collect();
        // SAFETY: `op` is a live operation of the module, edited one at a time.
        let mut o = unsafe { OperationRefMut::from_raw(op.to_raw()) };
        for n in names {
            let _ = o.remove_attribute(&n);
        }
    }
}

/// Translates an LLVM-dialect module to LLVM IR in `llvm`.
pub fn translate<'ll>(module: &Module, llvm: &'ll LlvmContext) -> Result<LlvmModule<'ll>, TargetError> {
    strip_ukernel_attributes(module);
    translate_raw(module, llvm)
}

/// Translates an LLVM-dialect module to LLVM IR text, in partitions as
/// `split` says (see [`partition`]).
pub fn translate_partitioned(module: &Module, llvm: &LlvmContext, split: Split) -> Result<Vec<Partition>, TargetError> {
    let facts = ukernel_facts(module);
    strip_ukernel_attributes(module);
    partition::translate_partitions(module, llvm, split, &facts)
}

fn translate_raw<'ll>(module: &Module, llvm: &'ll LlvmContext) -> Result<LlvmModule<'ll>, TargetError> {
    // SAFETY: a live module and a live LLVM context.
    let raw = unsafe {
        mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llvm.raw() as mlir_sys::LLVMContextRef)
    };
    if raw.is_null() {
        return Err(TargetError::Translate);
    }
    // SAFETY: a non-null module just created in `llvm`, which the result borrows.
    Ok(unsafe { LlvmModule::new(raw as inkwell::llvm_sys::prelude::LLVMModuleRef) })
}

/// The arch an object's path names (`uk_x.sm_90a.bc`: `sm_90a`), if any.
fn object_arch(path: &str) -> Option<GpuArch> {
    let mut parts = path.split('.');
    parts.next();
    parts.find_map(GpuArch::parse)
}

/// Whether an object built for `object` can be linked into PTX for
/// `target`: portable bitcode into code for its arch and newer ones,
/// arch-specific only into exactly its target, family-specific into the
/// arch- or family-specific targets of its major from its minor on.
fn object_serves(object: GpuArch, target: GpuArch) -> bool {
    if object.specific {
        object == target
    } else if object.family {
        (target.specific || target.family) && target.sm / 10 == object.sm / 10 && target.sm >= object.sm
    } else {
        object.sm <= target.sm
    }
}

/// The objects to link for `arch`, from those the IR carries: of the
/// objects of one symbol named for arches (`uk_x.sm_80.bc`,
/// `uk_x.sm_90.bc`), the one of the newest arch that serves `arch`; an
/// object named for no arch as it is. Also, each symbol none of whose
/// objects serves `arch`, with the paths it has.
pub fn objects_for_arch(objects: &[ExecutableObject], arch: GpuArch) -> ObjectsForArch {
    let mut by_symbol: BTreeMap<&str, Vec<(&ExecutableObject, GpuArch)>> = BTreeMap::new();
    let mut chosen = Vec::new();
    for object in objects {
        match object_arch(&object.path) {
            Some(a) => {
                by_symbol.entry(object.path.split('.').next().unwrap_or_default()).or_default().push((object, a))
            }
            None => chosen.push((object.path.clone(), object.data.to_vec())),
        }
    }
    let mut unserved = BTreeMap::new();
    for (symbol, candidates) in by_symbol {
        match candidates.iter().filter(|(_, a)| object_serves(*a, arch)).max_by_key(|(_, a)| a.sm) {
            Some((object, _)) => chosen.push((object.path.clone(), object.data.to_vec())),
            None => {
                let all_specific = candidates.iter().all(|(_, a)| a.specific);
                let paths = candidates.iter().map(|(o, _)| o.path.clone()).collect();
                unserved.insert(symbol.to_string(), (paths, all_specific));
            }
        }
    }
    ObjectsForArch { chosen, unserved }
}

/// What [`objects_for_arch`] found.
#[derive(Clone, Debug, Default)]
pub struct ObjectsForArch {
    /// (path, bytes) to link.
    pub chosen: Vec<(String, Vec<u8>)>,
    /// Per symbol none of whose objects serves the arch: its paths, and
    /// whether they are all arch-specific.
    pub unserved: BTreeMap<String, (Vec<String>, bool)>,
}

impl ObjectsForArch {
    /// An error when the module calls a ukernel none of whose objects
    /// serves `arch`.
    fn check_called(&self, called: &[String], arch: GpuArch) -> Result<(), TargetError> {
        for symbol in called {
            if let Some((paths, all_specific)) = self.unserved.get(symbol) {
                return Err(if *all_specific {
                    TargetError::ArchSpecific { symbol: symbol.clone(), arch: arch.to_string() }
                } else {
                    TargetError::NoObjectForArch {
                        symbol: symbol.clone(),
                        arch: arch.to_string(),
                        available: paths.clone(),
                    }
                });
            }
        }
        Ok(())
    }
}

/// Called as emission goes: (work items done, work items in all); an item
/// is one partition for one arch.
#[derive(Clone)]
pub struct Progress(pub std::sync::Arc<dyn Fn(usize, usize) + Send + Sync>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

/// How to emit: ukernel linkage, and NVIDIA's tools where present.
#[derive(Clone, Debug, Default)]
pub struct EmitOptions {
    pub linkage: link::UKernelLinkage,
    /// libdevice, linked (only what is called) when kernels call `__nv_*`.
    pub libdevice: Option<std::path::PathBuf>,
    /// With ptxas, each arch's PTX is also compiled to a cubin.
    pub ptxas: Option<std::path::PathBuf>,
    /// Where to look up and keep each partition's PTX and cubin per arch.
    pub cache: Option<cache::CompileCache>,
    /// Threads that link, optimize and emit partitions (0: one per core).
    pub jobs: usize,
    /// Keep the optimized LLVM IR of every partition (for dumps).
    pub keep_ir: bool,
    pub progress: Option<Progress>,
}

/// One partition's output: its kernels, PTX and cubin per arch.
#[derive(Clone, Debug, Default)]
pub struct EmittedModule {
    pub kernels: Vec<String>,
    pub ptx: BTreeMap<GpuArch, String>,
    pub cubins: BTreeMap<GpuArch, Vec<u8>>,
    /// The optimized LLVM IR per arch (with `keep_ir`, when not cached).
    pub linked_ir: BTreeMap<GpuArch, String>,
}

/// The modules in partition order, and what was linked per arch.
pub struct Emitted {
    pub modules: Vec<EmittedModule>,
    /// Objects linked per arch (paths, each once, in order of first use).
    pub linked_objects: BTreeMap<GpuArch, Vec<String>>,
    /// Per arch, the time its items took (summed over partitions, which run
    /// on several threads), and the wall time of the whole emission.
    pub timings: Vec<(String, std::time::Duration)>,
}

/// One partition's result for one arch.
struct ItemOutput {
    ptx: String,
    /// The optimized IR (with `keep_ir`, and None when the cache answered).
    linked_ir: Option<String>,
    linked: Vec<String>,
    cubin: Option<Vec<u8>>,
    cached: bool,
    llvm_time: std::time::Duration,
    ptxas_time: std::time::Duration,
}

/// Links the needed objects into each partition per arch, emits PTX and,
/// with ptxas, a cubin; the (partition, arch) items run on `jobs` threads.
/// With a cache, an item whose inputs were compiled before is answered
/// from it. The first failing item in partition order decides the error.
pub fn emit(
    partitions: &[Partition],
    objects: &[ExecutableObject],
    arches: &[GpuArch],
    options: &EmitOptions,
) -> Result<Emitted, TargetError> {
    let started = std::time::Instant::now();
    let libdevice = match &options.libdevice {
        Some(path) => Some(
            std::fs::read(path)
                .map_err(|error| TargetError::ReadLibdevice { path: path.display().to_string(), error })?,
        ),
        None => None,
    };
    let ptxas_identity = options.ptxas.as_deref().map(cache::tool_identity);
    let linkage_name = format!("{:?}", options.linkage);
    // Per arch, the objects to link (read once) and one digest of them for
    // cache keys.
    let mut chosen: BTreeMap<GpuArch, (Vec<link::IndexedObject>, String, ObjectsForArch)> = BTreeMap::new();
    for &arch in arches {
        let mut found = objects_for_arch(objects, arch);
        let objects = std::mem::take(&mut found.chosen);
        let digest = cache::objects_digest(&objects, libdevice.as_deref());
        chosen.insert(arch, (link::index_objects(objects)?, digest, found));
    }
    let items: Vec<(usize, GpuArch)> =
        (0..partitions.len()).flat_map(|p| arches.iter().map(move |&a| (p, a))).collect();
    let shared = dedup::Shared::new(partitions.iter().map(|p| (&p.kernels[..], p.ir.as_str())), arches);
    let run_item = |(p, arch): (usize, GpuArch)| -> Result<ItemOutput, TargetError> {
        let partition = &partitions[p];
        let (objects, digest, found) = &chosen[&arch];
        let facts = &partition.facts;
        let linkage_key = format!("{linkage_name};{}", facts.key());
        let arch_name = arch.to_string();
        let key = options.cache.as_ref().map(|_| {
            cache::key(&cache::KeyInputs {
                ir: &partition.ir,
                objects_digest: digest,
                arch: &arch_name,
                linkage: &linkage_key,
                ptxas: ptxas_identity.as_deref(),
            })
        });
        let kernel = partition.kernels.first().map_or("", String::as_str);
        if let (Some(c), Some(k)) = (&options.cache, &key)
            && let Some(hit) = c.get(k)
        {
            tracing::debug!(kernel, arch = %arch, "module from the compile cache");
            return Ok(ItemOutput {
                ptx: hit.ptx,
                linked_ir: None,
                linked: hit.linked,
                cubin: hit.cubin,
                cached: true,
                llvm_time: Default::default(),
                ptxas_time: Default::default(),
            });
        }
        let t = std::time::Instant::now();
        let emit = |ir: &str| {
            link_and_emit(ir, objects, found, facts, arch, libdevice.as_deref(), options.linkage, options.keep_ir)
        };
        let emit_own = || emit(&partition.ir);
        let (ptx, ir, linked) = match shared.group_of(p) {
            Some(g) => {
                let out = shared.slot(g, arch).get_or_init(|| emit(shared.canonical(g)).ok());
                match out {
                    Some((ptx, ir, linked)) => {
                        let names = shared.names(p);
                        (dedup::rename(ptx, names), ir.as_ref().map(|ir| dedup::rename(ir, names)), linked.clone())
                    }
                    None => emit_own()?,
                }
            }
            None => emit_own()?,
        };
        let llvm_time = t.elapsed();
        let t = std::time::Instant::now();
        let cubin = match &options.ptxas {
            Some(ptxas) => Some(ptxas::compile(ptxas, &ptx, arch, partition.kernels.first().map(String::as_str))?),
            None => None,
        };
        let ptxas_time = t.elapsed();
        tracing::debug!(
            kernel,
            arch = %arch,
            llvm_ms = llvm_time.as_secs_f64() * 1e3,
            ptxas_ms = ptxas_time.as_secs_f64() * 1e3,
            "module emitted"
        );
        if let (Some(c), Some(k)) = (&options.cache, &key) {
            c.put(k, &cache::Entry { ptx: ptx.clone(), linked: linked.clone(), cubin: cubin.clone() });
        }
        Ok(ItemOutput { ptx, linked_ir: ir, linked, cubin, cached: false, llvm_time, ptxas_time })
    };
    let jobs = match options.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(items.len())
    .max(1);
    let results = pool::run_on_threads(&items, jobs, run_item, options.progress.as_ref())?;

    let modules =
        partitions.iter().map(|p| EmittedModule { kernels: p.kernels.clone(), ..Default::default() }).collect();
    let mut out = Emitted { modules, linked_objects: BTreeMap::new(), timings: Vec::new() };
    let mut per_arch: BTreeMap<GpuArch, (std::time::Duration, std::time::Duration, usize)> = BTreeMap::new();
    for ((p, arch), r) in items.into_iter().zip(results) {
        // The first failing item in partition order decides the error.
        let r = r?;
        let module = &mut out.modules[p];
        module.ptx.insert(arch, r.ptx);
        if let Some(ir) = r.linked_ir {
            module.linked_ir.insert(arch, ir);
        }
        if let Some(c) = r.cubin {
            module.cubins.insert(arch, c);
        }
        let linked = out.linked_objects.entry(arch).or_default();
        for path in r.linked {
            if !linked.contains(&path) {
                linked.push(path);
            }
        }
        let t = per_arch.entry(arch).or_default();
        t.0 += r.llvm_time;
        t.1 += r.ptxas_time;
        t.2 += r.cached as usize;
    }
    let n = partitions.len();
    if shared.reused() > 0 {
        out.timings.push((
            format!("{} of {n} modules identical to another but for their own names (emitted once)", shared.reused()),
            Default::default(),
        ));
    }
    for (arch, (llvm, ptxas, cached)) in per_arch {
        if cached > 0 {
            out.timings.push((format!("{arch}: {cached} of {n} modules from the compile cache"), Default::default()));
        }
        if cached < n {
            out.timings.push((format!("{arch}: link, O3 and PTX of {} modules (summed)", n - cached), llvm));
            if options.ptxas.is_some() {
                out.timings.push((format!("{arch}: ptxas of {} modules (summed)", n - cached), ptxas));
            }
        }
    }
    out.timings.push((format!("emission of {n} modules on {jobs} threads (wall)"), started.elapsed()));
    Ok(out)
}

/// Links the chosen objects (and libdevice, where called) into a fresh copy
/// of the kernels' IR for `arch`, internalizes, optimizes and emits PTX.
/// Returns the PTX, the optimized IR (with `keep_ir`) and the paths linked.
fn link_and_emit(
    ir_text: &str,
    chosen: &[link::IndexedObject],
    found: &ObjectsForArch,
    facts: &UKernelFacts,
    arch: GpuArch,
    libdevice: Option<&[u8]>,
    linkage: link::UKernelLinkage,
    keep_ir: bool,
) -> Result<(String, Option<String>, Vec<String>), TargetError> {
    let llvm = LlvmContext::create();
    let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir_text.as_bytes(), "kernels");
    let module = llvm.create_module_from_ir(buffer).map_err(|e| LinkError::Verify(e.to_string()))?;
    let called = link::declared_functions(&module);
    found.check_called(&called, arch)?;
    let pipeline = link::pipeline_for(&module, facts);
    let mut linked = link::link_indexed_objects(&module, chosen)?;
    let math = link::libdevice_calls(&module);
    if !math.is_empty() {
        let Some(bytes) = libdevice else {
            let hint = CudaTools::none().missing_hint().unwrap_or_default();
            return Err(TargetError::NoLibdevice { functions: math, hint });
        };
        link::link_libdevice(&module, bytes)?;
        linked.push("libdevice.10.bc".into());
    }
    link::internalize_non_kernels(&module);
    if linkage == link::UKernelLinkage::Call {
        link::keep_calls(&module, &called);
    }
    link::keep_calls(&module, &facts.called_in(&module));
    let (ptx, ir) = link::emit_ptx_in_place(&module, arch, pipeline, keep_ir)?;
    Ok((ptx, ir, linked))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arch(text: &str) -> GpuArch {
        GpuArch::parse(text).unwrap()
    }

    fn paths(found: &ObjectsForArch) -> Vec<&str> {
        found.chosen.iter().map(|(p, _)| p.as_str()).collect()
    }

    #[test]
    fn each_arch_links_the_newest_object_the_ir_carries_for_it() {
        let objects: Vec<ExecutableObject> = ["uk_a.sm_80.bc", "uk_a.sm_90.bc", "uk_w.sm_90a.bc", "uk_user.bc"]
            .iter()
            .map(|p| ExecutableObject::new(*p, p.as_bytes().to_vec()))
            .collect();
        let sm80 = objects_for_arch(&objects, arch("sm_80"));
        assert_eq!(paths(&sm80), ["uk_user.bc", "uk_a.sm_80.bc"]);
        // (uk_w's only object is arch-specific for sm_90a.)
        assert!(sm80.unserved.contains_key("uk_w"));
        assert!(sm80.check_called(&["uk_a".into()], arch("sm_80")).is_ok());
        assert!(matches!(sm80.check_called(&["uk_w".into()], arch("sm_80")), Err(TargetError::ArchSpecific { .. })));
        assert_eq!(paths(&objects_for_arch(&objects, arch("sm_86"))), ["uk_user.bc", "uk_a.sm_80.bc"]);
        assert_eq!(paths(&objects_for_arch(&objects, arch("sm_90"))), ["uk_user.bc", "uk_a.sm_90.bc"]);
        assert_eq!(
            paths(&objects_for_arch(&objects, arch("sm_90a"))),
            ["uk_user.bc", "uk_a.sm_90.bc", "uk_w.sm_90a.bc"]
        );
        assert_eq!(paths(&objects_for_arch(&objects, arch("sm_120"))), ["uk_user.bc", "uk_a.sm_90.bc"]);
        // Objects only for newer arches than the target serve none of it.
        let newer = [ExecutableObject::new("uk_b.sm_90.bc", vec![1u8])];
        let sm80 = objects_for_arch(&newer, arch("sm_80"));
        assert!(matches!(sm80.check_called(&["uk_b".into()], arch("sm_80")), Err(TargetError::NoObjectForArch { .. })));
    }
}
