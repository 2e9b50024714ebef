//! The NVPTX target: what follows the MLIR pipeline (the counterpart of
//! MLIR's NVVM target). Translates the LLVM-dialect module of kernels to
//! LLVM IR in the same process, links the ukernel bitcode the kernels call
//! (registry objects re-chosen per arch), internalizes and inlines, runs O3
//! and emits PTX per arch with LLVM's NVPTX target machine.

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
use ukernel_dialect::{EXECUTABLE_OBJECTS, ExecutableObject, GpuArch, TARGET_ATTR};

pub use cuda_tools::CudaTools;
pub use link::{LinkError, UKernelLinkage};
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

/// Removes the `ukernel` attributes LLVM IR translation has no use for.
fn strip_ukernel_attributes(module: &Module) {
    let mut m = unsafe { OperationRefMut::from_raw(module.as_operation().to_raw()) };
    let _ = m.remove_attribute(EXECUTABLE_OBJECTS);
    let _ = m.remove_attribute(TARGET_ATTR);
    for op in body_ops(module) {
        let names: Vec<String> = op
            .attributes()
            .map(|(n, _)| n.as_string_ref().as_str().unwrap_or_default().to_string())
            .filter(|n| n.starts_with("ukernel."))
            .collect();
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
    strip_ukernel_attributes(module);
    partition::translate_partitions(module, llvm, split)
}

fn translate_raw<'ll>(module: &Module, llvm: &'ll LlvmContext) -> Result<LlvmModule<'ll>, TargetError> {
    let raw = unsafe {
        mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llvm.raw() as mlir_sys::LLVMContextRef)
    };
    if raw.is_null() {
        return Err(TargetError::Translate);
    }
    Ok(unsafe { LlvmModule::new(raw as inkwell::llvm_sys::prelude::LLVMModuleRef) })
}

/// The bytes of `object` to link for `arch`: a registry object is re-chosen
/// for each arch (its sm_90 bitcode for sm_90 PTX, sm_80 for sm_80, the
/// sm_90a bitcode of an arch-specific ukernel only for sm_90a); other
/// objects, including a user-supplied one under a registry path (its bytes
/// differ), are used as they are.
pub fn object_for_arch(object: &ExecutableObject, arch: GpuArch) -> (String, Vec<u8>) {
    let symbol = object.path.split('.').next().unwrap_or_default();
    if let Some(uk) = ukernels::registry().by_symbol(symbol)
        && uk.arches().iter().any(|sm| {
            uk.object_path(*sm) == object.path
                && uk.bitcode_for_target(*sm, uk.arch_specific).is_some_and(|(_, b)| b == &object.data[..])
        })
        && let Some((have, bytes)) = uk.bitcode_for_target(arch.sm, arch.specific)
    {
        return (uk.object_path(have), bytes.to_vec());
    }
    (object.path.clone(), object.data.to_vec())
}

/// An error when a linked registry object is arch-specific for another arch
/// than `arch` (its instructions exist only there).
fn check_linked_for_arch(linked: &[String], arch: GpuArch) -> Result<(), TargetError> {
    for path in linked {
        let symbol = path.split('.').next().unwrap_or_default();
        if let Some(uk) = ukernels::registry().by_symbol(symbol)
            && uk.arch_specific
            && !(arch.specific && uk.arches().contains(&arch.sm))
        {
            return Err(TargetError::ArchSpecific { symbol: symbol.to_string(), arch: arch.to_string() });
        }
    }
    Ok(())
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
    let mut chosen: BTreeMap<GpuArch, (Vec<link::IndexedObject>, String)> = BTreeMap::new();
    for &arch in arches {
        let objects: Vec<(String, Vec<u8>)> = objects.iter().map(|o| object_for_arch(o, arch)).collect();
        let digest = cache::objects_digest(&objects, libdevice.as_deref());
        chosen.insert(arch, (link::index_objects(objects)?, digest));
    }
    let items: Vec<(usize, GpuArch)> =
        (0..partitions.len()).flat_map(|p| arches.iter().map(move |&a| (p, a))).collect();
    let shared = dedup::Shared::new(partitions.iter().map(|p| (&p.kernels[..], p.ir.as_str())), arches);
    let run_item = |(p, arch): (usize, GpuArch)| -> Result<ItemOutput, TargetError> {
        let partition = &partitions[p];
        let (objects, digest) = &chosen[&arch];
        let arch_name = arch.to_string();
        let key = options.cache.as_ref().map(|_| {
            cache::key(&cache::KeyInputs {
                ir: &partition.ir,
                objects_digest: digest,
                arch: &arch_name,
                linkage: &linkage_name,
                ptxas: ptxas_identity.as_deref(),
            })
        });
        if let (Some(c), Some(k)) = (&options.cache, &key)
            && let Some(hit) = c.get(k)
        {
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
        let emit_own =
            || link_and_emit(&partition.ir, objects, arch, libdevice.as_deref(), options.linkage, options.keep_ir);
        let (ptx, ir, linked) = match shared.group_of(p) {
            Some(g) => {
                let out = shared.slot(g, arch).get_or_init(|| {
                    link_and_emit(
                        shared.canonical(g),
                        objects,
                        arch,
                        libdevice.as_deref(),
                        options.linkage,
                        options.keep_ir,
                    )
                    .ok()
                });
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
    arch: GpuArch,
    libdevice: Option<&[u8]>,
    linkage: link::UKernelLinkage,
    keep_ir: bool,
) -> Result<(String, Option<String>, Vec<String>), TargetError> {
    let llvm = LlvmContext::create();
    let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir_text.as_bytes(), "kernels");
    let module = llvm.create_module_from_ir(buffer).map_err(|e| LinkError::Verify(e.to_string()))?;
    let called = link::declared_functions(&module);
    let pipeline = link::pipeline_for(&module);
    let mut linked = link::link_indexed_objects(&module, chosen)?;
    check_linked_for_arch(&linked, arch)?;
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
    link::keep_calls(&module, &link::called_by_registry(&module));
    let (ptx, ir) = link::emit_ptx_in_place(&module, arch, pipeline, keep_ir)?;
    Ok((ptx, ir, linked))
}
