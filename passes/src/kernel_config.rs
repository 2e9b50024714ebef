//! `ukernel-kernel-config`: decides, per dispatch, whether a ukernel
//! implements its root op, and configures the op for that decision.
//!
//! Input: a module whose `func.func`s with a body are dispatches, and
//! optionally `ukernel.target = #ukernel.target<{arch, ukernels, sm_count}>`
//! on the module (without one, no ukernel is selected). The root op of a
//! dispatch is its last linalg op with a reduction loop, or else its last
//! linalg op other than a fill.
//!
//! Output, for each root op without a `lowering_config` (ops that have one
//! are left as they are, so a second run changes nothing):
//! - a match: `lowering_config = #ukernel.lowering_config<{...}>` with the
//!   tiles, workgroup size and split the ukernel needs and
//!   `ukernel = #ukernel.spec<...>`, and `ukernel.executable_objects` holding
//!   the registry's bitcode for the greatest arch <= the target, unless an
//!   object with the same path is already on the op, its function or the
//!   module (a user-supplied ukernel wins);
//! - no match: a default `lowering_config` and a remark saying why not.
//!
//! A remark also reports every selection. An unknown family name in
//! `ukernels` is a warning. A malformed `#ukernel.target` is an error and
//! fails the pass.

use std::borrow::Cow;

use melior::{
    Context,
    ir::{
        Attribute, OperationRef,
        attribute::ArrayAttribute,
        operation::{OperationLike, OperationMutLike, OperationRefMut},
    },
    pass::Pass,
};
use ukernel_dialect::{
    EXECUTABLE_OBJECTS, ExecutableObject, LOWERING_CONFIG_ATTR, LoweringConfig, TARGET_ATTR, Target, UKernelSelection,
    UKernelSpec, emit_error, emit_remark, emit_warning,
};
use ukernels::{argmax, registry};

use crate::{
    ir::{body_ops, name},
    matchers::{FamilyMatch, MATCHERS},
};

pub const ARGUMENT: &str = "ukernel-kernel-config";
pub const SUMMARY: &str = "Select ukernels per dispatch, set lowering configs, attach bitcode objects";

/// What the pass decided for one root op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub config: LoweringConfig,
    /// The object to attach, when a ukernel was selected and no object with
    /// its path is present yet.
    pub object: Option<ExecutableObject>,
    /// One line: what was chosen, or why no ukernel was.
    pub explanation: String,
}

/// Decides for `op` under `target` (None: the module has no target).
/// `present_paths` are the object paths already on the op, its function
/// and the module.
/// `other_ops` names the dispatch's other compute ops (producers), which a
/// ukernel call cannot absorb.
pub fn decide(op: &OperationRef, target: Option<&Target>, present_paths: &[String], other_ops: &[String]) -> Decision {
    let mut reasons = Vec::new();
    for (family, matcher) in MATCHERS {
        let found = match matcher(op) {
            Ok(found) => found,
            Err(reason) => {
                reasons.push(format!("not {}: {reason}", article(family)));
                continue;
            }
        };
        let Some(target) = target else {
            reasons.push(format!("{family} matched, but the module has no #ukernel.target"));
            break;
        };
        if let Some(other) = other_ops.first() {
            reasons.push(format!(
                "{family} matched, but the dispatch also computes '{other}', which is not fused with ukernels; \
                 put it in a dispatch of its own"
            ));
            break;
        }
        if !target.ukernels.allows(family) {
            reasons.push(format!("{family} matched, but disabled by ukernels = \"{}\"", target.ukernels.to_text()));
            break;
        }
        match registry().lookup(family, found.element, found.index, target.sm) {
            Ok(selection) => return selected(&found, target, selection, present_paths),
            Err(e) => {
                reasons.push(format!("{family} matched, but {e}"));
                break;
            }
        }
    }
    Decision {
        config: default_config(op),
        object: None,
        explanation: format!("no ukernel: {}; default configuration", reasons.join("; ")),
    }
}

fn article(family: &str) -> String {
    if family.starts_with(['a', 'e', 'i', 'o', 'u']) { format!("an {family}") } else { format!("a {family}") }
}

fn selected(found: &FamilyMatch, target: &Target, selection: ukernels::Selection, present: &[String]) -> Decision {
    let uk = selection.ukernel;
    let plan = argmax::plan(found.rows, found.length, target.multiprocessors());
    let mut workgroup = vec![1; found.loops - 1];
    workgroup.push(0);
    let config = LoweringConfig {
        workgroup,
        reduction: vec![0; found.loops],
        workgroup_size: [plan.workgroup_size as i64, 1, 1],
        split: plan.split as i64,
        ukernel: Some(UKernelSpec::new(uk.symbol.clone(), uk.shared_memory_bytes)),
    };
    let path = selection.object_path();
    let (object, source) = if present.contains(&path) {
        (None, format!("the object '{path}' already present"))
    } else {
        (
            Some(ExecutableObject::new(path.clone(), Cow::Borrowed(selection.bitcode))),
            format!("bitcode for sm_{}", selection.bitcode_sm),
        )
    };
    let explanation = format!(
        "selected {} ({source}): each row split across {} workgroup(s) of {} threads",
        uk.symbol, plan.split, plan.workgroup_size
    );
    Decision { config, object, explanation }
}

