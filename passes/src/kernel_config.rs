//! `ukernel-kernel-config`: forms a kernel around each root op of a
//! dispatch, decides whether a ukernel implements the root, and configures
//! the op for that decision.
//!
//! Input: a module whose `func.func`s with a body are dispatches, and
//! optionally `ukernel.target = #ukernel.target<{arch, ukernels, sm_count}>`
//! on the module (without one, no ukernel is selected). The roots of a
//! dispatch are its top-level linalg ops with a reduction loop
//! ([`crate::dispatch::roots`]); with none (or one inside a loop), its last
//! linalg op with a reduction loop, or else its last linalg op other than a
//! fill. A dispatch of one root first asks for a ukernel that absorbs all
//! its other compute ops; otherwise (or with several roots) each root takes
//! the elementwise neighbour its ukernel absorbs, else none, and the ops
//! left run in default-path kernels of their own (see `form_kernel`;
//! `ukernel-split-kernels` makes the steps after bufferization).
//!
//! Output, for each root op without a `lowering_config` (ops that have one
//! are left as they are, so a second run changes nothing):
//! - a match: `lowering_config = #ukernel.lowering_config<{...}>` with the
//!   tiles, workgroup size and split the ukernel needs and
//!   `ukernel = #ukernel.spec<...>`, and `ukernel.executable_objects` holding
//!   the registry's bitcode for the greatest arch <= the target, unless an
//!   object with the same path is already on the op, its function or the
//!   module (a user-supplied ukernel wins);
//! - no match: a default `lowering_config` and a remark saying why not;
//!   when a family models the op as a fold it can split exactly (see
//!   `ukernel-split-reductions`), the config asks for that with
//!   `split_threads`.
//!
//! Measured choices ([`crate::tuning`]): a function's `ukernel.choices`
//! pins, then the records of the module's `ukernel.tuning_file`, pick a
//! root's candidate (a ukernel that fits, or the default path) instead of
//! the family's rank; `ukernel.tune_probe` marks each root with its kernel
//! signature and candidates for `ukc tune`. An unreadable tuning file is an
//! error and fails the pass.
//!
//! A remark also reports every selection (see [`set_remarks`]). An unknown family name in
//! `ukernels` is a warning. A malformed `#ukernel.target` is an error and
//! fails the pass.

use crate::ir::Checked as _;
use std::borrow::Cow;

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, OperationRef,
        attribute::ArrayAttribute,
        operation::{OperationLike, OperationMutLike},
    },
    pass::Pass,
};
use ukernel_dialect::{
    EXECUTABLE_OBJECTS, ExecutableObject, LOWERING_CONFIG_ATTR, LoweringConfig, TARGET_ATTR, Target, UKernelSelection,
    emit_error, emit_remark, emit_warning,
};
use ukernels::{Selection, registry};

use ukernels::tuning::DEFAULT_PATH;

use crate::{
    dispatch::{dispatches, linalg_ops, object_paths, roots},
    families::{Family, Match, Plan, families},
    ir::name,
    split_reductions::SPLIT_THREADS,
    tuning::{self, Choices, Pin},
};

pub const ARGUMENT: &str = "ukernel-kernel-config";
pub const SUMMARY: &str = "Select ukernels per dispatch, set lowering configs, attach bitcode objects";

/// What the pass decided for one root op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub config: LoweringConfig,
    /// The objects to attach, when a ukernel was selected and no object of
    /// its symbol is present yet: the selected bitcode, and for a portable
    /// ukernel its bitcode for newer arches too, so that the target links
    /// each arch's own from what the IR carries.
    pub objects: Vec<ExecutableObject>,
    /// One line: what was chosen, or why no ukernel was.
    pub explanation: String,
    /// Whether a measurement or a pin made the choice (not the rules).
    pub pinned: bool,
    /// For `ukc tune`: the kernel's signature and its candidates (every
    /// ukernel that fits, then the default path), where a family matched.
    pub tune: Option<(String, Vec<String>)>,
}

/// Shared memory one workgroup may use on an arch (opt-in maximum), from
/// the arch table ([`ukernel_dialect::KNOWN_ARCHES`]): 163 KiB on sm_80 and
/// sm_87, 227 KiB on sm_90 and the data-center Blackwells, 99 KiB on sm_86,
/// sm_89 (A10, L4, L40S, RTX 30 and 40) and consumer Blackwell (sm_120,
/// sm_121).
pub fn max_shared_memory_per_workgroup(sm: u32) -> u32 {
    ukernel_dialect::GpuArch::portable(sm).max_shared_memory_per_workgroup()
}

