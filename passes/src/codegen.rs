//! The compile pipeline from a module of dispatches to PTX, in named stages
//! that an embedding compiler can stop after.
//!
//! ```text
//! input       dispatch func.funcs on tensors (or memrefs)
//! configured  ukernel-generalize-reduce, ukernel-fold-extf-operands, ukernel-fold-transposes,
//!             ukernel-widen-accumulation (opt-in), ukernel-fold-argmax-conversions,
//!             ukernel-fuse-elementwise, ukernel-two-stage-reductions, ukernel-inits-per-use,
//!             ukernel-kernel-config (a kernel per root); bufferized (one-shot-bufferize with
//!             function boundaries, results turned into out-params)
//! lowered     ukernel-hoist-executable-objects, ukernel-lower-to-ukernels,
//!             the other linalg ops and memref.copy as scf.parallel loops
//! kernels     ukernel-split-kernels (a default-path dispatch of several ops:
//!             one kernel per op, launched in order), ukernel-gpu-distribute:
//!             each dispatch is one kernel body
//! llvm        the LLVM dialect, dispatches marked nvvm.kernel
//! ```
//! then (in the NVPTX target crate, `ukernel-target-nvptx`) LLVM IR in the
//! same process, the hoisted objects each kernel needs linked in (per arch,
//! the one of the objects the IR carries that serves it), internalized, O3,
//! and PTX per arch.

use melior::{
    Context,
    ir::{
        Attribute, Module,
        attribute::{ArrayAttribute, IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut},
    },
    pass::PassManager,
    utility::parse_pass_pipeline,
};
use ukernel_dialect::location::{CapturedDiagnostic, capture_diagnostics};

use crate::{
    dispatch::{dispatches, root_op},
    families::{FAMILIES, RefValue},
    gpu_distribute::{BLOCK_ATTR, GRID_ATTR, TEMPORARIES_ATTR, TEMPORARY_SIZES_ATTR},
    grid::GridExpr,
    ir::{body_ops, name, shape_of},
};