/// The configuration codegen uses without a ukernel: one workgroup of
/// [`DEFAULT_THREADS`](crate::gpu_distribute::DEFAULT_THREADS) threads runs
/// the dispatch, the outermost parallel loop of each op spread over its
/// threads; nothing is tiled (every tile 0: the loop stays whole).
pub fn default_config(op: &OperationRef) -> LoweringConfig {
    let loops = op
        .attribute("iterator_types")
        .ok()
        .and_then(|a| ArrayAttribute::try_from(a).ok())
        .map(|a| a.len())
        .unwrap_or(0);
    LoweringConfig {
        workgroup: vec![0; loops],
        reduction: vec![0; loops],
        workgroup_size: [crate::gpu_distribute::DEFAULT_THREADS, 1, 1],
        split: 1,
        ukernel: None,
    }
}

/// The root op of a dispatch function: its last linalg op with a reduction
/// loop, or else its last linalg op other than a fill.
pub fn root_op<'c, 'a>(func: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut linalg = Vec::new();
    collect_linalg(func, &mut linalg);
    let has_reduction =
        |op: &OperationRef| op.attribute("iterator_types").is_ok_and(|a| a.to_string().contains("reduction"));
    linalg
        .iter()
        .rev()
        .find(|op| has_reduction(op))
        .or_else(|| linalg.iter().rev().find(|op| name(op) != "linalg.fill"))
        .copied()
}

fn collect_linalg<'c, 'a>(op: &OperationRef<'c, 'a>, out: &mut Vec<OperationRef<'c, 'a>>) {
    for region_index in 0..op.region_count() {
        let Ok(region) = op.region(region_index) else {
            continue;
        };
        let mut block = melior::ir::RegionLike::first_block(&region);
        while let Some(b) = block {
            let mut next = melior::ir::BlockLike::first_operation(&b);
            while let Some(o) = next {
                let n = name(&o);
                if n.starts_with("linalg.") && n != "linalg.yield" && n != "linalg.index" {
                    out.push(o);
                } else {
                    collect_linalg(&o, out);
                }
                next = o.next_in_block();
            }
            block = melior::ir::BlockLike::next_in_region(&b);
        }
    }
}

/// The paths of the objects in `op`'s `ukernel.executable_objects` (their
/// bytes are not read).
pub fn object_paths(op: &OperationRef) -> Vec<String> {
    let Some(array) = op.attribute(EXECUTABLE_OBJECTS).ok().and_then(|a| ArrayAttribute::try_from(a).ok()) else {
        return Vec::new();
    };
    (0..array.len())
        .filter_map(|i| array.element(i).ok())
        .filter_map(|a| ExecutableObject::read_borrowed(a).ok())
        .map(|(path, _)| path)
        .collect()
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
        let module_paths = object_paths(&module);
        for func in first_block_ops(&module).into_iter().filter(|o| name(o) == "func.func") {
            let Some(root) = root_op(&func) else { continue };
            if root.attribute(LOWERING_CONFIG_ATTR).is_ok() {
                continue;
            }
            let mut present = module_paths.clone();
            present.extend(object_paths(&func));
            present.extend(object_paths(&root));
            let mut linalg = Vec::new();
            collect_linalg(&func, &mut linalg);
            let others: Vec<String> = linalg
                .iter()
                .filter(|o| o.to_raw().ptr != root.to_raw().ptr && name(o) != "linalg.fill")
                .map(|o| name(o))
                .collect();
            let decision = decide(&root, target.as_ref(), &present, &others);
            if let Err(e) = apply(context, &root, &decision) {
                emit_error(root.location(), &format!("ukernel: {e}"));
                return false;
            }
            emit_remark(root.location(), &format!("ukernel: {}", decision.explanation));
        }
        true
    }
}

fn first_block_ops<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    // A module's body is one block.
    body_ops(op)
}

fn apply(context: &Context, root: &OperationRef, decision: &Decision) -> Result<(), ukernel_dialect::Error> {
    let mut op = unsafe { OperationRefMut::from_raw(root.to_raw()) };
    op.set_attribute(LOWERING_CONFIG_ATTR, decision.config.to_attribute(context)?);
    if let Some(object) = &decision.object {
        let mut objects: Vec<Attribute> =
            match root.attribute(EXECUTABLE_OBJECTS).ok().and_then(|a| ArrayAttribute::try_from(a).ok()) {
                Some(existing) => (0..existing.len()).filter_map(|i| existing.element(i).ok()).collect(),
                None => Vec::new(),
            };
        objects.push(object.to_attribute(context)?);
        op.set_attribute(EXECUTABLE_OBJECTS, ArrayAttribute::new(context, &objects).into());
    }
    Ok(())
}

static PASS_ID: crate::registration::PassId = crate::registration::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::registration::module_pass(&PASS_ID, "UKernelKernelConfig", ARGUMENT, SUMMARY, configure_module)
}
