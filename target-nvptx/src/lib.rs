//! The NVPTX target: what follows the MLIR pipeline (the counterpart of
//! MLIR's NVVM target). Translates the LLVM-dialect module of kernels to
//! LLVM IR in the same process, links the ukernel bitcode the kernels call
//! (registry objects re-chosen per arch), internalizes and inlines, runs O3
//! and emits PTX per arch with LLVM's NVPTX target machine.

pub mod cache;
pub mod cuda_tools;
pub mod link;
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

/// How to emit: ukernel linkage, and NVIDIA's tools where present.
#[derive(Clone, Debug, Default)]
pub struct EmitOptions {
    pub linkage: link::UKernelLinkage,
    /// libdevice, linked (only what is called) when kernels call `__nv_*`.
    pub libdevice: Option<std::path::PathBuf>,
    /// With ptxas, each arch's PTX is also compiled to a cubin.
    pub ptxas: Option<std::path::PathBuf>,
    /// Where to look up and keep each arch's PTX and cubin.
    pub cache: Option<cache::CompileCache>,
}

/// PTX (and cubins) per arch, and the linked LLVM IR per arch.
pub struct Emitted {
    pub ptx: BTreeMap<GpuArch, String>,
    pub cubins: BTreeMap<GpuArch, Vec<u8>>,
    pub linked_ir: BTreeMap<GpuArch, String>,
    /// Objects linked per arch (paths).
    pub linked_objects: BTreeMap<GpuArch, Vec<String>>,
    /// Wall time of each arch's steps (arches run at the same time).
    pub timings: Vec<(String, std::time::Duration)>,
}

/// One arch's result.
struct ArchOutput {
    ptx: String,
    /// The optimized IR (None when the cache answered).
    linked_ir: Option<String>,
    linked: Vec<String>,
    cubin: Option<Vec<u8>>,
    timings: Vec<(String, std::time::Duration)>,
}

/// Links the needed objects into a copy of `ir` per arch, emits PTX and,
/// with ptxas, a cubin; each arch on its own thread. With a cache, an arch
/// whose inputs were compiled before is answered from it.
pub fn emit(
    ir_text: &str,
    objects: &[ExecutableObject],
    arches: &[GpuArch],
    options: &EmitOptions,
) -> Result<Emitted, TargetError> {
    let mut out = Emitted {
        ptx: BTreeMap::new(),
        cubins: BTreeMap::new(),
        timings: Vec::new(),
        linked_ir: BTreeMap::new(),
        linked_objects: BTreeMap::new(),
    };
    let libdevice = match &options.libdevice {
        Some(path) => Some(
            std::fs::read(path)
                .map_err(|error| TargetError::ReadLibdevice { path: path.display().to_string(), error })?,
        ),
        None => None,
    };
    let ptxas_identity = options.ptxas.as_deref().map(cache::tool_identity);
    let per_arch = |arch: GpuArch| -> Result<ArchOutput, TargetError> {
        let chosen: Vec<(String, Vec<u8>)> = objects.iter().map(|o| object_for_arch(o, arch)).collect();
        let arch_name = arch.to_string();
        let linkage_name = format!("{:?}", options.linkage);
        let key = options.cache.as_ref().map(|_| {
            cache::key(&cache::KeyInputs {
                ir: ir_text,
                objects: &chosen,
                libdevice: libdevice.as_deref(),
                arch: &arch_name,
                linkage: &linkage_name,
                ptxas: ptxas_identity.as_deref(),
            })
        });
        if let (Some(c), Some(k)) = (&options.cache, &key)
            && let Some(hit) = c.get(k)
        {
            return Ok(ArchOutput {
                ptx: hit.ptx,
                linked_ir: None,
                linked: hit.linked,
                cubin: hit.cubin,
                timings: vec![(format!("{arch}: from the compile cache"), std::time::Duration::ZERO)],
            });
        }
        let started = std::time::Instant::now();
        let (ptx, ir, linked) = link_and_emit(ir_text, &chosen, arch, libdevice.as_deref(), options.linkage)?;
        let mut timings = vec![(format!("{arch}: link, O3 and PTX"), started.elapsed())];
        let cubin = match &options.ptxas {
            Some(ptxas) => {
                let started = std::time::Instant::now();
                let cubin = ptxas::compile(ptxas, &ptx, arch)?;
                timings.push((format!("{arch}: ptxas"), started.elapsed()));
                Some(cubin)
            }
            None => None,
        };
        if let (Some(c), Some(k)) = (&options.cache, &key) {
            c.put(k, &cache::Entry { ptx: ptx.clone(), linked: linked.clone(), cubin: cubin.clone() });
        }
        Ok(ArchOutput { ptx, linked_ir: Some(ir), linked, cubin, timings })
    };
    let results: Vec<(GpuArch, Result<ArchOutput, TargetError>)> = std::thread::scope(|scope| {
        // LLVM's recursion wants more than a spawned thread's default stack.
        let jobs: Vec<_> = arches
            .iter()
            .map(|&arch| {
                let job = std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || per_arch(arch))
                    .map_err(|e| TargetError::Link(LinkError::Target(format!("cannot start a thread: {e}"))));
                (arch, job)
            })
            .collect();
        jobs.into_iter()
            .map(|(arch, job)| {
                let result = job.and_then(|job| {
                    job.join().unwrap_or_else(|_| {
                        Err(TargetError::Link(LinkError::Target(format!("internal error: the {arch} thread panicked"))))
                    })
                });
                (arch, result)
            })
            .collect()
    });
    // The first failing arch in the order asked for decides the error.
    for (arch, result) in results {
        let r = result?;
        out.ptx.insert(arch, r.ptx);
        if let Some(ir) = r.linked_ir {
            out.linked_ir.insert(arch, ir);
        }
        out.linked_objects.insert(arch, r.linked);
        if let Some(c) = r.cubin {
            out.cubins.insert(arch, c);
        }
        out.timings.extend(r.timings);
    }
    Ok(out)
}

/// Links the chosen objects (and libdevice, where called) into a fresh copy
/// of the kernels' IR for `arch`, internalizes, optimizes and emits PTX.
/// Returns the PTX, the optimized IR and the paths linked.
fn link_and_emit(
    ir_text: &str,
    chosen: &[(String, Vec<u8>)],
    arch: GpuArch,
    libdevice: Option<&[u8]>,
    linkage: link::UKernelLinkage,
) -> Result<(String, String, Vec<String>), TargetError> {
    let llvm = LlvmContext::create();
    let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir_text.as_bytes(), "kernels");
    let module = llvm.create_module_from_ir(buffer).map_err(|e| LinkError::Verify(e.to_string()))?;
    let refs: Vec<(&str, &[u8])> = chosen.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
    let called = link::declared_functions(&module);
    let mut linked = link::link_needed_objects(&module, &refs)?;
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
    let (ptx, ir) = link::emit_ptx_and_ir(&module, arch)?;
    Ok((ptx, ir, linked))
}
