//! The meaning of the input, computed by upstream MLIR itself: each dispatch
//! bufferized as the compile bufferizes it (without `ukernel-kernel-config`,
//! so no ukernel, fusion or distribution is involved), lowered through
//! upstream's CPU path (linalg to loops, the LLVM dialect) and run with
//! MLIR's ExecutionEngine on the inputs `reference.rs` generates for the
//! package's kernel. Its written buffers are the kernel's reference outputs.

use melior::{
    ExecutionEngine,
    ir::{
        Module,
        operation::{OperationLike, OperationMutLike},
    },
};
use ukernel_dialect::{EXECUTABLE_OBJECTS, TARGET_ATTR};
use ukernel_passes::codegen::{self, Stage};
use ukernel_passes::{Checked as _, CheckedBlock as _};
use ukernel_runtime::{ArgSpec, Package};

use crate::reference::{self, KernelReference, Output};

/// Upstream's CPU lowering. 16-bit float arithmetic is computed in f32 and
/// rounded back (what the GPU's bf16/f16 instructions give for one op), and
/// bf16 conversions are integer code, so that the JIT needs no compiler
/// runtime helpers; transcendental math calls libm.
const CPU_PIPELINE: &str = concat!(
    "builtin.module(func.func(convert-linalg-to-loops),",
    "ukernel-expand-fp8-extf,ukernel-expand-class-tests,math-extend-to-supported-types{target-type=f32},",
    "arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32},",
    "arith-expand{include-bf16=true},convert-math-to-funcs,",
    "convert-scf-to-cf,ukernel-dynamic-expands-as-casts,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,",
    "convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)"
);

/// MLIR's runner support library (`memrefCopy` for strided copies). The C
/// API reads each library path as a C string: the NUL is part of it.
const RUNNER_UTILS: &str = "/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so\0";

#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    #[error("reference: {0}")]
    Lowering(String),
    #[error("reference: kernel '{kernel}': {message}")]
    Kernel { kernel: String, message: String },
}

/// One memref argument in the expanded form the packed entry point takes:
/// allocated and aligned pointers, offset, sizes, strides.
struct Descriptor {
    allocated: *mut u8,
    aligned: *mut u8,
    offset: i64,
    sizes: Vec<i64>,
    strides: Vec<i64>,
}

/// Runs `kernel`'s dispatch of the JIT-compiled `engine` on `buffers`.
fn invoke(engine: &ExecutionEngine, name: &str, buffers: &mut [ukernels::check::Buffer]) -> Result<(), String> {
    let mut descriptors: Vec<Descriptor> = buffers
        .iter_mut()
        .map(|b| {
            let sizes: Vec<i64> = b.dims.iter().map(|d| *d as i64).collect();
            let mut strides = vec![1i64; sizes.len()];
            for d in (0..sizes.len().saturating_sub(1)).rev() {
                strides[d] = strides[d + 1] * sizes[d + 1];
            }
            let ptr = b.bytes.as_mut_ptr();
            Descriptor { allocated: ptr, aligned: ptr, offset: 0, sizes, strides }
        })
        .collect();
    let mut args: Vec<*mut ()> = Vec::new();
    for d in &mut descriptors {
        args.push(&mut d.allocated as *mut *mut u8 as *mut ());
        args.push(&mut d.aligned as *mut *mut u8 as *mut ());
        args.push(&mut d.offset as *mut i64 as *mut ());
        for s in d.sizes.iter_mut() {
            args.push(s as *mut i64 as *mut ());
        }
        for s in d.strides.iter_mut() {
            args.push(s as *mut i64 as *mut ());
        }
    }
    // The packed entry point ExecutionEngine makes of every function:
    // `_mlir_<name>(void **args)`, each element pointing at one expanded
    // argument. (The C API's invoke goes through `_mlir_ciface_<name>`,
    // which only functions with `llvm.emit_c_interface` have.)
    let entry = engine.lookup(&format!("_mlir_{name}"));
    if entry.is_null() {
        return Err("no such function in the CPU module".into());
    }
    // SAFETY: `entry` is the packed wrapper, `void (*)(void **)`; each
    // pointer in `args` points at a live field of `descriptors`, whose data
    // pointers are the buffers' bytes, sized by the dims the function's
    // memref types have (the caller checked ranks and element sizes).
    unsafe {
        let packed: unsafe extern "C" fn(*mut *mut ()) = std::mem::transmute(entry);
        packed(args.as_mut_ptr());
    }
    Ok(())
}

