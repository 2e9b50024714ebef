//! The compile pipeline from a module of dispatches to PTX, in named stages
//! that an embedding compiler can stop after.
//!
//! ```text
//! input       dispatch func.funcs on tensors (or memrefs)
//! configured  ukernel-kernel-config; bufferized (one-shot-bufferize with
//!             function boundaries, results turned into out-params)
//! lowered     ukernel-hoist-executable-objects, ukernel-lower-to-ukernels,
//!             the other linalg ops as scf.parallel loops
//! kernels     ukernel-gpu-distribute: each dispatch is one kernel body
//! llvm        the LLVM dialect, dispatches marked nvvm.kernel
//! ```
//! then LLVM IR (same process), the hoisted objects each kernel needs linked
//! in (registry objects re-chosen per arch), internalized, O3, and PTX per
//! arch.

use std::collections::BTreeMap;

use inkwell::{context::Context as LlvmContext, module::Module as LlvmModule};
use melior::{
    Context,
    ir::{
        Attribute, Module, OperationRef, Value,
        attribute::{ArrayAttribute, IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut},
    },
    pass::PassManager,
    utility::parse_pass_pipeline,
};
use ukernel_dialect::{
    EXECUTABLE_OBJECTS, ExecutableObject, TARGET_ATTR,
    location::{CapturedDiagnostic, capture_diagnostics},
};

use crate::{
    gpu_distribute::{BLOCK_ATTR, GRID_ATTR, TEMPORARIES_ATTR, dispatches},
    ir::{body_ops, name, shape_of},
    kernel_config::root_op,
    link::{self, LinkError},
};

/// A point in the pipeline, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Input,
    Configured,
    Lowered,
    Kernels,
    Llvm,
}

