//! The compile pipeline from a module of dispatches to PTX, in named stages
//! that an embedding compiler can stop after.
//!
//! ```text
//! input       dispatch func.funcs on tensors (or memrefs)
//! configured  inline (calls inlined, no cleanup pipeline), symbol-dce (private
//!             functions no call reaches dropped), convert-elementwise-to-linalg,
//!             ukernel-unread-inits-empty, ukernel-scalar-arguments-as-tensors,
//!             ukernel-scalar-results-as-tensors, ukernel-distinct-results,
//!             ukernel-decompose-softmax, ukernel-decompose-pack, ukernel-gather-concat,
//!             ukernel-record-argument-access, ukernel-generalize-reduce,
//!             ukernel-rank0-generics-unit-loop, ukernel-sink-expand-shapes,
//!             each family's own passes (`Family::passes`: argmax's, then
//!             matmul's), ukernel-fuse-elementwise,
//!             ukernel-two-stage-reductions, ukernel-inits-per-use, ukernel-kernel-config
//!             (a kernel per root); bufferized (one-shot-bufferize with function
//!             boundaries, ukernel-fold-reshape-round-trips, results written in place
//!             dropped, the others turned into out-params); ukernel-record-outputs-written,
//!             ukernel-record-dim-classes, ukernel-annotate-references
//! lowered     ukernel-hoist-executable-objects, ukernel-lower-to-ukernels,
//!             ukernel-split-reductions, ukernel-reductions-innermost, the other
//!             linalg ops and memref.copy as scf.parallel loops
//! kernels     ukernel-split-kernels (a default-path dispatch of several ops:
//!             one kernel per op, launched in order), ukernel-gpu-distribute:
//!             each dispatch is one kernel body
//! llvm        ukernel-expand-fp8-extf, ukernel-expand-class-tests,
//!             ukernel-dynamic-expands-as-casts, the LLVM dialect (cf.assert's calls made a
//!             vprintf and a trap: ukernel-asserts-trap), dispatches marked
//!             nvvm.kernel (ukernel-mark-kernels)
//! ```
//!
//! Every step is a registered pass: each stage is one textual pipeline
//! ([`Stage::pipeline`]; `ukc pipeline` prints them all), which `ukernel-opt`
//! or `mlir-opt` with the plugin runs as it is.
//!
//! Then (in the NVPTX target crate, `ukernel-target-nvptx`) LLVM IR in the
//! same process, the hoisted objects each kernel needs linked in (per arch,
//! the one of the objects the IR carries that serves it), internalized, O3,
//! and PTX per arch.

use melior::{
    Context,
    ir::{
        Module,
        attribute::{ArrayAttribute, IntegerAttribute},
        operation::OperationLike,
    },
    pass::PassManager,
    utility::parse_pass_pipeline,
};
use ukernel_dialect::location::{CapturedDiagnostic, capture_diagnostics};

use crate::{
    dispatch::dispatches,
    grid::GridExpr,
    ir::{body_ops, ints, name, shape_of, strings},
    names::{BLOCK_ATTR, GRID_ATTR, TEMPORARIES_ATTR, TEMPORARY_SIZES_ATTR},
};