/// Removes from a `lowered` module what the CPU cannot run: the dispatches
/// that call a ukernel (their code is NVPTX bitcode) or use a GPU op, the
/// ukernel declarations and the module's objects. Returns the names
/// removed.
fn drop_ukernel_calls(module: &mut Module) -> std::collections::HashSet<String> {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let _ = module.as_operation_mut().remove_attribute(EXECUTABLE_OBJECTS);
    let mut removed = std::collections::HashSet::new();
    let top: Vec<melior::ir::OperationRef> = ukernel_passes::body_ops_of(&module.as_operation());
    for op in top {
        if ukernel_passes::op_name(&op) != "func.func" {
            continue;
        }
        let declaration = op.region_at(0).and_then(|r| melior::ir::RegionLike::first_block(&r)).is_none();
        // A ukernel call, or a GPU op the split reductions placed (a
        // barrier between threads' partials): not for the CPU.
        let mut calls = false;
        op.walk(WalkOrder::PreOrder, |o| {
            let n = ukernel_passes::op_name(&o);
            calls |= n == "func.call" || n.starts_with("nvvm.") || n.starts_with("gpu.");
            WalkResult::Advance
        });
        if declaration || calls {
            if let Some(name) = ukernel_passes::symbol_name(&op) {
                removed.insert(name);
            }
            drop(ukernel_passes::dispatch::detach(&op));
        }
    }
    removed
}

/// Each argument's static dims (`None` where dynamic).
fn static_dims(func: &melior::ir::OperationRef) -> Vec<Vec<Option<u64>>> {
    use melior::ir::{BlockLike, RegionLike, ValueLike};
    let Some(entry) = func.region_at(0).and_then(|r| r.first_block()) else { return Vec::new() };
    (0..entry.argument_count())
        .filter_map(|i| entry.argument_at(i))
        .map(|a| ukernel_passes::shape_of(a.r#type()).map(|(d, _)| d).unwrap_or_default())
        .collect()
}

/// Each argument's rank and element size in bytes.
fn signature(func: &melior::ir::OperationRef) -> Vec<(usize, usize)> {
    use melior::ir::{BlockLike, RegionLike, ValueLike, r#type::TypeLike};
    let Some(entry) = func.region_at(0).and_then(|r| r.first_block()) else { return Vec::new() };
    (0..entry.argument_count())
        .filter_map(|i| entry.argument_at(i))
        // SAFETY: the arguments of a live function, whose types outlive this borrow.
        .map(|a| unsafe {
            let ty = a.r#type().to_raw();
            if !mlir_sys::mlirTypeIsAMemRef(ty) {
                return (usize::MAX, 0);
            }
            let element = mlir_sys::mlirShapedTypeGetElementType(ty);
            let bits = if mlir_sys::mlirTypeIsAIndex(element) {
                64
            } else if mlir_sys::mlirTypeIsAInteger(element) {
                mlir_sys::mlirIntegerTypeGetWidth(element) as usize
            } else if mlir_sys::mlirTypeIsAFloat(element) {
                mlir_sys::mlirFloatTypeGetWidth(element) as usize
            } else {
                0
            };
            (mlir_sys::mlirShapedTypeGetRank(ty) as usize, bits.div_ceil(8))
        })
        .collect()
}

/// Whether the lowered module is all LLVM dialect, as its translation
/// needs: ExecutionEngine reports a failed translation only by a null
/// engine, which melior does not expose (a lookup in it crashes).
fn translates_to_llvm(module: &Module) -> Result<(), OracleError> {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut stray = None;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = ukernel_passes::op_name(&op);
        if name.starts_with("llvm.") || name == "builtin.module" {
            return WalkResult::Advance;
        }
        stray = Some(format!("{} at {}", name, op.location()));
        WalkResult::Interrupt
    });
    match stray {
        None => Ok(()),
        Some(op) => {
            Err(OracleError::Lowering(format!("the CPU module keeps '{op}', which does not translate to LLVM IR")))
        }
    }
}

/// What [`references`] computed, and the kernels it left out.
pub struct References {
    pub references: Vec<KernelReference>,
    /// Per reference, its outputs' bytes.
    pub data: Vec<Vec<Vec<u8>>>,
    /// (kernel, loop iterations) of the kernels over the budget.
    pub skipped: Vec<(String, u64)>,
}

/// Loop iterations a reference run may take per kernel by default: about
/// ten seconds of the CPU's loop nests.
pub const DEFAULT_BUDGET: u64 = 1 << 33;

/// What the reference run needs of a bufferized dispatch, read before it is
/// lowered to the LLVM dialect.
struct Dispatch {
    /// Each argument's rank and element size in bytes.
    signature: Vec<(usize, usize)>,
    /// Each argument's static dims, which the generated buffers must have:
    /// the JIT-compiled code indexes by them unchecked.
    dims: Vec<Vec<Option<u64>>>,
    numerics: ukernel_passes::numerics::Numerics,
}

/// Which form of the input the CPU executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The input as upstream MLIR means it: the reference.
    Input,
    /// After the compile's tensor rewrites (everything before
    /// `ukernel-kernel-config`): what `check_rewrites` holds against the
    /// reference.
    Rewritten,
    /// After the compile's `lowered` stage (kernel configuration, split
    /// reductions, loops), for the functions that call no ukernel and use
    /// no GPU op: the default path's loops before GPU distribution.
    Lowered,
}

