//! After codegen: link the ukernel bitcode a kernel module calls, internalize
//! everything but the kernels, optimize at O3 and emit PTX per arch with
//! LLVM's NVPTX target machine.

use std::{collections::BTreeSet, sync::Once};

use ukernel_dialect::GpuArch;

use inkwell::{
    OptimizationLevel,
    attributes::{Attribute, AttributeLoc},
    memory_buffer::MemoryBuffer,
    module::{Linkage, Module},
    passes::PassBuilderOptions,
    targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple},
};

/// LLVM's `ptx_kernel` calling convention: the entry points of a module.
const PTX_KERNEL_CC: u32 = 71;

#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("object '{path}' is not valid LLVM bitcode: {message}")]
    BadBitcode { path: String, message: String },
    #[error("linking object '{path}' failed: {message}")]
    Link { path: String, message: String },
    #[error("the module does not verify: {0}")]
    Verify(String),
    #[error("NVPTX target: {0}")]
    Target(String),
    #[error("optimizing for {arch} failed: {message}")]
    Optimize { arch: String, message: String },
    #[error("emitting PTX for {arch} failed: {message}")]
    Emit { arch: String, message: String },
}

/// An object's bytes and the functions it defines (read once, so that each
/// module parses only the objects it needs).
#[derive(Clone, Debug)]
pub struct IndexedObject {
    pub path: String,
    pub bytes: Vec<u8>,
    pub defines: std::collections::HashSet<String>,
}

/// Reads which functions each object defines.
pub fn index_objects(objects: Vec<(String, Vec<u8>)>) -> Result<Vec<IndexedObject>, LinkError> {
    let context = inkwell::context::Context::create();
    objects
        .into_iter()
        .map(|(path, bytes)| {
            let defines = {
                let buffer = MemoryBuffer::create_from_memory_range(&bytes, &path);
                let object = Module::parse_bitcode_from_buffer(&buffer, &context)
                    .map_err(|e| LinkError::BadBitcode { path: path.to_string(), message: e.to_string() })?;
                object
                    .get_functions()
                    .filter(|f| f.count_basic_blocks() > 0)
                    .map(|f| f.get_name().to_string_lossy().into_owned())
                    .collect()
            };
            Ok(IndexedObject { path, bytes, defines })
        })
        .collect()
}

/// Links into `module` each object that defines a function `module`
/// declares without defining; the others are left out. Returns the paths
/// of the objects linked, in the order given.
pub fn link_needed_objects<'ll>(module: &Module<'ll>, objects: &[(&str, &[u8])]) -> Result<Vec<String>, LinkError> {
    let owned = objects.iter().map(|(p, b)| (p.to_string(), b.to_vec())).collect();
    link_indexed_objects(module, &index_objects(owned)?)
}

/// [`link_needed_objects`] with the objects already indexed.
pub fn link_indexed_objects<'ll>(module: &Module<'ll>, objects: &[IndexedObject]) -> Result<Vec<String>, LinkError> {
    let mut linked = Vec::new();
    for object in objects {
        // Declarations are looked up as objects are linked: one object may
        // need another.
        let needed = module
            .get_functions()
            .any(|f| f.count_basic_blocks() == 0 && object.defines.contains(f.get_name().to_str().unwrap_or_default()));
        if !needed {
            continue;
        }
        let buffer = MemoryBuffer::create_from_memory_range(&object.bytes, &object.path);
        let parsed = Module::parse_bitcode_from_buffer(&buffer, module.get_context())
            .map_err(|e| LinkError::BadBitcode { path: object.path.clone(), message: e.to_string() })?;
        module
            .link_in_module(parsed)
            .map_err(|e| LinkError::Link { path: object.path.clone(), message: e.to_string() })?;
        linked.push(object.path.clone());
    }
    Ok(linked)
}