/// The upstream bufferization of the configured stage (the compile's and
/// the reference check's), as pass pipeline text. `buffer-hoisting` last:
/// an allocation inside an `scf.if` (a branch that makes a new tensor) moves
/// to the function's entry, where the dispatch's temporaries are taken from;
/// left inside, it became a device `malloc` by every thread at every launch,
/// never freed, which exhausted the device heap after about 16 launches.
macro_rules! bufferization {
    () => {
        concat!(
            "one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},",
            "ukernel-fold-reshape-round-trips,drop-equivalent-buffer-results,ukernel-drop-results-written-in-place,",
            "buffer-results-to-out-params{hoist-static-allocs=true hoist-dynamic-allocs=true modify-public-functions=true},",
            "func.func(buffer-hoisting)"
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

    /// The pass pipeline that leads from the previous stage to this one
    /// (the families registered so far contribute their passes).
    pub fn pipeline(self) -> String {
        self.build_pipeline()
    }

    fn build_pipeline(self) -> String {
        match self {
            Stage::Input => "builtin.module()".into(),
            Stage::Configured => format!(
                concat!(
                    "builtin.module({rewrites}ukernel-kernel-config,{bufferization}",
                    ",ukernel-record-outputs-written,ukernel-record-dim-classes,ukernel-annotate-references)"
                ),
                rewrites = tensor_rewrites(),
                bufferization = bufferization!(),
            ),
            Stage::Lowered => concat!(
                "builtin.module(ukernel-hoist-executable-objects,ukernel-lower-to-ukernels,ukernel-split-reductions,ukernel-reductions-innermost,",
                "convert-linalg-to-parallel-loops,ukernel-copies-to-loops)"
            )
            .into(),
            Stage::Kernels => "builtin.module(ukernel-split-kernels,ukernel-gpu-distribute,canonicalize,cse)".into(),
            Stage::Llvm => concat!(
                "builtin.module(ukernel-expand-fp8-extf,ukernel-expand-class-tests,ukernel-math-to-libdevice,convert-math-to-funcs,",
                "convert-scf-to-cf,ukernel-dynamic-expands-as-casts,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,",
                "convert-to-llvm,reconcile-unrealized-casts,ukernel-asserts-trap,ukernel-mark-kernels,ukernel-share-kernel-code)"
            )
            .into(),
        }
    }
}

/// The configured stage's passes before `ukernel-kernel-config`: tensor to
/// tensor rewrites that keep each function's meaning, as a pipeline
/// fragment (each pass followed by a comma).
fn tensor_rewrites() -> String {
    format!(
        concat!(
            "inline{{default-pipeline=\"\"}},symbol-dce,convert-elementwise-to-linalg,ukernel-unread-inits-empty,ukernel-scalar-arguments-as-tensors,ukernel-scalar-results-as-tensors,ukernel-distinct-results,ukernel-decompose-softmax,ukernel-decompose-pack,ukernel-gather-concat,ukernel-record-argument-access,ukernel-generalize-reduce,ukernel-rank0-generics-unit-loop,ukernel-sink-expand-shapes,",
            "{families}",
            "ukernel-fuse-elementwise,ukernel-two-stage-reductions,ukernel-inits-per-use,"
        ),
        families = pass_list(crate::families::family_passes().into_iter().map(|p| p.argument)),
    )
}

/// Pass names as a pipeline fragment: each followed by a comma.
fn pass_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.map(|n| format!("{n},")).collect()
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
    let others = run_pipeline(context, module, stage, &stage.pipeline())?;
    Ok(others)
}

/// The upstream bufferization of the configured stage, without
/// `ukernel-kernel-config`: what the reference check executes on the CPU.
/// Each dispatch keeps the signature its kernel gets (results that are
/// arguments written in place dropped, the other results out-parameters),
/// so that one set of buffers serves both.
pub fn bufferize_for_reference(context: &Context, module: &mut Module) -> Result<(), CodegenError> {
    crate::register_passes();
    // The module's explicit choice of f32 accumulation changes what its
    // 16-bit-output matmuls mean; the reference follows it. linalg.softmax
    // is upstream's decomposition on tensors, as in the compile.
    run_pipeline(
        context,
        module,
        Stage::Configured,
        &format!(
            concat!(
                "builtin.module(inline{{default-pipeline=\"\"}},symbol-dce,convert-elementwise-to-linalg,ukernel-unread-inits-empty,ukernel-scalar-arguments-as-tensors,ukernel-scalar-results-as-tensors,ukernel-distinct-results,",
                "ukernel-decompose-softmax,ukernel-decompose-pack,ukernel-record-argument-access,{families}{bufferization})"
            ),
            bufferization = bufferization!(),
            families = pass_list(crate::families::families().iter().flat_map(|f| f.reference_passes().iter().copied())),
        ),
    )?;
    Ok(())
}

/// The configured stage's tensor rewrites (every pass before
/// `ukernel-kernel-config`: folds, canonical contractions, fusion, two-stage
/// reductions), then the same bufferization: what `ukc compile
/// --check-rewrites` executes on the CPU against [`bufferize_for_reference`],
/// so that a rewrite that changes a function's result is caught without a GPU.
pub fn bufferize_rewritten(context: &Context, module: &mut Module) -> Result<(), CodegenError> {
    crate::register_passes();
    run_pipeline(
        context,
        module,
        Stage::Configured,
        &format!("builtin.module({}{})", tensor_rewrites(), bufferization!()),
    )?;
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

pub use crate::names::ACCESS_ATTR;

pub use crate::names::{DIM_CLASSES_ATTR, PINNED_DIMS_ATTR};

/// Runs every stage after `from` up to and including `to`.
pub fn run_stages(context: &Context, module: &mut Module, from: Stage, to: Stage) -> Result<(), CodegenError> {
    for stage in Stage::ALL.into_iter().filter(|s| *s > from && *s <= to) {
        run_stage(context, module, stage)?;
    }
    Ok(())
}

pub use crate::names::REFERENCE_ATTR;

pub use crate::names::WORKGROUPS_PER_SM_ATTR;
pub use crate::names::WORKGROUPS_PER_SM_PARAM;

pub use crate::names::CLUSTER_ATTR;

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
    /// Per dim: the size a dynamic dim must have (see [`PINNED_DIMS_ATTR`]).
    pub pinned: Vec<Option<u64>>,
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
    /// For a kernel that runs another's code (`ukernel-share-kernel-code`,
    /// filled in by [`record_shared_code`] after the `llvm` stage).
    pub shared_code: Option<SharedCode>,
}

/// The code a kernel runs when it is another kernel's: that kernel's entry,
/// and the values (bit width, value) its launches pass for the code's
/// trailing parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedCode {
    pub entry: String,
    pub arguments: Vec<(u32, i64)>,
}