/// Computes the reference outputs of every function of `package` from
/// `input`, the module as parsed (before any stage ran).
pub fn references(
    context: &melior::Context,
    input: &Module,
    package: &Package,
    dynamic_size: u64,
    budget: u64,
) -> Result<References, OracleError> {
    outputs_on_cpu(context, input, package, dynamic_size, budget, Form::Input)
}

/// A function whose rewritten form computes another result than its input.
#[derive(Debug)]
pub struct ChangedMeaning {
    pub function: String,
    /// The first form that computes another result.
    pub stage: Form,
    /// What differs, per written buffer (the first elements and the count).
    pub differences: Vec<String>,
}

/// Runs every function of `package` on the CPU after the compile's tensor
/// rewrites, and (those that call no ukernel) after its `lowered` stage, on
/// the inputs of `want` (the input's meaning, from [`references`] with the
/// same sizes and budget), and returns those whose outputs differ beyond the
/// reference tolerance (which allows for the rewrites' reassociated sums).
/// `input` is the module as parsed for one arch: its rewrites are that
/// arch's.
pub fn check_rewrites(
    context: &melior::Context,
    input: &Module,
    package: &Package,
    want: &References,
    dynamic_size: u64,
    budget: u64,
) -> Result<RewriteCheck, OracleError> {
    let mut changed = Vec::new();
    let mut lowered_checked = 0;
    for form in [Form::Rewritten, Form::Lowered] {
        let got = outputs_on_cpu(context, input, package, dynamic_size, budget, form)?;
        for (got_reference, got) in got.references.iter().zip(&got.data) {
            let Some((reference, want)) =
                want.references.iter().zip(&want.data).find(|(r, _)| r.kernel == got_reference.kernel)
            else {
                continue;
            };
            if form == Form::Lowered {
                lowered_checked += 1;
            }
            let mut differences = Vec::new();
            for ((output, want), got) in reference.outputs.iter().zip(want).zip(got) {
                let name = format!("arg{}", output.arg);
                differences.extend(crate::reference::compare(&name, output.element, want, got, reference.tolerance));
            }
            if !differences.is_empty() && !changed.iter().any(|c: &ChangedMeaning| c.function == reference.kernel) {
                changed.push(ChangedMeaning { function: reference.kernel.clone(), stage: form, differences });
            }
        }
    }
    Ok(RewriteCheck { changed, checked: want.references.len(), lowered_checked, skipped: want.skipped.clone() })
}