impl Stage {
    pub const ALL: [Stage; 5] = [Stage::Input, Stage::Configured, Stage::Lowered, Stage::Kernels, Stage::Llvm];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Input => "input",
            Stage::Configured => "configured",
            Stage::Lowered => "lowered",
            Stage::Kernels => "kernels",
            Stage::Llvm => "llvm",
        }
    }

    pub fn from_name(n: &str) -> Option<Stage> {
        Self::ALL.into_iter().find(|s| s.name() == n)
    }

    /// The pass pipeline that leads from the previous stage to this one.
    pub fn pipeline(self) -> &'static str {
        match self {
            Stage::Input => "builtin.module()",
            Stage::Configured => concat!(
                "builtin.module(ukernel-kernel-config,",
                "one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},",
                "drop-equivalent-buffer-results,",
                "buffer-results-to-out-params{hoist-static-allocs=true hoist-dynamic-allocs=true modify-public-functions=true})"
            ),
            Stage::Lowered => concat!(
                "builtin.module(ukernel-hoist-executable-objects,ukernel-lower-to-ukernels,",
                "convert-linalg-to-parallel-loops)"
            ),
            Stage::Kernels => "builtin.module(ukernel-gpu-distribute,canonicalize,cse)",
            Stage::Llvm => concat!(
                "builtin.module(convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,",
                "convert-to-llvm,reconcile-unrealized-casts)"
            ),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    #[error("{stage} stage failed:\n{}", render(.diagnostics))]
    Stage { stage: &'static str, diagnostics: Vec<CapturedDiagnostic> },
    #[error("kernel '{kernel}': {message}")]
    Kernel { kernel: String, message: String },
    #[error("translation to LLVM IR failed")]
    Translate,
    #[error(transparent)]
    Link(#[from] LinkError),
}

fn render(diagnostics: &[CapturedDiagnostic]) -> String {
    diagnostics.iter().map(|d| d.render(None)).collect::<String>()
}

/// Runs the pipeline of `stage` on `module`; returns the diagnostics that
/// are not errors (the ukernel decisions are remarks).
pub fn run_stage(
    context: &Context,
    module: &mut Module,
    stage: Stage,
) -> Result<Vec<CapturedDiagnostic>, CodegenError> {
    crate::register_passes();
    let pm = PassManager::new(context);
    let fail = |diagnostics| CodegenError::Stage { stage: stage.name(), diagnostics };
    parse_pass_pipeline(pm.as_operation_pass_manager(), stage.pipeline()).map_err(|e| {
        fail(vec![CapturedDiagnostic {
            severity: ukernel_dialect::location::Severity::Error,
            pos: None,
            message: e.to_string(),
            notes: vec![],
        }])
    })?;
    let (result, diagnostics) = capture_diagnostics(context, || pm.run(module));
    let (errors, others): (Vec<CapturedDiagnostic>, Vec<CapturedDiagnostic>) =
        diagnostics.into_iter().partition(|d| d.severity == ukernel_dialect::location::Severity::Error);
    if result.is_err() || !errors.is_empty() {
        return Err(fail(errors));
    }
    if stage == Stage::Configured {
        annotate_references(context, module);
    }
    if stage == Stage::Llvm {
        mark_kernels(context, module);
    }
    Ok(others)
}

/// Runs every stage after `from` up to and including `to`.
pub fn run_stages(context: &Context, module: &mut Module, from: Stage, to: Stage) -> Result<(), CodegenError> {
    for stage in Stage::ALL.into_iter().filter(|s| *s > from && *s <= to) {
        run_stage(context, module, stage)?;
    }
    Ok(())
}

/// Func attribute naming the CPU reference of a dispatch and which of its
/// arguments are the reference's operands: `{family, input, value, index}`,
/// an operand that is not an argument as -1.
pub const REFERENCE_ATTR: &str = "ukernel.reference";

fn arg_index(v: Value, func: &OperationRef) -> i64 {
    crate::ir::func_arg_number(v, func).map_or(-1, |n| n as i64)
}

/// An elementwise producer of the root's input that a CPU reference can
/// replay: `(its input argument, its body in postfix)`, e.g. `x 2.0 mulf
/// -1.0 addf`. Only identity-indexed `linalg.generic`s of one input whose
/// body is float arithmetic on the element and constants qualify.
fn replayable_producer(root: &OperationRef, func: &OperationRef) -> Option<(i64, String)> {
    let input = root.operand(0).ok()?;
    // On memrefs, the producer is the last op before the root that uses the
    // buffer; it must write it.
    let block = root.block()?;
    let mut last = None;
    let mut next = melior::ir::BlockLike::first_operation(&block);
    while let Some(o) = next {
        if o.to_raw().ptr == root.to_raw().ptr {
            break;
        }
        if (0..o.operand_count()).any(|i| o.operand(i).is_ok_and(|v| crate::ir::same(v, input))) {
            last = Some(o);
        }
        next = o.next_in_block();
    }
    let producer = last.filter(|p| name(p) == "linalg.generic")?;
    if crate::ir::operand_segments(&producer)? != [1, 1] || !crate::ir::same(producer.operand(1).ok()?, input) {
        return None;
    }
    let all_parallel = producer.attribute("iterator_types").ok()?.to_string().matches("reduction").count() == 0;
    let maps = producer.attribute("indexing_maps").ok()?.to_string();
    let identity = maps.split("affine_map<").skip(1).all(|m| {
        let (dims, results) = m.split_once(" -> ").unwrap_or(("", ""));
        results.trim_end_matches(|c| c == '>' || c == ']' || c == ',' || c == ' ') == dims
    });
    let source = crate::ir::func_arg_number(producer.operand(0).ok()?, func)? as i64;
    if !all_parallel || !identity {
        return None;
    }
    let body = producer.region(0).ok().and_then(|r| melior::ir::RegionLike::first_block(&r))?;
    let element: Value = melior::ir::BlockLike::argument(&body, 0).ok()?.into();
    let yielded = body_ops(&producer).last().filter(|y| name(y) == "linalg.yield")?.operand(0).ok()?;
    fn postfix(v: Value, element: Value, depth: u32, out: &mut Vec<String>) -> Option<()> {
        if depth > 32 {
            return None;
        }
        if crate::ir::same(v, element) {
            out.push("x".into());
            return Some(());
        }
        let def = crate::ir::defining_op(v)?;
        if let Some(c) = crate::ir::float_constant(&def) {
            out.push(format!("{c:?}"));
            return Some(());
        }
        let op = name(&def);
        let arity = match op.as_str() {
            "arith.negf" => 1,
            "arith.mulf" | "arith.addf" | "arith.subf" | "arith.divf" | "arith.maximumf" | "arith.minimumf" => 2,
            _ => return None,
        };
        for i in 0..arity {
            postfix(def.operand(i).ok()?, element, depth + 1, out)?;
        }
        out.push(op.trim_start_matches("arith.").to_string());
        Some(())
    }
    let mut tokens = Vec::new();
    postfix(yielded, element, 0, &mut tokens)?;
    Some((source, tokens.join(" ")))
}

fn annotate_references(context: &Context, module: &Module) {
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    let int = |v: i64| -> Attribute { IntegerAttribute::new(i64_type, v).into() };
    for func in dispatches(&module.as_operation()) {
        let Some(root) = root_op(&func) else { continue };
        let Ok(found) = crate::matchers::argmax::match_argmax(&root) else { continue };
        let operand = |i| root.operand(i).map(|v| arg_index(v, &func)).unwrap_or(-1);
        let (input, producer) = match (operand(0), replayable_producer(&root, &func)) {
            (-1, Some((source, expression))) => (source, expression),
            (input, _) => (input, String::new()),
        };
        let fields = [
            ("family", StringAttribute::new(context, "argmax").into()),
            ("semantics", StringAttribute::new(context, found.semantics).into()),
            ("input", int(input)),
            ("value", int(operand(1))),
            ("index", int(operand(2))),
            ("producer", StringAttribute::new(context, &producer).into()),
        ];
        let named: Vec<(melior::ir::Identifier, Attribute)> =
            fields.iter().map(|(k, v)| (melior::ir::Identifier::new(context, k), *v)).collect();
        let mut f = unsafe { OperationRefMut::from_raw(func.to_raw()) };
        f.set_attribute(REFERENCE_ATTR, melior::ir::attribute::DictionaryAttribute::new(context, &named).into());
    }
}

fn mark_kernels(context: &Context, module: &Module) {
    for op in body_ops(&module.as_operation()) {
        if name(&op) == "llvm.func" && op.attribute(GRID_ATTR).is_ok() {
            let mut f = unsafe { OperationRefMut::from_raw(op.to_raw()) };
            f.set_attribute("nvvm.kernel", Attribute::unit(context));
        }
    }
}

/// One kernel argument: a buffer, given by the caller or (a temporary)
/// provided by the runtime.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArg {
    pub element: String,
    /// Dims, `None` where dynamic.
    pub dims: Vec<Option<u64>>,
    pub temporary: bool,
}

/// The CPU reference that checks a kernel: its family, how the op as
/// written treats NaN, and which arguments are its operands (-1: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub family: String,
    pub semantics: String,
    /// Elementwise function applied to the input before the argmax, in
    /// postfix (`x 2.0 mulf`); empty when the input is an argument itself.
    pub producer: String,
    pub input: i64,
    pub value: i64,
    pub index: i64,
}

