//! `ukc tune`: selection by measurement. The input is configured once by
//! the rules with `ukernel.tune_probe` set, which names each root's kernel
//! signature and every candidate that fits it (each ukernel variant, then
//! the default path). Each function that holds a kernel with two or more
//! candidates is then copied once per candidate, the copy pinning that
//! candidate (`ukernel.choices`), and all copies are compiled into one
//! package with MLIR's CPU outputs beside it. `ukc-run measure` (or `ukc tune`
//! itself on a GPU machine) runs every copy, drops those whose results
//! differ, times the rest and writes the records.
//!
//! A candidate's time is its function's: the kernel it chooses plus the
//! function's other kernels, which every copy shares.

use std::path::{Path, PathBuf};

use melior::ir::{
    BlockLike, Identifier, Module, OperationRef,
    attribute::{DictionaryAttribute, StringAttribute},
    operation::{OperationLike, OperationMutLike},
};
use ukernel_dialect::{LOWERING_CONFIG_ATTR, LoweringConfig, string_value};
use ukernel_passes::{
    codegen::Stage,
    dispatch::dispatches,
    tuning::{CANDIDATES_ATTR, CHOICES_ATTR, PROBE_ATTR, SIGNATURE_ATTR},
};
use ukernels::tuning::{DEFAULT_PATH, PlannedCandidate, PlannedKernel, TunePlan};

use crate::compile::{CompileOptions, Compiler};

/// The tuning file `ukc compile` reads and `ukc tune` appends to when none
/// is named: `tuning.json` in the compile cache's directory.
pub fn default_database() -> Option<PathBuf> {
    ukernel_target_nvptx::cache::CompileCache::default_location().map(|c| c.dir().join("tuning.json"))
}

/// A kernel found by the probe, in the function it was found in.
#[derive(Debug)]
struct Found {
    function: String,
    signature: String,
    candidates: Vec<String>,
    rules: String,
}

/// The kernels of `module` (configured with the probe on), each signature
/// once, in order.
fn probe_results(module: &Module) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    for func in dispatches(&module.as_operation()) {
        let function = func.attribute("sym_name").ok().and_then(string_value).unwrap_or_default();
        func.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            let signature = op.attribute(SIGNATURE_ATTR).ok().and_then(string_value);
            if let Some(signature) = signature.filter(|s| found.iter().all(|f| f.signature != *s)) {
                let candidates = op.attribute(CANDIDATES_ATTR).map(ukernel_passes::strings).unwrap_or_default();
                let rules = op
                    .attribute(LOWERING_CONFIG_ATTR)
                    .ok()
                    .and_then(|a| LoweringConfig::try_from(a).ok())
                    .and_then(|c| c.ukernel)
                    .map_or(DEFAULT_PATH.to_string(), |s| s.name);
                found.push(Found { function: function.clone(), signature, candidates, rules });
            }
            melior::ir::operation::WalkResult::Advance
        });
    }
    found
}

/// A copy of `func` named `name` that pins `choice` for kernels of
/// `signature`, placed at the end of the module.
fn add_copy(
    context: &melior::Context,
    module: &Module,
    func: &OperationRef,
    name: &str,
    signature: &str,
    choice: &str,
) {
    let mut copy = ukernel_passes::clone_op(func);
    copy.set_attribute("sym_name", StringAttribute::new(context, name).into());
    let pin = DictionaryAttribute::new(
        context,
        &[(Identifier::new(context, signature), StringAttribute::new(context, choice).into())],
    );
    copy.set_attribute(CHOICES_ATTR, pin.into());
    module.body().append_operation(copy);
}

fn function_named<'c, 'a>(module: &'a Module<'c>, name: &str) -> Option<OperationRef<'c, 'a>> {
    dispatches(&module.as_operation())
        .into_iter()
        .find(|f| f.attribute("sym_name").ok().and_then(string_value).as_deref() == Some(name))
}

/// What [`prepare`] wrote.
pub struct Prepared {
    pub plan: TunePlan,
    /// Functions without a reference (over the budget): their candidates
    /// are timed unchecked.
    pub unchecked: Vec<String>,
}