unsafe extern "C" {
    /// Sets LLVM's command-line option `name` to `value` unless the host
    /// already gave it (a C++ shim); false if there is no such option.
    fn ukSetLlvmOption(name: *const std::os::raw::c_char, value: *const std::os::raw::c_char) -> bool;
    /// LLVM's `Linker::linkModules` with `LinkOnlyNeeded` (a C++ shim);
    /// takes ownership of `src`. False on failure.
    fn ukLinkOnlyNeeded(
        dst: inkwell::llvm_sys::prelude::LLVMModuleRef,
        src: inkwell::llvm_sys::prelude::LLVMModuleRef,
    ) -> bool;
}

/// The libdevice functions (`__nv_*`) `module` declares without defining.
pub fn libdevice_calls(module: &Module) -> Vec<String> {
    declared_functions(module).into_iter().filter(|n| n.starts_with("__nv_")).collect()
}

/// Links from libdevice only the functions `module` calls and what they
/// call. libdevice's own triple and data layout are replaced by the
/// module's, as clang does, so the linker has nothing to warn about; its
/// `__nvvm_reflect` queries are answered by the NVPTX pipeline at O3.
pub fn link_libdevice(module: &Module, bitcode: &[u8]) -> Result<(), LinkError> {
    let path = "libdevice.10.bc";
    // Read lazily: only the functions the linker takes are materialized (each
    // kernel's module links libdevice on its own; parsing all of it every
    // time cost more than the kernels).
    // SAFETY: the buffer is a copy of `bitcode` that the lazy module owns (or that is freed here on failure); the context is the module's, alive for the call.
    let library = unsafe {
        use inkwell::llvm_sys::{
            bit_reader::LLVMGetBitcodeModuleInContext2, core::LLVMCreateMemoryBufferWithMemoryRangeCopy,
        };
        let name = std::ffi::CString::new(path).unwrap_or_default();
        // The lazy module owns the buffer.
        let buffer = LLVMCreateMemoryBufferWithMemoryRangeCopy(bitcode.as_ptr().cast(), bitcode.len(), name.as_ptr());
        let mut raw = std::ptr::null_mut();
        if LLVMGetBitcodeModuleInContext2(module.get_context().raw(), buffer, &mut raw) != 0 || raw.is_null() {
            inkwell::llvm_sys::core::LLVMDisposeMemoryBuffer(buffer);
            return Err(LinkError::BadBitcode { path: path.to_string(), message: "not valid LLVM bitcode".into() });
        }
        Module::new(raw)
    };
    library.set_triple(&module.get_triple());
    // Through the C API: inkwell's get_data_layout can hand back a layout
    // string of the module as it was before ukernel bitcode was linked in
    // (seen: "unknown specifier ';'" aborting LLVM).
    // SAFETY: both modules are live; LLVM copies the layout string.
    unsafe {
        use inkwell::llvm_sys::core::{LLVMGetDataLayoutStr, LLVMSetDataLayout};
        LLVMSetDataLayout(library.as_mut_ptr(), LLVMGetDataLayoutStr(module.as_mut_ptr()));
    }
    let raw = library.as_mut_ptr();
    std::mem::forget(library);
    // SAFETY: both modules are live and in one context; the linker takes ownership of `raw` (forgotten above, so it is not freed twice).
    if !unsafe { ukLinkOnlyNeeded(module.as_mut_ptr(), raw) } {
        return Err(LinkError::Link { path: path.to_string(), message: "LLVM's linker failed".into() });
    }
    Ok(())
}

/// Whether the kernels get their own inlined copy of each ukernel or call
/// one shared copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UKernelLinkage {
    /// Inlined into every kernel that calls it: constants (split count,
    /// lengths) fold into the ukernel; each kernel carries its own copy.
    #[default]
    Inline,
    /// One `.func` per module that kernels call: far less code to optimize
    /// and emit per kernel.
    Call,
}