/// What [`check_rewrites`] found.
#[derive(Debug)]
pub struct RewriteCheck {
    /// The functions the rewrites change.
    pub changed: Vec<ChangedMeaning>,
    /// How many functions were run both ways.
    pub checked: usize,
    /// How many of those ran after the `lowered` stage too (those that
    /// call no ukernel).
    pub lowered_checked: usize,
    /// (function, loop iterations) of those over the budget, not run.
    pub skipped: Vec<(String, u64)>,
}

fn outputs_on_cpu(
    context: &melior::Context,
    input: &Module,
    package: &Package,
    dynamic_size: u64,
    budget: u64,
    form: Form,
) -> Result<References, OracleError> {
    let copy = ukernel_passes::clone_op(&input.as_operation());
    let mut module = Module::from_operation(copy).ok_or_else(|| OracleError::Lowering("not a module".into()))?;
    // The rewrites keep the target: the families' passes ask it what they
    // may choose.
    if form == Form::Input {
        for attr in [TARGET_ATTR, EXECUTABLE_OBJECTS] {
            let _ = module.as_operation_mut().remove_attribute(attr);
        }
    }
    match form {
        Form::Input => codegen::bufferize_for_reference(context, &mut module),
        Form::Rewritten => codegen::bufferize_rewritten(context, &mut module),
        Form::Lowered => codegen::run_stages(context, &mut module, Stage::Input, Stage::Lowered),
    }
    .map_err(|e| OracleError::Lowering(e.to_string()))?;
    let not_runnable = if form == Form::Lowered { drop_ukernel_calls(&mut module) } else { Default::default() };
    let mut dispatches = std::collections::HashMap::new();
    for func in ukernel_passes::dispatch::dispatches(&module.as_operation()) {
        let name = func.attribute("sym_name").map(|a| a.to_string().trim_matches('"').to_string()).unwrap_or_default();
        let numerics = ukernel_passes::numerics::numerics(&func, dynamic_size);
        dispatches.insert(name, Dispatch { signature: signature(&func), dims: static_dims(&func), numerics });
    }
    codegen::run_pipeline(context, &mut module, Stage::Llvm, CPU_PIPELINE)
        .map_err(|e| OracleError::Lowering(e.to_string()))?;
    let libraries: Vec<&str> =
        [RUNNER_UTILS].into_iter().filter(|p| std::path::Path::new(p.trim_end_matches('\0')).exists()).collect();
    translates_to_llvm(&module)?;
    let engine = ExecutionEngine::new(&module, 2, &libraries, false, false);
    let mut refs = Vec::new();
    let mut data = Vec::new();
    let mut skipped = Vec::new();
    for function in package.functions() {
        // The steps of a function share its arguments: the first one's serve.
        let kernel = function.steps[0];
        let name = function.name;
        let fail = |message: String| OracleError::Kernel { kernel: name.to_string(), message };
        if not_runnable.contains(name) {
            continue;
        }
        let dispatch = dispatches.get(name).ok_or_else(|| fail("no dispatch of that name".into()))?;
        let numerics = &dispatch.numerics;
        if numerics.work > budget {
            skipped.push((name.to_string(), numerics.work));
            continue;
        }
        let reductions: Vec<(u64, u32)> =
            numerics.reductions.iter().map(|r| (r.length, r.accumulator_precision)).collect();
        let tolerance = reference::tolerance(numerics.narrowest_precision, &reductions);
        let seed = reference::seed_of(name);
        let mut buffers = reference::generate_inputs(kernel, seed, dynamic_size);
        let expected = &dispatch.signature;
        let given: Vec<(usize, usize)> =
            buffers.iter().map(|b| (b.dims.len(), b.bytes.len() / b.elements().max(1))).collect();
        let sizes_agree = expected.len() == given.len()
            && expected.iter().zip(&given).all(|(e, g)| e.0 == g.0 && (e.1 == g.1 || g.1 == 0));
        if !sizes_agree {
            return Err(fail(format!(
                "the kernel's buffers (rank, element bytes) {given:?} are not the CPU function's {expected:?}"
            )));
        }
        for (b, dims) in buffers.iter().zip(&dispatch.dims) {
            let agree = b.dims.len() == dims.len() && b.dims.iter().zip(dims).all(|(g, d)| d.is_none_or(|d| d == *g));
            if !agree {
                return Err(fail(format!(
                    "argument {}: generated dims {:?} are not the CPU function's {dims:?}",
                    b.arg, b.dims
                )));
            }
        }
        invoke(&engine, name, &mut buffers).map_err(fail)?;
        // The given buffers, in the order `generate_inputs` made them.
        let given_specs = kernel.launch.args.iter().filter(|a| matches!(a, ArgSpec::Buffer { .. }));
        let mut outputs = Vec::new();
        let mut bytes = Vec::new();
        for (spec, buffer) in given_specs.zip(&buffers) {
            let ArgSpec::Buffer { element, .. } = spec else { continue };
            if !reference::is_written(spec) {
                continue;
            }
            outputs.push(Output {
                arg: buffer.arg,
                element: *element,
                dims: buffer.dims.clone(),
                file: format!("{name}.arg{}.bin", buffer.arg),
            });
            bytes.push(buffer.bytes.clone());
        }
        refs.push(KernelReference { kernel: name.to_string(), seed, dynamic_size, tolerance, outputs });
        data.push(bytes);
    }
    Ok(References { references: refs, data, skipped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{CompileOptions, Compiler};

    /// A transposed weight, a fill shared by two matmuls, bf16 rounding and
    /// erf: the references equal the same arithmetic done here in Rust.
    const SOURCE: &str = r#"
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_products(%x: tensor<2x8xbf16>, %w: tensor<4x8xbf16>, %v: tensor<8x4xbf16>) -> tensor<2x4xbf16> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xbf16>
  %t = linalg.transpose ins(%w : tensor<4x8xbf16>) outs(%e : tensor<8x4xbf16>) permutation = [1, 0]
  %acc = tensor.empty() : tensor<2x4xf32>
  %z = linalg.fill ins(%cst : f32) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
  %p = linalg.matmul ins(%x, %t : tensor<2x8xbf16>, tensor<8x4xbf16>) outs(%z : tensor<2x4xf32>) -> tensor<2x4xf32>
  %q = linalg.matmul ins(%x, %v : tensor<2x8xbf16>, tensor<8x4xbf16>) outs(%z : tensor<2x4xf32>) -> tensor<2x4xf32>
  %o = tensor.empty() : tensor<2x4xbf16>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%p, %q : tensor<2x4xf32>, tensor<2x4xf32>) outs(%o : tensor<2x4xbf16>) {
  ^bb0(%a: f32, %b: f32, %out: bf16):
    %g = math.erf %a : f32
    %s = arith.addf %g, %b : f32
    %h = arith.truncf %s : f32 to bf16
    linalg.yield %h : bf16
  } -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}
"#;

    fn bf16(bytes: &[u8]) -> Vec<f32> {
        bytes.chunks_exact(2).map(|c| f32::from_bits((u16::from_le_bytes([c[0], c[1]]) as u32) << 16)).collect()
    }

    #[test]
    fn references_are_the_functions_arithmetic() {
        let options = CompileOptions { arches: vec![ukernel_dialect::GpuArch::portable(90)], ..Default::default() };
        let compiler = Compiler::new(options).unwrap();
        let compiled = compiler.compile_text(SOURCE, "t.mlir").unwrap();
        let module = compiler.parse(SOURCE, "t.mlir").unwrap();
        let r = references(compiler.context(), &module, &compiled.package, 16, DEFAULT_BUDGET).unwrap();
        assert!(r.skipped.is_empty());
        let [reference] = r.references.as_slice() else { panic!("one kernel") };
        assert_eq!(reference.outputs.len(), 1);
        assert_eq!(reference.outputs[0].dims, [2, 4]);
        // bf16 in the function: 8 * 2^-8, plus the K = 8 f32 sums' growth.
        assert!((reference.tolerance - (8.0 / 256.0 + 4.0 * 8f64.sqrt() * 2f64.powi(-24))).abs() < 1e-12);

        let inputs = crate::reference::generate_inputs(&compiled.package.kernels[0], reference.seed, 16);
        let (x, w, v) = (bf16(&inputs[0].bytes), bf16(&inputs[1].bytes), bf16(&inputs[2].bytes));
        let got = bf16(&r.data[0][0]);
        for i in 0..2 {
            for j in 0..4 {
                let p: f32 = (0..8).map(|k| x[i * 8 + k] * w[j * 8 + k]).sum();
                let q: f32 = (0..8).map(|k| x[i * 8 + k] * v[k * 4 + j]).sum();
                let want = libm_erf(p as f64) as f32 + q;
                // One bf16 rounding of the result apart at most.
                assert!(
                    (got[i * 4 + j] - want).abs() <= want.abs() / 128.0 + 1e-6,
                    "{i},{j}: {} vs {want}",
                    got[i * 4 + j]
                );
            }
        }
    }

    #[test]
    fn rewrites_and_lowered_loops_keep_the_meaning() {
        // With ukernels: the matmuls call them, so only the tensor rewrites
        // (the transpose folded into the matmul's map, the shared fill
        // materialised per use, erf fused) run on the CPU.
        let options = CompileOptions { arches: vec![ukernel_dialect::GpuArch::portable(90)], ..Default::default() };
        let compiler = Compiler::new(options).unwrap();
        let compiled = compiler.compile_text(SOURCE, "t.mlir").unwrap();
        let module = compiler.parse(SOURCE, "t.mlir").unwrap();
        let want = references(compiler.context(), &module, &compiled.package, 16, DEFAULT_BUDGET).unwrap();
        let check = check_rewrites(compiler.context(), &module, &compiled.package, &want, 16, DEFAULT_BUDGET).unwrap();
        assert!(check.changed.is_empty(), "{:?}", check.changed);
        assert_eq!((check.checked, check.lowered_checked), (1, 0));
        // On the default path the lowered stage's loops run too.
        let options = CompileOptions {
            arches: vec![ukernel_dialect::GpuArch::portable(90)],
            ukernels: Some(ukernel_dialect::UKernelSelection::None),
            ..Default::default()
        };
        let compiler = Compiler::new(options).unwrap();
        let compiled = compiler.compile_text(SOURCE, "t.mlir").unwrap();
        let module = compiler.parse(SOURCE, "t.mlir").unwrap();
        let want = references(compiler.context(), &module, &compiled.package, 16, DEFAULT_BUDGET).unwrap();
        let check = check_rewrites(compiler.context(), &module, &compiled.package, &want, 16, DEFAULT_BUDGET).unwrap();
        assert!(check.changed.is_empty(), "{:?}", check.changed);
        assert_eq!((check.checked, check.lowered_checked), (1, 1));
    }

    #[test]
    fn a_module_not_all_llvm_is_an_error_not_an_engine() {
        let compiler = Compiler::new(CompileOptions::default()).unwrap();
        let context = compiler.context();
        let lowered = Module::parse(context, "llvm.func @f() { llvm.return }").unwrap();
        assert!(translates_to_llvm(&lowered).is_ok());
        // A func.func no lowering took: before, ExecutionEngine failed to
        // translate it and the first lookup crashed.
        let stray = Module::parse(context, "func.func @f() { return }").unwrap();
        let message = translates_to_llvm(&stray).unwrap_err().to_string();
        assert!(message.contains("keeps 'func.func at"), "{message}");
    }

    /// erf by its series (enough terms for |x| <= 8 in f64).
    fn libm_erf(x: f64) -> f64 {
        if x.abs() > 6.0 {
            return x.signum();
        }
        let mut term = x;
        let mut sum = x;
        for n in 1..200 {
            term *= -x * x / n as f64;
            sum += term / (2 * n + 1) as f64;
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    }

    #[test]
    fn kernels_over_the_budget_are_named_not_run() {
        let options = CompileOptions { arches: vec![ukernel_dialect::GpuArch::portable(90)], ..Default::default() };
        let compiler = Compiler::new(options).unwrap();
        let compiled = compiler.compile_text(SOURCE, "t.mlir").unwrap();
        let module = compiler.parse(SOURCE, "t.mlir").unwrap();
        let r = references(compiler.context(), &module, &compiled.package, 16, 10).unwrap();
        assert!(r.references.is_empty());
        assert_eq!(r.skipped.len(), 1);
        assert_eq!(r.skipped[0].0, "two_products");
    }
}