/// What the runtime needs to launch a dispatch's kernel, read at the
/// `kernels` stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    pub args: Vec<KernelArg>,
    /// Per dimension: an integer, or a product of integers and `%argN[D]`.
    pub grid: [String; 3],
    pub block: [u32; 3],
    pub reference: Option<Reference>,
    /// The ukernel the kernel calls, if any.
    pub ukernel: Option<String>,
}

fn strings(a: Attribute) -> Vec<String> {
    ArrayAttribute::try_from(a)
        .map(|arr| {
            (0..arr.len())
                .filter_map(|i| arr.element(i).ok())
                .map(|e| ukernel_dialect::string_value(e).unwrap_or_else(|| e.to_string()))
                .collect()
        })
        .unwrap_or_default()
}

fn ints(a: Attribute) -> Vec<i64> {
    ArrayAttribute::try_from(a)
        .map(|arr| {
            (0..arr.len())
                .filter_map(|i| arr.element(i).ok())
                .filter_map(|e| IntegerAttribute::try_from(e).ok())
                .map(|i| i.value())
                .collect()
        })
        .unwrap_or_default()
}

/// The kernels of a module at the `kernels` stage.
pub fn kernel_infos(module: &Module) -> Result<Vec<KernelInfo>, CodegenError> {
    let mut out = Vec::new();
    for func in dispatches(&module.as_operation()) {
        let kernel = func.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).unwrap_or_default();
        let fail = |message: String| CodegenError::Kernel { kernel: kernel.clone(), message };
        let entry = func
            .region(0)
            .ok()
            .and_then(|r| melior::ir::RegionLike::first_block(&r))
            .ok_or_else(|| fail("no body".into()))?;
        let temporaries = func.attribute(TEMPORARIES_ATTR).map(ints).unwrap_or_default();
        let mut args = Vec::new();
        for i in 0..melior::ir::BlockLike::argument_count(&entry) {
            let a = melior::ir::BlockLike::argument(&entry, i).map_err(|e| fail(e.to_string()))?;
            let ty = melior::ir::ValueLike::r#type(&a);
            let (dims, elem) =
                shape_of(ty).ok_or_else(|| fail(format!("argument {i} of type {ty} is not a ranked memref")))?;
            if !crate::ir::is_memref(ty) || ty.to_string().contains("strided") {
                return Err(fail(format!(
                    "argument {i} has type {ty}; kernel arguments must be memrefs with the identity layout"
                )));
            }
            args.push(KernelArg { element: elem.to_string(), dims, temporary: temporaries.contains(&(i as i64)) });
        }
        let grid = func.attribute(GRID_ATTR).map(strings).unwrap_or_default();
        let block = func.attribute(BLOCK_ATTR).map(ints).unwrap_or_default();
        if grid.len() != 3 || block.len() != 3 {
            return Err(fail("no launch configuration (ukernel-gpu-distribute did not run)".into()));
        }
        let reference = func.attribute(REFERENCE_ATTR).ok().and_then(|a| {
            let d = melior::ir::attribute::DictionaryAttribute::try_from(a).ok()?;
            let get = |k| d.element_by_name(k).and_then(|v| IntegerAttribute::try_from(v).ok()).map(|i| i.value());
            let semantics = d.element_by_name("semantics").and_then(ukernel_dialect::string_value)?;
            let producer = d.element_by_name("producer").and_then(ukernel_dialect::string_value).unwrap_or_default();
            Some(Reference {
                family: "argmax".into(),
                semantics,
                producer,
                input: get("input")?,
                value: get("value")?,
                index: get("index")?,
            })
        });
        let mut ukernel = None;
        func.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if name(&op) == "func.call"
                && let Some(callee) =
                    op.attribute("callee").ok().map(|c| c.to_string().trim_start_matches('@').to_string())
                && callee.starts_with("uk_")
            {
                ukernel = Some(callee);
            }
            melior::ir::operation::WalkResult::Advance
        });
        out.push(KernelInfo {
            name: kernel.clone(),
            args,
            grid: [grid[0].clone(), grid[1].clone(), grid[2].clone()],
            block: [block[0] as u32, block[1] as u32, block[2] as u32],
            reference,
            ukernel,
        });
    }
    Ok(out)
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