/// Marks the functions `names` (the ukernels the kernels call) `noinline`
/// instead of `alwaysinline`, except at call sites that pass a function
/// (a fused producer's map, a fused consumer's store): those inline the
/// ukernel, so the function is a constant there and inlines in turn, where
/// one shared copy would call each kernel's function indirectly.
pub fn keep_calls(module: &Module, names: &[String]) {
    let always_inline_kind = Attribute::get_named_enum_kind_id("alwaysinline");
    let always_inline = module.get_context().create_enum_attribute(always_inline_kind, 0);
    let no_inline = module.get_context().create_enum_attribute(Attribute::get_named_enum_kind_id("noinline"), 0);
    for name in names {
        let Some(f) = module.get_function(name) else { continue };
        f.remove_enum_attribute(AttributeLoc::Function, always_inline_kind);
        f.add_attribute(AttributeLoc::Function, no_inline);
        // The calls of `f` among its uses (not every instruction of the
        // module).
        let mut next = inkwell::values::BasicValue::get_first_use(&f.as_global_value().as_pointer_value());
        while let Some(u) = next {
            next = u.get_next_use();
            let inkwell::values::AnyValueEnum::InstructionValue(inst) = u.get_user() else { continue };
            let Ok(call) = inkwell::values::CallSiteValue::try_from(inst) else { continue };
            if call.get_called_fn_value() != Some(f) {
                continue;
            }
            // An argument that is a function of the module (the callee is
            // the last operand).
            let passes_function = (0..inst.get_num_operands().saturating_sub(1)).any(|i| {
                let Some(inkwell::values::Operand::Value(v)) = inst.get_operand(i) else { return false };
                v.is_pointer_value()
                    && module.get_function(&v.into_pointer_value().get_name().to_string_lossy()).is_some()
            });
            if passes_function {
                call.add_attribute(AttributeLoc::Function, always_inline);
            }
        }
    }
}

/// What the IR says of the ukernels its kernels declare, read from their
/// declarations (`ukernel.linkage`, `ukernel.pipeline`) before translation:
/// the target needs nothing of the registry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UKernelFacts {
    /// Every declared ukernel.
    pub ukernels: BTreeSet<String>,
    /// Those kernels call rather than inline.
    pub called: BTreeSet<String>,
    /// Those whose inlined code O3 would not improve.
    pub after_inlining: BTreeSet<String>,
}

impl UKernelFacts {
    /// The called ukernels `module` defines (after linking).
    pub fn called_in(&self, module: &Module) -> Vec<String> {
        self.called
            .iter()
            .filter(|n| module.get_function(n).is_some_and(|f| f.count_basic_blocks() > 0))
            .cloned()
            .collect()
    }

    /// The facts of every ukernel of the library, from its registry: for
    /// what launches them directly (the test harnesses), which has no IR.
    pub fn of_library() -> Self {
        let mut facts = Self::default();
        for uk in ukernels::registry().ukernels() {
            facts.ukernels.insert(uk.symbol.clone());
            if uk.tag("linkage") == Some("call") {
                facts.called.insert(uk.symbol.clone());
            }
            if uk.tag("pipeline") == Some("after-inlining") {
                facts.after_inlining.insert(uk.symbol.clone());
            }
        }
        facts
    }

    /// A line for cache keys.
    pub fn key(&self) -> String {
        let list = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(",");
        format!(
            "ukernels={};called={};after_inlining={}",
            list(&self.ukernels),
            list(&self.called),
            list(&self.after_inlining)
        )
    }
}

/// Names of the functions `module` declares without defining (before
/// linking: the ukernels it calls).
pub fn declared_functions(module: &Module) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0 && !f.get_name().to_string_lossy().starts_with("llvm."))
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect()
}