/// Records in `kernels` whose code each runs, as the `llvm` stage's
/// `ukernel-share-kernel-code` left it in `module`.
pub fn record_shared_code(module: &Module, kernels: &mut [KernelInfo]) {
    let mut shared = crate::share_kernel_code::shared_code(&module.as_operation());
    for k in kernels {
        k.shared_code = shared.remove(&k.name).map(|(entry, arguments)| SharedCode { entry, arguments });
    }
}

/// The kernels of a module at the `kernels` stage.
pub fn kernel_infos(module: &Module) -> Result<Vec<KernelInfo>, CodegenError> {
    let mut out = Vec::new();
    for func in dispatches(&module.as_operation()) {
        let kernel = crate::ir::symbol_name(&func).unwrap_or_default();
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
                    .map(|dims| {
                        crate::ir::strings(dims).iter().map(|g| GridExpr::parse(g)).collect::<Result<Vec<_>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()
            .map_err(fail)?
            .unwrap_or_default();
        let access = crate::record_argument_access::access_of(&func);
        let classes: Vec<Vec<i64>> = func
            .attribute(DIM_CLASSES_ATTR)
            .ok()
            .and_then(|a| ArrayAttribute::try_from(a).ok())
            .map(|arr| (0..arr.len()).filter_map(|i| arr.element(i).ok()).map(ints).collect())
            .unwrap_or_default();
        let pinned: Vec<Vec<i64>> = func
            .attribute(crate::names::PINNED_DIMS_ATTR)
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
                pinned: (0..dims_len)
                    .map(|d| pinned.get(i).and_then(|c| c.get(d)).filter(|n| **n >= 0).map(|n| *n as u64))
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
                .attribute(crate::names::FUNCTION_ATTR)
                .ok()
                .and_then(ukernel_dialect::string_value)
                .map(|f| (f, crate::ir::int_attr(&func, crate::names::STEP_ATTR).unwrap_or(0) as u32)),
            shared_code: None,
        });
    }
    Ok(out)
}

/// The dynamic shared memory `callee`'s declaration asks for (0 if none).
fn dynamic_shared_memory(module: &Module, callee: &str) -> u32 {
    body_ops(&module.as_operation())
        .into_iter()
        .find(|o| name(o) == "func.func" && crate::ir::symbol_name(o).as_deref() == Some(callee))
        .and_then(|d| d.attribute(crate::names::DYNAMIC_SHARED_MEMORY_ATTR).ok())
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map_or(0, |i| i.value().clamp(0, u32::MAX as i64) as u32)
}