/// Decides for `op` under `target` (None: the module has no target).
/// `present_paths` are the object paths already on the op, its function
/// and the module. `other_ops` are the dispatch's other compute ops
/// (producers, consumers): the family must absorb them through a fusion
/// point, or no ukernel is chosen.
///
/// Every family is asked; the first that matches collects its candidates
/// (its variants that compute the op), drops those the target's arch (no
/// bitcode at or below it), its shared-memory limit or the family's own
/// constraints rule out, and takes the best by the family's rank. Each
/// candidate considered is named in the explanation.
pub fn decide(
    op: &OperationRef,
    target: Option<&Target>,
    present_paths: &[String],
    other_ops: &[OperationRef],
    choices: &Choices,
) -> Decision {
    let mut reasons = Vec::new();
    // A measured or pinned default path, and the kernel's candidates.
    let mut pinned_default = false;
    let mut tune = None;
    // An operand with a dimension of size 0 leaves nothing to compute, which
    // the default path's loops of no iterations do exactly; the ukernels'
    // tiles, tensor maps and splits are not made for it.
    let empty = (0..op.operand_count()).find(|i| {
        op.operand(*i)
            .ok()
            .and_then(|v| crate::ir::shape_of(melior::ir::ValueLike::r#type(&v)))
            .is_some_and(|(dims, _)| dims.contains(&Some(0)))
    });
    if let Some(i) = empty {
        reasons.push(format!("operand {i} has a dimension of size 0"));
    }
    // An operand that is a view with a step along its innermost dim (torch's
    // x[:, ::2]): the ukernels read and write rows of unit stride.
    let strided =
        (0..op.operand_count()).find_map(|i| op.operand(i).ok().and_then(crate::ir::strided_innermost).map(|s| (i, s)));
    if let Some((i, stride)) = &strided {
        reasons.push(format!(
            "operand {i} is a view with innermost stride {stride}; the ukernels read and write rows of unit stride"
        ));
    }
    // Either leaves the op to the default path.
    let unfit = empty.or(strided.map(|(i, _)| i));
    for family in families().iter().filter(|_| unfit.is_none()) {
        let found = match family.match_op(op) {
            Ok(found) => found,
            Err(reason) => {
                reasons.push(format!("not {}: {reason}", article(family.name())));
                continue;
            }
        };
        let fname = family.name();
        let Some(target) = target else {
            reasons.push(format!("{fname} matched, but the module has no #ukernel.target"));
            break;
        };
        let fused = if other_ops.is_empty() {
            None
        } else {
            match family.fuse(op, other_ops) {
                Ok(what) => Some(what),
                Err(why) => {
                    reasons.push(format!("{fname} matched, but {why}"));
                    break;
                }
            }
        };
        if !target.ukernels.allows(fname) {
            reasons.push(format!("{fname} matched, but disabled by ukernels = \"{}\"", target.ukernels.to_text()));
            break;
        }
        // Printed only where a choice can apply or `ukc tune` asks for it.
        let signature =
            choices.is_active().then(|| tuning::signature(fname, op, if fused.is_some() { other_ops } else { &[] }));
        let (pin, notes) = signature.as_ref().map_or((None, vec![]), |s| choices.pin(s, &target.arch()));
        let notes = if notes.is_empty() { String::new() } else { format!(" ({})", notes.join("; ")) };
        match choose(*family, &found, target, pin.as_ref().filter(|p| !p.is_default_path()), choices) {
            Ok(mut chosen) => {
                chosen.fitting.push(DEFAULT_PATH.into());
                tune = signature.map(|s| (s, chosen.fitting.clone()));
                if let Some(p) = pin.as_ref().filter(|p| p.is_default_path()) {
                    reasons.push(format!(
                        "{fname} matched ({}), but the default path was {}{notes}",
                        found.summary, p.reason
                    ));
                    pinned_default = true;
                    break;
                }
                let mut plan = chosen.plan;
                if sums_fp8_on_tensor_cores(chosen.selection.ukernel) {
                    plan.summary += "; FP8 products summed on tensor cores, with fewer bits than f32 \
                                     (ukernel.fp8_sums = \"tensor-core\")";
                }
                if let Some(what) = fused {
                    plan.summary = format!("{}; fused: {what}", plan.summary);
                    plan.params.push(("fused".into(), 1));
                }
                let pinned = pin.as_ref().filter(|_| chosen.pinned);
                if let Some(p) = pinned {
                    plan.summary = format!("{}; {}", plan.summary, p.reason);
                }
                plan.summary += &notes;
                let mut d = selected(&found, plan, chosen.selection, present_paths, &chosen.considered);
                d.pinned = pinned.is_some();
                d.tune = tune;
                return d;
            }
            Err(Unchosen { why, fitting }) => {
                // Candidates only a tuning record may choose: `ukc tune` measures them.
                if !fitting.is_empty() {
                    tune = signature.map(|s| (s, fitting.into_iter().chain([DEFAULT_PATH.to_string()]).collect()));
                }
                reasons.push(format!("{fname} matched ({}), but {why}", found.summary));
                break;
            }
        }
    }
    let mut config = default_config(op);
    let mut explanation = format!("no ukernel: {}; default configuration", reasons.join("; "));
    if let Some(stage) = op.attribute(crate::names::STAGE_ATTR).ok().and_then(ukernel_dialect::string_value) {
        explanation += &format!(" (the {stage} of a reduction in two stages)");
    }
    if other_ops.is_empty()
        && unfit.is_none()
        && let Some(what) = families().iter().find_map(|f| f.default_split(op))
    {
        config.params.push((SPLIT_PARAM.into(), SPLIT_THREADS));
        explanation += &format!(", {what}, split over {SPLIT_THREADS} threads of a workgroup per result");
    }
    Decision { config, objects: vec![], explanation, pinned: pinned_default, tune }
}

pub use crate::names::SPLIT_PARAM;

/// What [`choose`] found: the chosen plan, a line per other candidate
/// considered, and the symbols of every candidate that fits.
struct Chosen {
    plan: Plan,
    selection: Selection<'static>,
    considered: Vec<String>,
    /// Every candidate `ukc tune` measures: each that fits, then its options.
    fitting: Vec<String>,
    /// Whether the pin (a tuning record, `ukernel.choices`) chose it.
    pinned: bool,
}

/// Why [`choose`] chose none, and the candidates that fit all the same
/// (those the rules do not choose: a tuning record may).
struct Unchosen {
    why: String,
    fitting: Vec<String>,
}

impl From<String> for Unchosen {
    fn from(why: String) -> Self {
        Self { why, fitting: vec![] }
    }
}

/// The best candidate of `family` for `found` on `target` among those the
/// rules choose, or the one `pin` names where it fits; or why there is none.
fn choose(
    family: &dyn Family,
    found: &Match,
    target: &Target,
    pin: Option<&Pin>,
    choices: &Choices,
) -> Result<Chosen, Unchosen> {
    let candidates: Vec<_> = registry().of_family(family.name()).filter(|uk| family.is_candidate(found, uk)).collect();
    if candidates.is_empty() {
        return Err(format!("no {} ukernel computes it", family.name()).into());
    }
    let limit = max_shared_memory_per_workgroup(target.sm);
    let mut fits: Vec<(Plan, Selection)> = Vec::new();
    // Each candidate in registry order: why it does not fit (`Ok`), or the
    // symbol of one that fits (`Err`), named against the choice at the end.
    let mut unfit: Vec<Result<String, String>> = Vec::new();
    for uk in candidates {
        let selection = match registry().select_for_target(uk, target.sm, target.specific) {
            Ok(s) => s,
            Err(e) => {
                unfit.push(Ok(e.to_string()));
                continue;
            }
        };
        if uk.shared_memory_bytes() > limit {
            unfit.push(Ok(format!(
                "{} needs {} bytes of shared memory per workgroup, {} allows {limit}",
                uk.symbol,
                uk.shared_memory_bytes(),
                target.arch()
            )));
            continue;
        }
        match family.configure(found, uk, target) {
            Ok(plan) => {
                unfit.push(Err(uk.symbol.clone()));
                fits.push((plan, selection));
            }
            Err(reason) => unfit.push(Ok(format!("{}: {reason}", uk.symbol))),
        }
    }
    let fitting: Vec<String> = fits.iter().map(|(_, s)| s.ukernel.symbol.clone()).collect();
    // Each fitting candidate, then its options (`<symbol>@<option>`): what
    // `ukc tune` measures. Only its probe reads them, and a family's options
    // plan each candidate again: a plain compile lists the candidates alone.
    let measurable: Vec<String> = if choices.probe {
        fits.iter()
            .flat_map(|(_, s)| {
                let symbol = &s.ukernel.symbol;
                std::iter::once(symbol.clone())
                    .chain(family.options(found, s.ukernel, target).into_iter().map(move |o| format!("{symbol}@{o}")))
            })
            .collect()
    } else {
        fitting.clone()
    };
    let (pin_symbol, pin_option) = match pin.map(|p| p.choice.split_once('@')) {
        Some(Some((symbol, option))) => (Some(symbol), Some(option)),
        Some(None) => (pin.map(|p| p.choice.as_str()), None),
        None => (None, None),
    };
    let mut pinned = pin_symbol.and_then(|p| fitting.iter().position(|f| f == p));
    if let (Some(i), Some(option)) = (pinned, pin_option) {
        match family.configure_option(found, fits[i].1.ukernel, target, option) {
            Ok(plan) => fits[i].0 = plan,
            Err(why) => {
                pinned = None;
                unfit.push(Ok(format!("{} with {option}: {why}", fitting[i])));
            }
        }
    }
    // The first of the lowest rank among those the rules choose, as the
    // registry orders them: not those with `rules_choose` = 0, unless they
    // sum FP8 on tensor cores and the module allows it.
    let ruled_out = |s: &Selection| {
        ukernels::Facts::param(&s.ukernel.def, ukernels::variant::RULES_CHOOSE) == Some(0)
            && !(choices.fp8_tensor_core_sums && sums_fp8_on_tensor_cores(s.ukernel))
    };
    let ruled = fits
        .iter()
        .enumerate()
        .filter(|(_, (_, s))| !ruled_out(s))
        .min_by_key(|(i, (p, _))| (p.rank, *i))
        .map(|(i, _)| i);
    for (_, s) in fits.iter().filter(|(_, s)| ruled_out(s)) {
        if pinned.is_none_or(|i| fitting[i] != s.ukernel.symbol) {
            unfit.retain(|c| c.as_ref().err() != Some(&s.ukernel.symbol));
            unfit.push(Ok(format!(
                "{} fits, but the rules do not choose it (registry parameter rules_choose = 0: it does not \
                 compute the IR's sums exactly enough, or awaits its first check on a GPU; a tuning record can{})",
                s.ukernel.symbol,
                if sums_fp8_on_tensor_cores(s.ukernel) {
                    ", and `ukc --fp8-sums tensor-core` lets the rules choose it"
                } else {
                    ""
                }
            )));
        }
    }
    let Some(ruled) = ruled.or(pinned) else {
        let why = unfit.into_iter().filter_map(Result::ok).collect::<Vec<_>>().join("; ");
        return Err(Unchosen { why, fitting: measurable });
    };
    if let Some(p) = pin.filter(|_| pinned.is_none()) {
        unfit.push(Ok(format!("{} ({}) does not fit here; chosen by the rules", p.choice, p.reason)));
    }
    let index = pinned.unwrap_or(ruled);
    let (plan, selection) = fits.swap_remove(index);
    let chosen = selection.ukernel.symbol.clone();
    let ruled_symbol = &fitting[ruled];
    let considered = unfit
        .into_iter()
        .filter(|c| c.as_ref().err() != Some(&chosen))
        .map(|c| {
            c.unwrap_or_else(|other| {
                if other == *ruled_symbol {
                    format!("{other} also fits, the rules' choice")
                } else {
                    format!("{other} also fits, ranked after {chosen}")
                }
            })
        })
        .collect();
    Ok(Chosen { plan, selection, considered, fitting: measurable, pinned: pinned.is_some() })
}

/// Whether `uk` sums FP8 products on tensor cores (registry tag `sums`),
/// which the module must allow (`ukernel.fp8_sums`).
fn sums_fp8_on_tensor_cores(uk: &ukernels::UKernel) -> bool {
    uk.tag(crate::names::SUMS_TAG) == Some(crate::names::FP8_TENSOR_CORE_SUMS)
}

fn article(family: &str) -> String {
    if family.starts_with(['a', 'e', 'i', 'o', 'u']) { format!("an {family}") } else { format!("a {family}") }
}

fn selected(found: &Match, plan: Plan, selection: Selection, present: &[String], considered: &[String]) -> Decision {
    let uk = selection.ukernel;
    let spec = crate::descriptor::to_spec(&uk.descriptor(), found.semantics.unwrap_or_default());
    let config = LoweringConfig {
        workgroup: plan.workgroup,
        reduction: plan.reduction,
        workgroup_size: plan.workgroup_size,
        params: plan.params,
        ukernel: Some(spec),
    };
    let own = |p: &String| p.split('.').next() == Some(uk.symbol.as_str());
    let (objects, source) = if let Some(have) = present.iter().find(|p| own(p)) {
        (vec![], format!("the object '{have}' already present"))
    } else {
        let newer = uk.bitcode.iter().filter(|(sm, _)| !uk.arch_specific && *sm > selection.bitcode_sm);
        let objects = std::iter::once((selection.bitcode_sm, selection.bitcode))
            .chain(newer.copied())
            .map(|(sm, bytes)| ExecutableObject::new(uk.object_path(sm), Cow::Borrowed(bytes)))
            .collect();
        (objects, format!("bitcode for {}", uk.bitcode_arch(selection.bitcode_sm)))
    };
    let mut explanation = format!("selected {} ({source}): {}", uk.symbol, plan.summary);
    if !considered.is_empty() {
        explanation += &format!("; also considered: {}", considered.join("; "));
    }
    Decision { config, objects, explanation, pinned: false, tune: None }
}

/// The configuration codegen uses without a ukernel: one workgroup of
/// [`DEFAULT_THREADS`](crate::gpu_distribute::DEFAULT_THREADS) threads runs
/// the dispatch, the outermost parallel loop of each op spread over its
/// threads; nothing is tiled (every tile 0: the loop stays whole).
pub fn default_config(op: &OperationRef) -> LoweringConfig {
    let loops = crate::ir::reduction_loops(op).map_or(0, |l| l.len());
    LoweringConfig {
        workgroup: vec![0; loops],
        reduction: vec![0; loops],
        workgroup_size: [crate::gpu_distribute::DEFAULT_THREADS, 1, 1],
        params: vec![],
        ukernel: None,
    }
}

/// Reads the module's target; warns about unknown family names.
pub fn module_target(module: &OperationRef) -> Result<Option<Target>, ukernel_dialect::Error> {
    let Ok(attr) = module.attribute(TARGET_ATTR) else {
        return Ok(None);
    };
    let target = Target::try_from(attr)?;
    if let UKernelSelection::List(names) = &target.ukernels {
        let known = registry().families();
        for n in names.iter().filter(|n| !known.contains(&n.as_str())) {
            emit_warning(
                module.location(),
                &format!(
                    "ukernel: unknown ukernel family '{n}' in ukernels = \"{}\" (known: {})",
                    target.ukernels.to_text(),
                    known.join(", ")
                ),
            );
        }
    }
    Ok(Some(target))
}

/// Configures every dispatch of `module`; false after reporting an error.
fn configure_module(context: &Context, module: &OperationRef) -> bool {
    {
        let module = *module;
        let target = match module_target(&module) {
            Ok(t) => t,
            Err(e) => {
                emit_error(module.location(), &format!("ukernel: {e}"));
                return false;
            }
        };
        let module_choices = match Choices::of_module(&module) {
            Ok(c) => c,
            Err(e) => {
                emit_error(module.location(), &format!("ukernel: {e}"));
                return false;
            }
        };
        let module_paths = object_paths(&module);
        for func in dispatches(&module) {
            let choices = module_choices.for_function(&func);
            let roots = roots(&func);
            let compute: Vec<OperationRef> =
                linalg_ops(&func).into_iter().filter(|o| name(o) != "linalg.fill").collect();
            // Ops an earlier root's kernel absorbed (a consumer of two roots
            // goes to one of them).
            let mut claimed: Vec<OperationRef> = Vec::new();
            for root in &roots {
                if root.attribute(LOWERING_CONFIG_ATTR).is_ok() {
                    continue;
                }
                let mut present = module_paths.clone();
                present.extend(object_paths(&func));
                present.extend(object_paths(root));
                let others: Vec<OperationRef> =
                    compute.iter().filter(|o| !roots.contains(o) && !claimed.contains(o)).copied().collect();
                let (decision, fused) = form_kernel(root, target.as_ref(), &present, &others, roots.len(), &choices);
                if choices.probe
                    && let Some((signature, candidates)) = &decision.tune
                {
                    tuning::annotate(context, root, signature, candidates);
                }
                if decision.config.ukernel.is_some() {
                    claimed.extend(fused.iter().copied());
                }
                if let Err(e) = apply(context, root, &decision) {
                    emit_error(root.location(), &format!("ukernel: {e}"));
                    return false;
                }
                if roots.len() > 1 || fused.len() < others.len() {
                    place_next_to(root, &fused);
                }
                tracing::debug!(op = %name(root), "{}", decision.explanation);
                if REMARKS.load(std::sync::atomic::Ordering::Relaxed) {
                    emit_remark(root.location(), &format!("ukernel: {}", decision.explanation));
                }
            }
            if roots.len() > 1 && REMARKS.load(std::sync::atomic::Ordering::Relaxed) {
                emit_remark(func.location(), &format!("ukernel: {}", formation_summary(&roots, &compute, &claimed)));
            }
        }
        true
    }
}

/// The decision for `root` and the ops of `others` its kernel absorbs.
///
/// A dispatch with one root asks first for a ukernel that absorbs all of
/// `others` (the dispatch as one kernel). When none does, or the dispatch
/// has several roots (`roots` of them), the root forms a kernel of its own:
/// with the elementwise producer or consumer next to it that its ukernel
/// can absorb, else alone; the ops it does not absorb run in kernels of
/// their own on the default path (`ukernel-split-kernels` makes the steps),
/// so an op no ukernel absorbs never costs the root its ukernel.
fn form_kernel<'c, 'a>(
    root: &OperationRef<'c, 'a>,
    target: Option<&Target>,
    present: &[String],
    others: &[OperationRef<'c, 'a>],
    roots: usize,
    choices: &Choices,
) -> (Decision, Vec<OperationRef<'c, 'a>>) {
    let whole = (roots == 1).then(|| decide(root, target, present, others, choices));
    // A measured or pinned whole-dispatch choice stands, the default path
    // included: the formation it was measured in is this one.
    if let Some(d) = &whole
        && (d.config.ukernel.is_some() || others.is_empty() || d.pinned)
    {
        return (d.clone(), others.to_vec());
    }
    let neighbours: Vec<OperationRef> = others.iter().filter(|o| fusable_neighbour(root, o)).copied().collect();
    // The ops left out, by name with a count: "2 'linalg.generic'".
    let left_out = |kept: &[OperationRef]| -> Vec<String> {
        let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
        for o in others.iter().filter(|o| !kept.contains(o)) {
            *counts.entry(name(o)).or_default() += 1;
        }
        counts.into_iter().map(|(n, c)| format!("{c} '{n}'")).collect()
    };
    let alone = |d: Decision, kept: Vec<OperationRef<'c, 'a>>| {
        let rest = left_out(&kept);
        let mut d = d;
        d.explanation += &match (roots, rest.is_empty()) {
            (1, _) => format!(
                "; a kernel of its own: the dispatch's other ops ({}) run in kernels of their own on the default \
                 path{}",
                rest.join(", "),
                whole.as_ref().map_or(String::new(), |w| format!(" (as one kernel: {})", w.explanation)),
            ),
            (n, _) => format!("; a kernel of its own (one of the dispatch's {n} roots)"),
        };
        (d, kept)
    };
    // All the neighbours, then each alone: the first set the ukernel absorbs.
    let mut sets: Vec<Vec<OperationRef>> = Vec::new();
    if !neighbours.is_empty() && neighbours.len() < others.len().max(roots) {
        sets.push(neighbours.clone());
    }
    if neighbours.len() > 1 {
        sets.extend(neighbours.iter().map(|n| vec![*n]));
    }
    for set in sets {
        let d = decide(root, target, present, &set, choices);
        if d.config.ukernel.is_some() || d.pinned {
            return alone(d, set);
        }
    }
    let d = decide(root, target, present, &[], choices);
    match whole {
        // Only the default path: as one kernel unless the root alone splits.
        Some(w) if d.config.ukernel.is_none() && d.config.param(SPLIT_PARAM).is_none() => (w, others.to_vec()),
        _ => alone(d, vec![]),
    }
}

/// How a dispatch of several roots was formed into kernels, for its remark.
fn formation_summary(roots: &[OperationRef], compute: &[OperationRef], claimed: &[OperationRef]) -> String {
    let on_ukernels = roots
        .iter()
        .filter(|r| {
            r.attribute(LOWERING_CONFIG_ATTR)
                .ok()
                .and_then(|a| LoweringConfig::try_from(a).ok())
                .is_some_and(|c| c.ukernel.is_some())
        })
        .count();
    let mut rest: std::collections::BTreeMap<String, usize> = Default::default();
    for o in compute.iter().filter(|o| !roots.contains(o) && !claimed.contains(o)) {
        *rest.entry(name(o)).or_default() += 1;
    }
    let rest = if rest.is_empty() {
        "every other compute op is fused into them".to_string()
    } else {
        let list: Vec<String> = rest.into_iter().map(|(n, c)| format!("{c} '{n}'")).collect();
        format!("the other compute ops ({}) run in default-path kernels of their own", list.join(", "))
    };
    format!("a kernel formed around each of {} roots ({on_ukernels} on ukernels); {rest}", roots.len())
}

/// Whether `op` is an elementwise neighbour `root`'s kernel may absorb, in
/// the root's block: the op defining one of the root's operands that only
/// the root uses, or the only user of the root's result.
fn fusable_neighbour(root: &OperationRef, op: &OperationRef) -> bool {
    name(op) == "linalg.generic" && op.block() == root.block() && (produces_for(root, op) || consumes_from(root, op))
}

fn produces_for(root: &OperationRef, op: &OperationRef) -> bool {
    (0..root.operand_count()).any(|i| root.operand_at(i).and_then(crate::ir::defining_op).is_some_and(|d| d == *op))
        && op.result_count() == 1
        && op.result_at(0).is_some_and(|r| crate::ir::users(r.into()).iter().all(|u| u == root))
}

fn consumes_from(root: &OperationRef, op: &OperationRef) -> bool {
    root.result_count() == 1 && root.result_at(0).is_some_and(|r| crate::ir::users(r.into()).as_slice() == [*op])
}

/// Puts the ops a root's kernel absorbs next to it: the root just before
/// its consumer, its producers just before it; so that after bufferization
/// nothing of another kernel runs between them. Legal on tensors: the
/// root's result is used by the consumer alone and a producer's by the root
/// alone, and each moves down only.
fn place_next_to(root: &OperationRef, fused: &[OperationRef]) {
    let Some(block) = root.block() else { return };
    if let Some(consumer) = fused.iter().find(|o| fusable_neighbour(root, o) && consumes_from(root, o)) {
        let root = crate::dispatch::detach(root);
        block.insert_operation_before(*consumer, root);
    }
    for producer in fused.iter().filter(|o| fusable_neighbour(root, o) && produces_for(root, o)) {
        let producer = crate::dispatch::detach(producer);
        block.insert_operation_before(*root, producer);
    }
}

fn apply(context: &Context, root: &OperationRef, decision: &Decision) -> Result<(), ukernel_dialect::Error> {
    let mut op = crate::ir::mutable(&root);
    op.set_attribute(LOWERING_CONFIG_ATTR, decision.config.to_attribute(context)?);
    if !decision.objects.is_empty() {
        let mut objects: Vec<Attribute> =
            match root.attribute(EXECUTABLE_OBJECTS).ok().and_then(|a| ArrayAttribute::try_from(a).ok()) {
                Some(existing) => (0..existing.len()).filter_map(|i| existing.element(i).ok()).collect(),
                None => Vec::new(),
            };
        for object in &decision.objects {
            objects.push(object.to_attribute(context)?);
        }
        op.set_attribute(EXECUTABLE_OBJECTS, ArrayAttribute::new(context, &objects).into());
    }
    Ok(())
}

/// Whether the pass explains its decisions with remarks. On by default (an
/// MLIR host prints them, as it prints any pass's remarks); `ukernel-opt`
/// turns them off unless `--ukernel-explain` is given. Process-wide because
/// passes created by name in a textual pipeline take no options.
static REMARKS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the explaining remarks on or off for every instance in the process.
pub fn set_remarks(enabled: bool) {
    REMARKS.store(enabled, std::sync::atomic::Ordering::Relaxed);
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelKernelConfig", ARGUMENT, SUMMARY, configure_module)
}