/// Gives every defined function except the kernels internal linkage and
/// `alwaysinline`, so that O3 inlines the ukernels into each kernel (a
/// ukernel called from several kernels too) and drops what no kernel uses,
/// and removes per-function target attributes: bitcode built for sm_80 is
/// linked into sm_90 code, and the target machine decides. Functions a
/// ukernel marks `cold` (slow paths it keeps out of line) keep their own
/// inlining attributes: one called copy serves them all.
pub fn internalize_non_kernels(module: &Module) {
    let context = module.get_context();
    let always_inline = context.create_enum_attribute(Attribute::get_named_enum_kind_id("alwaysinline"), 0);
    let no_inline = Attribute::get_named_enum_kind_id("noinline");
    let cold = Attribute::get_named_enum_kind_id("cold");
    for f in module.get_functions() {
        f.remove_string_attribute(AttributeLoc::Function, "target-cpu");
        f.remove_string_attribute(AttributeLoc::Function, "target-features");
        if f.count_basic_blocks() > 0 && f.get_call_conventions() != PTX_KERNEL_CC {
            if f.get_enum_attribute(AttributeLoc::Function, cold).is_some() {
                f.set_linkage(Linkage::Internal);
                continue;
            }
            f.set_linkage(Linkage::Internal);
            f.remove_enum_attribute(AttributeLoc::Function, no_inline);
            f.add_attribute(AttributeLoc::Function, always_inline);
        }
    }
    for g in module.get_globals() {
        // LLVM's own globals (`llvm.global_ctors`, `llvm.used`) keep the
        // linkage LLVM requires of them.
        if !g.is_declaration() && !g.get_name().to_bytes().starts_with(b"llvm.") {
            g.set_linkage(Linkage::Internal);
        }
    }
}

/// Names of the kernels (entry points) of `module`.
pub fn kernel_names(module: &Module) -> Vec<String> {
    module
        .get_functions()
        .filter(|f| f.get_call_conventions() == PTX_KERNEL_CC && f.count_basic_blocks() > 0)
        .map(|f| f.get_name().to_string_lossy().into_owned())
        .collect()
}

/// Initializes the NVPTX target once per process. It also turns off loop
/// strength reduction in codegen for the whole process (LLVM's
/// `-disable-lsr`, a global option: a host that runs LLVM codegen of its own
/// in the same process inherits it). O3 modules run it in their IR pipeline
/// instead ([`Pipeline::O3`]); the argmax ukernel's loops are faster without
/// it (f32 4096 x 32000 and 1 x 2^28 on the H200: 5% and 10%) and each
/// kernel compiles about a quarter faster. A host that gave `-disable-lsr`
/// itself keeps its setting.
fn init_nvptx() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        Target::initialize_nvptx(&InitializationConfig::default());
        // SAFETY: two static NUL-terminated strings, once, with LLVM's NVPTX target initialized.
        unsafe { ukSetLlvmOption(c"disable-lsr".as_ptr(), c"true".as_ptr()) };
    });
}

/// The NVPTX target machine for `arch`, codegen at `level`.
fn target_machine(arch: GpuArch, level: OptimizationLevel) -> Result<TargetMachine, LinkError> {
    init_nvptx();
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    let target = Target::from_triple(&triple).map_err(|e| LinkError::Target(e.to_string()))?;
    target
        .create_target_machine(
            &triple,
            // The arch-specific chip (sm_90a) marks the PTX `.target sm_90a`,
            // without which the driver rejects wgmma.
            &arch.to_string(),
            // The PTX ISA version follows the arch (8.0 up to sm_90a, 8.6
            // for sm_100, ...).
            &format!("+ptx{}", arch.ptx_isa()),
            level,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| LinkError::Target(format!("no NVPTX target machine for {arch}")))
}

/// The optimization a linked module gets before NVPTX codegen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pipeline {
    /// LLVM's O3, then loop strength reduction (which codegen no longer
    /// runs, see `init_nvptx`): for code MLIR generated (the default path's
    /// loops) and ukernels not tagged for the short pipeline (matmul).
    #[default]
    O3,
    /// For kernels that set up arguments and call ukernels: the ukernels
    /// were optimized at O3 when the library was built, so what is left is
    /// inlining them (and the fused functions they call once those calls are
    /// direct), propagating the call's constants and cleaning up. About a
    /// third cheaper than O3, with the same instructions in the ukernels'
    /// loops.
    AfterInlining,
}