/// Compiles the candidates of every kernel of `text` for the one arch of
/// `options` into `dir` (`plan.json`, `candidates.pkg` and its reference
/// outputs), with `dynamic_size` for dynamic dims and the oracle's `budget`;
/// only the kernels of the functions named in `only`, unless it is empty.
#[allow(clippy::too_many_arguments)]
pub fn prepare(
    text: &str,
    input: &str,
    options: &CompileOptions,
    only: &[String],
    dir: &Path,
    dynamic_size: u64,
    budget: u64,
) -> Result<Prepared, String> {
    let [arch] = options.arches[..] else {
        return Err("ukc: error: --arch: tune measures for one arch (give exactly one)".into());
    };
    let options = CompileOptions { tuning: None, arches: vec![arch], ..options.clone() };
    let compiler = Compiler::new(options.clone()).map_err(|e| format!("ukc: error: {e}"))?;

    let mut probe = compiler.parse(text, input).map_err(|e| e.to_string())?;
    let unit = melior::ir::attribute::Attribute::unit(compiler.context());
    probe.as_operation_mut().set_attribute(PROBE_ATTR, unit);
    compiler.run_to(&mut probe, Stage::Configured).map_err(|e| e.to_string())?;
    let mut found = probe_results(&probe);
    if let Some(missing) = only.iter().find(|f| function_named(&probe, f).is_none()) {
        return Err(format!("{input}: error: --function {missing}: the module has no function of that name"));
    }
    found.retain(|f| only.is_empty() || only.contains(&f.function));

    let mut plan = TunePlan::new(&arch.to_string());
    let module = compiler.parse(text, input).map_err(|e| e.to_string())?;
    let originals: Vec<String> = dispatches(&module.as_operation())
        .iter()
        .filter_map(|f| f.attribute("sym_name").ok().and_then(string_value))
        .collect();
    for (k, f) in found.iter().enumerate().filter(|(_, f)| f.candidates.len() > 1) {
        let func = function_named(&module, &f.function)
            .ok_or_else(|| format!("{input}: error: function '{}' is gone after configuration", f.function))?;
        let mut candidates = Vec::new();
        for (i, choice) in f.candidates.iter().enumerate() {
            let mut name = format!("{}__tune{k}_{i}", f.function);
            while originals.contains(&name) {
                name.push('_');
            }
            add_copy(compiler.context(), &module, &func, &name, &f.signature, choice);
            candidates.push(PlannedCandidate { choice: choice.clone(), function: name });
        }
        plan.kernels.push(PlannedKernel {
            signature: f.signature.clone(),
            function: f.function.clone(),
            rules: f.rules.clone(),
            candidates,
        });
    }
    if plan.kernels.is_empty() {
        return Err(format!(
            "{input}: error: no kernel has two candidates to measure (no family matches a root, or none of its \
             ukernels fits)"
        ));
    }
    let copies: Vec<String> =
        plan.kernels.iter().flat_map(|k| k.candidates.iter().map(|c| c.function.clone())).collect();
    crate::compile::keep_functions(&module, &copies);
    // The oracle runs the module as it was before the pipeline.
    let pristine = Module::from_operation(ukernel_passes::clone_op(&module.as_operation()))
        .ok_or_else(|| "ukc: error: cannot copy the module".to_string())?;
    let mut module = module;
    let compiled = compiler.compile_module(&mut module).map_err(|e| e.to_string())?;
    // Every copy of a function runs on the same inputs against the same
    // outputs: the reference is computed for the first copy only.
    let firsts: Vec<&str> = plan.kernels.iter().map(|k| k.candidates[0].function.as_str()).collect();
    let mut first_copies = compiled.package.clone();
    first_copies.kernels.retain(|k| firsts.contains(&k.attributes.get("function").map_or(k.name(), String::as_str)));
    let mut references = crate::oracle::references(compiler.context(), &pristine, &first_copies, dynamic_size, budget)
        .map_err(|e| format!("{input}: error: {e}"))?;
    for kernel in &plan.kernels {
        let Some(first) = references.references.iter().find(|r| r.kernel == kernel.candidates[0].function).cloned()
        else {
            continue;
        };
        for c in &kernel.candidates[1..] {
            references
                .references
                .push(crate::reference::KernelReference { kernel: c.function.clone(), ..first.clone() });
            references.data.push(Vec::new());
        }
    }

    std::fs::create_dir_all(dir).map_err(|e| format!("{}: error: cannot create: {e}", dir.display()))?;
    let package_path = dir.join(ukc_runner::tune::PACKAGE);
    crate::write_atomically(&package_path, &compiled.package.to_bytes())
        .map_err(|e| format!("{}: error: cannot write package: {e}", package_path.display()))?;
    let ref_dir = crate::reference::directory_of(&package_path);
    crate::reference::write(&ref_dir, &references.references, &references.data).map_err(|e| e.to_string())?;
    let plan_path = dir.join(ukc_runner::tune::PLAN);
    crate::write_atomically(&plan_path, plan.to_json().as_bytes())
        .map_err(|e| format!("{}: error: cannot write the tune plan: {e}", plan_path.display()))?;
    let unchecked = plan
        .kernels
        .iter()
        .filter(|k| references.skipped.iter().any(|(s, _)| *s == k.candidates[0].function))
        .map(|k| k.function.clone())
        .collect();
    Ok(Prepared { plan, unchecked })
}