/// The upstream bufferization of the configured stage (the compile's and
/// the reference check's), as pass pipeline text.
macro_rules! bufferization {
    () => {
        concat!(
            "one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},",
            "ukernel-fold-reshape-round-trips,drop-equivalent-buffer-results"
        )
    };
}

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

    /// What runs after [`pipeline`](Self::pipeline) and the Rust steps of
    /// the stage (for `configured`: results that are arguments written in
    /// place are dropped first, so that no copy of them is made).
    pub fn post_pipeline(self) -> Option<&'static str> {
        match self {
            Stage::Configured => Some(
                "builtin.module(buffer-results-to-out-params{hoist-static-allocs=true hoist-dynamic-allocs=true modify-public-functions=true})",
            ),
            _ => None,
        }
    }

    /// The pass pipeline that leads from the previous stage to this one.
    pub fn pipeline(self) -> &'static str {
        match self {
            Stage::Input => "builtin.module()",
            Stage::Configured => concat!(
                "builtin.module(ukernel-generalize-reduce,ukernel-fold-extf-operands,ukernel-fold-transposes,",
                "ukernel-canonicalize-contractions,ukernel-widen-accumulation,",
                "ukernel-fold-argmax-conversions,",
                "ukernel-fuse-elementwise,ukernel-two-stage-reductions,ukernel-inits-per-use,",
                "ukernel-kernel-config,",
                bufferization!(),
                ")"
            ),
            Stage::Lowered => concat!(
                "builtin.module(ukernel-hoist-executable-objects,ukernel-lower-to-ukernels,ukernel-split-reductions,",
                "convert-linalg-to-parallel-loops,ukernel-copies-to-loops)"
            ),
            Stage::Kernels => "builtin.module(ukernel-split-kernels,ukernel-gpu-distribute,canonicalize,cse)",
            Stage::Llvm => concat!(
                "builtin.module(ukernel-math-to-libdevice,convert-math-to-funcs,",
                "convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,",
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
    if stage == Stage::Configured {
        record_argument_access(context, module);
    }
    let mut others = run_pipeline(context, module, stage, stage.pipeline())?;
    if stage == Stage::Configured {
        results_written_in_place(context, module);
    }
    if let Some(post) = stage.post_pipeline() {
        others.extend(run_pipeline(context, module, stage, post)?);
    }
    if stage == Stage::Configured {
        outputs_are_written(context, module);
        record_dim_classes(context, module);
        annotate_references(context, module);
    }
    if stage == Stage::Llvm {
        mark_kernels(context, module);
    }
    Ok(others)
}

/// The upstream bufferization of the configured stage, without
/// `ukernel-kernel-config`: what the reference check executes on the CPU.
/// Each dispatch keeps the signature its kernel gets (results that are
/// arguments written in place dropped, the other results out-parameters),
/// so that one set of buffers serves both.
pub fn bufferize_for_reference(context: &Context, module: &mut Module) -> Result<(), CodegenError> {
    crate::register_passes();
    record_argument_access(context, module);
    // The module's explicit choice of f32 accumulation changes what its
    // 16-bit-output matmuls mean; the reference follows it.
    run_pipeline(
        context,
        module,
        Stage::Configured,
        concat!("builtin.module(ukernel-widen-accumulation,", bufferization!(), ")"),
    )?;
    results_written_in_place(context, module);
    if let Some(post) = Stage::Configured.post_pipeline() {
        run_pipeline(context, module, Stage::Configured, post)?;
    }
    Ok(())
}

/// Runs a textual pass pipeline on `module`, reporting failures as the
/// named stage's; returns the diagnostics that are not errors.
pub fn run_pipeline(
    context: &Context,
    module: &mut Module,
    stage: Stage,
    pipeline: &str,
) -> Result<Vec<CapturedDiagnostic>, CodegenError> {
    let pm = PassManager::new(context);
    let fail = |diagnostics| CodegenError::Stage { stage: stage.name(), diagnostics };
    parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).map_err(|e| {
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
    Ok(others)
}

/// Func attribute: per argument of a dispatch, how the kernel uses it:
/// "read", "write" or "readwrite" (recorded by `record_argument_access`).
pub const ACCESS_ATTR: &str = "ukernel.access";

fn access_of(func: &melior::ir::OperationRef) -> Vec<String> {
    func.attribute(ACCESS_ATTR).map(strings).unwrap_or_default()
}

fn set_access(context: &Context, func: &melior::ir::OperationRef, access: &[String]) {
    let items: Vec<Attribute> = access.iter().map(|a| StringAttribute::new(context, a).into()).collect();
    let mut f = unsafe { OperationRefMut::from_raw(func.to_raw()) };
    f.set_attribute(ACCESS_ATTR, ArrayAttribute::new(context, &items).into());
}

/// Before bufferization: a tensor argument is read (a tensor is a value; a
/// write to it would be a new tensor, a result); a memref argument may be
/// written too. Results written into an argument make it "readwrite"
/// ([`results_written_in_place`]); the out-parameters that the other results
/// become are "write" ([`outputs_are_written`]).
fn record_argument_access(context: &Context, module: &Module) {
    for func in dispatches(&module.as_operation()) {
        let Some(ty) = function_type(&func) else { continue };
        let access: Vec<String> = (0..ty.input_count())
            .filter_map(|i| ty.input(i).ok())
            .map(|t| if crate::ir::is_memref(t) { "readwrite" } else { "read" }.to_string())
            .collect();
        set_access(context, &func, &access);
    }
}

/// After buffer-results-to-out-params: the arguments beyond those recorded
/// are the dispatch's results, which the kernel only writes.
fn outputs_are_written(context: &Context, module: &Module) {
    for func in dispatches(&module.as_operation()) {
        let Some(ty) = function_type(&func) else { continue };
        let mut access = access_of(&func);
        if access.is_empty() {
            continue;
        }
        access.resize(ty.input_count().max(access.len()), "write".to_string());
        set_access(context, &func, &access);
    }
}

/// Func attribute: per argument, per dimension, a class number; dynamic
/// dimensions of one class are equal sizes (e.g. the M of A and of C).
/// Static dimensions are -1.
pub const DIM_CLASSES_ATTR: &str = "ukernel.dim_classes";

/// After bufferization: dims of the arguments that a linalg op indexes
/// with the same loop are the same size. Unknown relations stay apart.
fn record_dim_classes(context: &Context, module: &Module) {
    use std::collections::HashMap;
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum Key {
        Arg(usize, usize),
        Loop(usize, usize),
        /// A dim of a buffer local to the dispatch (the matmul's C that a
        /// fused consumer reads): it links the loops of the ops it joins.
        Local(usize, usize),
    }
    fn find(parent: &mut HashMap<Key, Key>, k: Key) -> Key {
        let p = *parent.get(&k).unwrap_or(&k);
        if p == k {
            return k;
        }
        let root = find(parent, p);
        parent.insert(k, root);
        root
    }
    for func in dispatches(&module.as_operation()) {
        let Some(ty) = function_type(&func) else { continue };
        let mut parent: HashMap<Key, Key> = HashMap::new();
        for (op_index, op) in crate::dispatch::linalg_ops(&func).iter().enumerate() {
            let maps = match crate::ir::indexing_maps(op) {
                Some(m) => m,
                // linalg.matmul without explicit maps: (m, k), (k, n), (m, n).
                None if name(op) == "linalg.matmul" => vec![
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(0), Some(2)] },
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(2), Some(1)] },
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(0), Some(1)] },
                ],
                None => continue,
            };
            if maps.len() != op.operand_count() {
                continue;
            }
            for (operand_index, map) in maps.iter().enumerate() {
                let Ok(mut value) = op.operand(operand_index) else { continue };
                // Through casts to the argument they view.
                while let Some(d) = crate::ir::defining_op(value).filter(|d| name(d) == "memref.cast") {
                    match d.operand(0) {
                        Ok(v) => value = v,
                        Err(_) => break,
                    }
                }
                let arg = crate::ir::func_arg_number(value, &func);
                for (dim, result) in map.results.iter().enumerate() {
                    if let Some(l) = result {
                        let key = match arg {
                            Some(arg) => Key::Arg(arg, dim),
                            None => Key::Local(melior::ir::ValueLike::to_raw(&value).ptr as usize, dim),
                        };
                        let (a, b) = (find(&mut parent, key), find(&mut parent, Key::Loop(op_index, *l)));
                        if a != b {
                            parent.insert(a, b);
                        }
                    }
                }
            }
        }
        let mut ids: HashMap<Key, i64> = HashMap::new();
        let mut classes: Vec<Attribute> = Vec::new();
        let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
        for arg in 0..ty.input_count() {
            let Ok(t) = ty.input(arg) else { continue };
            let dims = crate::ir::shape_of(t).map(|(d, _)| d).unwrap_or_default();
            let per_dim: Vec<Attribute> = dims
                .iter()
                .enumerate()
                .map(|(dim, size)| {
                    let id = match size {
                        Some(_) => -1,
                        None => {
                            let root = find(&mut parent, Key::Arg(arg, dim));
                            let next = ids.len() as i64;
                            *ids.entry(root).or_insert(next)
                        }
                    };
                    IntegerAttribute::new(i64_type, id).into()
                })
                .collect();
            classes.push(ArrayAttribute::new(context, &per_dim).into());
        }
        let mut f = unsafe { OperationRefMut::from_raw(func.to_raw()) };
        f.set_attribute(DIM_CLASSES_ATTR, ArrayAttribute::new(context, &classes).into());
    }
}