/// Removes the `ukernel` attributes LLVM IR translation has no use for.
fn strip_ukernel_attributes(module: &Module) {
    let mut m = unsafe { OperationRefMut::from_raw(module.as_operation().to_raw()) };
    let _ = m.remove_attribute(EXECUTABLE_OBJECTS);
    let _ = m.remove_attribute(TARGET_ATTR);
    for op in body_ops(&module.as_operation()) {
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
pub fn translate<'ll>(module: &Module, llvm: &'ll LlvmContext) -> Result<LlvmModule<'ll>, CodegenError> {
    strip_ukernel_attributes(module);
    let raw = unsafe {
        mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llvm.raw() as mlir_sys::LLVMContextRef)
    };
    if raw.is_null() {
        return Err(CodegenError::Translate);
    }
    Ok(unsafe { LlvmModule::new(raw as inkwell::llvm_sys::prelude::LLVMModuleRef) })
}

/// The bytes of `object` to link for `sm`: a registry object is re-chosen
/// for each arch (its sm_90 bitcode for sm_90 PTX, sm_80 for sm_80); other
/// objects are used as they are.
pub fn object_for_arch(object: &ExecutableObject, sm: u32) -> (String, Vec<u8>) {
    let symbol = object.path.split('.').next().unwrap_or_default();
    if let Some(uk) = ukernels::registry().by_symbol(symbol)
        && object.path == uk.object_path(uk.bitcode_for(object_sm(&object.path).unwrap_or(sm)).map_or(0, |b| b.0))
        && let Some((have, bytes)) = uk.bitcode_for(sm)
    {
        return (uk.object_path(have), bytes.to_vec());
    }
    (object.path.clone(), object.data.to_vec())
}

fn object_sm(path: &str) -> Option<u32> {
    path.split('.').find_map(|p| p.strip_prefix("sm_")).and_then(|s| s.parse().ok())
}

/// PTX per arch, and the linked LLVM IR of the last arch.
pub struct Emitted {
    pub ptx: BTreeMap<u32, String>,
    pub linked_ir: BTreeMap<u32, String>,
    /// Objects linked per arch (paths).
    pub linked_objects: BTreeMap<u32, Vec<String>>,
}

/// Links the needed objects into a copy of `ir` per arch and emits PTX.
pub fn emit(
    ir_text: &str,
    objects: &[ExecutableObject],
    arches: &[u32],
    linkage: link::UKernelLinkage,
) -> Result<Emitted, CodegenError> {
    let mut out = Emitted { ptx: BTreeMap::new(), linked_ir: BTreeMap::new(), linked_objects: BTreeMap::new() };
    for &sm in arches {
        let llvm = LlvmContext::create();
        let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir_text.as_bytes(), "kernels");
        let module = llvm.create_module_from_ir(buffer).map_err(|e| LinkError::Verify(e.to_string()))?;
        let chosen: Vec<(String, Vec<u8>)> = objects.iter().map(|o| object_for_arch(o, sm)).collect();
        let refs: Vec<(&str, &[u8])> = chosen.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
        let called = link::declared_functions(&module);
        let linked = link::link_needed_objects(&module, &refs)?;
        link::internalize_non_kernels(&module);
        if linkage == link::UKernelLinkage::Call {
            link::keep_calls(&module, &called);
        }
        let (ptx, ir) = link::emit_ptx_and_ir(&module, sm)?;
        out.ptx.insert(sm, ptx);
        out.linked_ir.insert(sm, ir);
        out.linked_objects.insert(sm, linked);
    }
    Ok(out)
}