const O3_THEN_LSR: &str = "default<O3>,function(loop(canon-freeze,loop-reduce))";

/// The second round cleans up after the fused functions inlined once their
/// calls became direct (without it their PTX differs; with SROA, EarlyCSE
/// and ADCE added to it, nothing changes but the time).
const AFTER_INLINING: &str = "always-inline,ipsccp,globaldce,\
    function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg),\
    always-inline,\
    function(instcombine<no-verify-fixpoint>,simplifycfg),\
    globaldce";

/// The pipeline for `module` before linking: [`Pipeline::AfterInlining`]
/// when it calls ukernels, each declared `pipeline = "after-inlining"`
/// (those whose inlined code O3 was measured not to improve), and none of its own functions has a loop (only argument set-up
/// and calls); else O3.
pub fn pipeline_for(module: &Module, facts: &UKernelFacts) -> Pipeline {
    let called: Vec<String> = declared_functions(module).into_iter().filter(|n| facts.ukernels.contains(n)).collect();
    let calls_ukernel = !called.is_empty() && called.iter().all(|n| facts.after_inlining.contains(n));
    let has_loop = module.get_functions().filter(|f| f.count_basic_blocks() > 0).any(|f| {
        // A branch to a block at or before its own, in layout order: MLIR's
        // loops (scf.for, scf.while) become such back edges.
        let blocks = f.get_basic_blocks();
        blocks.iter().enumerate().any(|(i, b)| {
            b.get_terminator().is_some_and(|t| {
                (0..t.get_num_operands()).any(|o| {
                    t.get_operand(o)
                        .and_then(|op| op.block())
                        .and_then(|target| blocks.iter().position(|x| *x == target))
                        .is_some_and(|j| j <= i)
                })
            })
        })
    });
    if calls_ukernel && !has_loop { Pipeline::AfterInlining } else { Pipeline::O3 }
}

/// Optimizes `module` in place for `arch` and returns the target machine.
fn optimize<'ll>(module: &Module<'ll>, arch: GpuArch, pipeline: Pipeline) -> Result<TargetMachine, LinkError> {
    module.verify().map_err(|e| LinkError::Verify(e.to_string()))?;
    // Codegen at O2 for the short pipeline's modules: its only difference
    // from O3 for NVPTX is EarlyCSE instead of GVN in the IR passes, which
    // found nothing in these modules (the PTX of every argmax kernel of the
    // tests and benchmarks is byte-identical) and cost 8% of their emission.
    let level = match pipeline {
        Pipeline::O3 => OptimizationLevel::Aggressive,
        Pipeline::AfterInlining => OptimizationLevel::Default,
    };
    let tm = target_machine(arch, level)?;
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    let passes = match pipeline {
        Pipeline::O3 => O3_THEN_LSR,
        Pipeline::AfterInlining => AFTER_INLINING,
    };
    module
        .run_passes(passes, &tm, PassBuilderOptions::create())
        .map_err(|e| LinkError::Optimize { arch: arch.to_string(), message: e.to_string() })?;
    Ok(tm)
}

/// A copy of `module` optimized at O3 for `sm`, and the target machine.
fn optimized_copy<'ll>(module: &Module<'ll>, arch: GpuArch) -> Result<(Module<'ll>, TargetMachine), LinkError> {
    let copy = module.clone();
    let tm = optimize(&copy, arch, Pipeline::O3)?;
    Ok((copy, tm))
}

fn ptx_of(module: &Module, tm: &TargetMachine, arch: GpuArch) -> Result<String, LinkError> {
    let buffer = tm
        .write_to_memory_buffer(module, FileType::Assembly)
        .map_err(|e| LinkError::Emit { arch: arch.to_string(), message: e.to_string() })?;
    Ok(String::from_utf8_lossy(buffer.as_slice()).into_owned())
}