fn function_type<'c>(func: &melior::ir::OperationRef<'c, '_>) -> Option<melior::ir::r#type::FunctionType<'c>> {
    func.attribute("function_type")
        .ok()
        .and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())
        .and_then(|t| melior::ir::r#type::FunctionType::try_from(t.value()).ok())
}

/// Drops each dispatch result that is one of its own arguments (an init
/// written in place, as `C += A x B` on tensors bufferizes): the dispatch's
/// output is that argument. Upstream's drop-equivalent-buffer-results
/// leaves public functions alone, and buffer-results-to-out-params would
/// then copy the argument into a new out-parameter, which every GPU thread
/// of the kernel would run.
fn results_written_in_place(context: &Context, module: &Module) {
    for func in dispatches(&module.as_operation()) {
        let Some(ret) = body_ops(&func).into_iter().find(|o| name(o) == "func.return") else { continue };
        let operands: Vec<melior::ir::Value> = (0..ret.operand_count()).filter_map(|i| ret.operand(i).ok()).collect();
        let kept: Vec<melior::ir::Value> =
            operands.iter().copied().filter(|v| crate::ir::func_arg_number(*v, &func).is_none()).collect();
        if kept.len() == operands.len() {
            continue;
        }
        let mut access = access_of(&func);
        for v in &operands {
            if let Some(slot) = crate::ir::func_arg_number(*v, &func).and_then(|i| access.get_mut(i)) {
                *slot = "readwrite".to_string();
            }
        }
        if !access.is_empty() {
            set_access(context, &func, &access);
        }
        let Some(ty) = function_type(&func) else { continue };
        let inputs: Vec<melior::ir::Type> = (0..ty.input_count()).filter_map(|i| ty.input(i).ok()).collect();
        let results: Vec<melior::ir::Type> = kept.iter().map(melior::ir::ValueLike::r#type).collect();
        let new_type = melior::ir::r#type::FunctionType::new(context, &inputs, &results);
        let Some(block) = ret.block() else { continue };
        let location = ret.location();
        melior::ir::BlockLike::insert_operation_before(&block, ret, melior::dialect::func::r#return(&kept, location));
        drop(crate::dispatch::detach(&ret));
        let mut f = unsafe { OperationRefMut::from_raw(func.to_raw()) };
        f.set_attribute("function_type", melior::ir::attribute::TypeAttribute::new(new_type.into()).into());
    }
}

/// Runs every stage after `from` up to and including `to`.
pub fn run_stages(context: &Context, module: &mut Module, from: Stage, to: Stage) -> Result<(), CodegenError> {
    for stage in Stage::ALL.into_iter().filter(|s| *s > from && *s <= to) {
        run_stage(context, module, stage)?;
    }
    Ok(())
}

/// Func attribute naming the CPU reference that checks a dispatch: a
/// dictionary with the `family` whose matcher accepted its root op and what
/// that family's reference needs (argument numbers of its operands, -1 for
/// one that is not an argument; facts such as semantics or layouts).
pub const REFERENCE_ATTR: &str = "ukernel.reference";

fn annotate_references(context: &Context, module: &Module) {
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for func in dispatches(&module.as_operation()) {
        let Some(root) = root_op(&func) else { continue };
        if !root_is_the_dispatch(&func, &root) {
            continue;
        }
        // The family whose matcher accepts the op, else one whose references
        // replay it anyway (a form only the default lowering runs).
        let matched = FAMILIES.iter().find_map(|f| f.match_op(&root).ok().map(|m| (*f, f.reference(&m, &root, &func))));
        let Some((family, reference)) =
            matched.or_else(|| FAMILIES.iter().find_map(|f| f.default_reference(&root, &func).map(|r| (*f, r))))
        else {
            continue;
        };
        if reference.is_empty() {
            continue;
        }
        let mut fields: Vec<(&str, Attribute)> = vec![("family", StringAttribute::new(context, family.name()).into())];
        for (k, v) in reference {
            fields.push((
                k,
                match v {
                    RefValue::Int(i) => IntegerAttribute::new(i64_type, i).into(),
                    RefValue::Str(s) => StringAttribute::new(context, &s).into(),
                },
            ));
        }
        let named: Vec<(melior::ir::Identifier, Attribute)> =
            fields.iter().map(|(k, v)| (melior::ir::Identifier::new(context, k), *v)).collect();
        let mut f = unsafe { OperationRefMut::from_raw(func.to_raw()) };
        f.set_attribute(REFERENCE_ATTR, melior::ir::attribute::DictionaryAttribute::new(context, &named).into());
    }
}

/// Whether a family's reference for `root` checks all of `func`: its only
/// root, in one kernel with every other compute op of the dispatch (fused
/// into its ukernel, or the whole dispatch on the default path). A
/// dispatch formed into several kernels is checked as a whole by the MLIR
/// reference (`ukc compile --reference`) instead.
fn root_is_the_dispatch(func: &melior::ir::OperationRef, root: &melior::ir::OperationRef) -> bool {
    if crate::dispatch::roots(func).len() > 1 {
        return false;
    }
    let others =
        crate::dispatch::linalg_ops(func).into_iter().filter(|o| o != root && name(o) != "linalg.fill").count();
    let config = root
        .attribute(ukernel_dialect::LOWERING_CONFIG_ATTR)
        .ok()
        .and_then(|a| ukernel_dialect::LoweringConfig::try_from(a).ok());
    match config {
        Some(c) if c.ukernel.is_some() => others == 0 || (others == 1 && c.param("fused") == Some(1)),
        _ => true,
    }
}

/// A lowering-config parameter: the workgroups per SM a family's
/// configuration chose for one op (the argmax plan for large grids).
pub const WORKGROUPS_PER_SM_PARAM: &str = "workgroups_per_sm";
/// Func attribute: the workgroups per SM a dispatch is built for, the
/// larger of its ukernel's `min_workgroups_per_sm` and its
/// configuration's [`WORKGROUPS_PER_SM_PARAM`], which the lowering puts on
/// the ukernel call and `ukernel-split-kernels` moves to the kernel holding
/// it.
pub const WORKGROUPS_PER_SM_ATTR: &str = "ukernel.workgroups_per_sm";

/// Func attribute: the cluster dims (x, y, z) a kernel is launched in, for
/// a ukernel that asks for clusters (on the call, then its kernel, as
/// [`WORKGROUPS_PER_SM_ATTR`]).
pub const CLUSTER_ATTR: &str = "ukernel.cluster";

/// Marks the dispatches as kernels with their exact workgroup size as
/// `.maxntid` and their [`WORKGROUPS_PER_SM_ATTR`] (else 1) as
/// `.minnctapersm`: ptxas then caps registers for that size and occupancy
/// (a 384-thread wgmma kernel at 168, which `setmaxnreg` needs at entry; the
/// GEMV ukernel at 64, four workgroups per SM, which its stream needs in
/// flight). Their [`CLUSTER_ATTR`] becomes `.reqnctapercluster`: the driver
/// then launches them in clusters of that shape.
fn mark_kernels(context: &Context, module: &Module) {
    for op in body_ops(&module.as_operation()) {
        if name(&op) == "llvm.func" && op.attribute(GRID_ATTR).is_ok() {
            let block: Vec<i32> =
                op.attribute(BLOCK_ATTR).map(ints).unwrap_or_default().iter().map(|b| *b as i32).collect();
            let workgroups_per_sm = crate::ir::int_attr(&op, WORKGROUPS_PER_SM_ATTR).unwrap_or(1);
            let cluster = op.attribute(CLUSTER_ATTR).ok();
            let mut f = unsafe { OperationRefMut::from_raw(op.to_raw()) };
            f.set_attribute("nvvm.kernel", Attribute::unit(context));
            if let Some(dims) = cluster {
                f.set_attribute("nvvm.cluster_dim", dims);
            }
            if block.len() == 3 && block.iter().all(|b| *b > 0) {
                f.set_attribute(
                    "nvvm.maxntid",
                    melior::ir::attribute::DenseI32ArrayAttribute::new(context, &block).into(),
                );
                let i32t = melior::ir::r#type::IntegerType::new(context, 32).into();
                f.set_attribute("nvvm.minctasm", IntegerAttribute::new(i32t, workgroups_per_sm).into());
            }
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
    /// For a temporary: the size of each dim as a function of the other
    /// arguments' dims (dynamic ones included).
    pub temporary_sizes: Vec<GridExpr>,
    /// "read", "write" or "readwrite" (see [`ACCESS_ATTR`]).
    pub access: String,
    /// Per dim: None where static; for dynamic dims a class, equal classes
    /// being equal sizes (see [`DIM_CLASSES_ATTR`]).
    pub dim_classes: Vec<Option<u32>>,
}

/// The CPU reference that checks a kernel: its family and the fields its
/// family recorded (integers printed as decimal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub family: String,
    pub fields: Vec<(String, String)>,
}

/// What the runtime needs to launch a dispatch's kernel, read at the
/// `kernels` stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    pub name: String,
    pub args: Vec<KernelArg>,
    /// Workgroups per grid dimension, from the arguments' shapes.
    pub grid: [GridExpr; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory per workgroup the kernel's ukernel needs.
    pub shared_memory_bytes: u32,
    pub reference: Option<Reference>,
    /// The ukernel the kernel calls, if any.
    pub ukernel: Option<String>,
    /// For a step of a dispatch split into kernels launched in order
    /// (`ukernel-split-kernels`): the dispatch and the step's position.
    pub function: Option<(String, u32)>,
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
        // An error at the dispatch function, where the input has it.
        let fail = |message: String| CodegenError::Stage {
            stage: "kernels",
            diagnostics: vec![CapturedDiagnostic {
                severity: ukernel_dialect::location::Severity::Error,
                pos: ukernel_dialect::location::source_pos(func.location()),
                message: format!("kernel '{kernel}': {message}"),
                notes: vec![],
            }],
        };
        let entry = func
            .region(0)
            .ok()
            .and_then(|r| melior::ir::RegionLike::first_block(&r))
            .ok_or_else(|| fail("no body".into()))?;
        let temporaries = func.attribute(TEMPORARIES_ATTR).map(ints).unwrap_or_default();
        let temporary_sizes: Vec<Vec<GridExpr>> = func
            .attribute(TEMPORARY_SIZES_ATTR)
            .ok()
            .and_then(|a| ArrayAttribute::try_from(a).ok())
            .map(|arr| {
                (0..arr.len())
                    .filter_map(|i| arr.element(i).ok())
                    .map(|dims| strings(dims).iter().map(|g| GridExpr::parse(g)).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()
            .map_err(fail)?
            .unwrap_or_default();
        let access = access_of(&func);
        let classes: Vec<Vec<i64>> = func
            .attribute(DIM_CLASSES_ATTR)
            .ok()
            .and_then(|a| ArrayAttribute::try_from(a).ok())
            .map(|arr| (0..arr.len()).filter_map(|i| arr.element(i).ok()).map(ints).collect())
            .unwrap_or_default();
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
            let dims_len = dims.len();
            let temporary = temporaries.iter().position(|t| *t == i as i64);
            args.push(KernelArg {
                element: elem.to_string(),
                dims,
                temporary: temporary.is_some(),
                temporary_sizes: temporary.and_then(|t| temporary_sizes.get(t).cloned()).unwrap_or_default(),
                access: access.get(i).cloned().unwrap_or_else(|| "readwrite".to_string()),
                dim_classes: (0..dims_len)
                    .map(|d| classes.get(i).and_then(|c| c.get(d)).filter(|c| **c >= 0).map(|c| *c as u32))
                    .collect(),
            });
        }
        let grid = func.attribute(GRID_ATTR).map(strings).unwrap_or_default();
        let block = func.attribute(BLOCK_ATTR).map(ints).unwrap_or_default();
        if grid.len() != 3 || block.len() != 3 {
            return Err(fail("no launch configuration (ukernel-gpu-distribute did not run)".into()));
        }
        let reference = func.attribute(REFERENCE_ATTR).ok().and_then(|a| {
            let d = melior::ir::attribute::DictionaryAttribute::try_from(a).ok()?;
            let mut family = None;
            let mut fields = Vec::new();
            for i in 0..d.len() {
                let (k, v) = d.element(i).ok()?;
                let k = k.as_string_ref().as_str().ok()?.to_string();
                let text = match IntegerAttribute::try_from(v) {
                    Ok(int) => int.value().to_string(),
                    Err(_) => ukernel_dialect::string_value(v).unwrap_or_default(),
                };
                if k == "family" {
                    family = Some(text);
                } else {
                    fields.push((k, text));
                }
            }
            Some(Reference { family: family?, fields })
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
        let grid: Vec<GridExpr> = grid.iter().map(|g| GridExpr::parse(g)).collect::<Result<_, _>>().map_err(fail)?;
        let shared_memory_bytes = ukernel.as_deref().map_or(0, |callee| dynamic_shared_memory(module, callee));
        out.push(KernelInfo {
            name: kernel.clone(),
            args,
            shared_memory_bytes,
            grid: [grid[0].clone(), grid[1].clone(), grid[2].clone()],
            block: [block[0] as u32, block[1] as u32, block[2] as u32],
            reference,
            ukernel,
            function: func
                .attribute(crate::split_kernels::FUNCTION_ATTR)
                .ok()
                .and_then(ukernel_dialect::string_value)
                .map(|f| (f, crate::ir::int_attr(&func, crate::split_kernels::STEP_ATTR).unwrap_or(0) as u32)),
        });
    }
    Ok(out)
}

/// The dynamic shared memory `callee`'s declaration asks for (0 if none).
fn dynamic_shared_memory(module: &Module, callee: &str) -> u32 {
    body_ops(&module.as_operation())
        .into_iter()
        .find(|o| {
            name(o) == "func.func"
                && o.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).as_deref() == Some(callee)
        })
        .and_then(|d| d.attribute(crate::lower_to_ukernels::DYNAMIC_SHARED_MEMORY_ATTR).ok())
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map_or(0, |i| i.value().clamp(0, u32::MAX as i64) as u32)
}