/// Optimizes a copy of `module` at O3 for `sm` and returns its PTX. The
/// module itself is left as it was, so it can be emitted for several arches.
pub fn emit_ptx(module: &Module, arch: GpuArch) -> Result<String, LinkError> {
    let (copy, tm) = optimized_copy(module, arch)?;
    ptx_of(&copy, &tm, arch)
}

/// Optimizes `module` itself with `pipeline` and returns its PTX for
/// `arch`, and the optimized IR when `with_ir`.
pub fn emit_ptx_in_place(
    module: &Module,
    arch: GpuArch,
    pipeline: Pipeline,
    with_ir: bool,
) -> Result<(String, Option<String>), LinkError> {
    let tm = optimize(module, arch, pipeline)?;
    let ir = with_ir.then(|| module.print_to_string().to_string());
    Ok((ptx_of(module, &tm, arch)?, ir))
}

/// PTX of a test-harness module from the ukernel library (e.g.
/// `harness_argmax`) with every ukernel's bitcode for `sm` linked in.
pub fn harness_ptx(harness: &str, arch: GpuArch) -> Result<String, LinkError> {
    let context = inkwell::context::Context::create();
    let bytes = ukernels::harness_bitcode(harness, arch.sm)
        .ok_or_else(|| LinkError::BadBitcode { path: format!("{harness}.{arch}.bc"), message: "not built".into() })?;
    let buffer = MemoryBuffer::create_from_memory_range(bytes, harness);
    let module = Module::parse_bitcode_from_buffer(&buffer, &context)
        .map_err(|e| LinkError::BadBitcode { path: harness.to_string(), message: e.to_string() })?;
    let objects: Vec<(String, &[u8])> = ukernels::registry()
        .ukernels()
        .iter()
        .filter_map(|u| u.bitcode_for_target(arch.sm, arch.specific).map(|(have, b)| (u.object_path(have), b)))
        .collect();
    let objects: Vec<(&str, &[u8])> = objects.iter().map(|(p, b)| (p.as_str(), *b)).collect();
    // The harness launches the library's own ukernels: their facts come from
    // the registry, as a compiled dispatch's come from its IR.
    let facts = UKernelFacts::of_library();
    // The pipeline a compiled dispatch calling the same ukernels gets.
    let pipeline = pipeline_for(&module, &facts);
    link_needed_objects(&module, &objects)?;
    internalize_non_kernels(&module);
    keep_calls(&module, &facts.called_in(&module));
    launch_in_clusters(&module);
    Ok(emit_ptx_in_place(&module, arch, pipeline, false)?.0)
}

/// Gives the harness kernel of each ukernel launched in clusters
/// (`harness_<symbol>`) the cluster shape the registry records, as the
/// lowering gives compiled dispatches: clang drops CUDA's `cluster_dims`
/// attribute without a word.
fn launch_in_clusters(module: &Module) {
    let context = module.get_context();
    for uk in ukernels::registry().ukernels() {
        if let (Some(c), Some(f)) =
            (ukernels::Facts::cluster_m(&**uk), module.get_function(&format!("harness_{}", uk.symbol)))
        {
            let dims = context.create_string_attribute("nvvm.cluster_dim", &format!("1,{c},1"));
            f.add_attribute(AttributeLoc::Function, dims);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llvm_options_are_set_by_name_and_unknown_ones_refused() {
        init_nvptx();
        // Set by init_nvptx (or by a host): left as it is, not an error.
        // SAFETY: static NUL-terminated strings after `init_nvptx`.
        assert!(unsafe { ukSetLlvmOption(c"disable-lsr".as_ptr(), c"true".as_ptr()) });
        // SAFETY: static NUL-terminated strings after `init_nvptx`.
        assert!(!unsafe { ukSetLlvmOption(c"no-such-llvm-option".as_ptr(), c"true".as_ptr()) });
    }
}
