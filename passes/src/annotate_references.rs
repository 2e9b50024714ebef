//! `ukernel-annotate-references`: after bufferization, records on each
//! dispatch that one family's CPU reference can check, as
//! [`REFERENCE_ATTR`](crate::names::REFERENCE_ATTR), the family and what
//! its reference needs: the family whose matcher accepts the dispatch's
//! root, else one whose reference replays a form only the default path
//! runs. A dispatch formed into several kernels (or whose root shares its
//! kernel with more than a fused producer) is checked as a whole by the
//! MLIR reference (`ukc compile --reference`) instead and gets none.

use melior::{
    Context,
    ir::{
        Attribute,
        attribute::{IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike},
    },
};

use crate::{
    dispatch::root_op,
    families::{RefValue, families},
    ir::name,
    names::REFERENCE_ATTR,
};

pub const ARGUMENT: &str = "ukernel-annotate-references";
pub const SUMMARY: &str = "Record on each dispatch the family CPU reference that checks it";

fn annotate_references(context: &Context, module: &melior::ir::OperationRef) -> bool {
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for func in crate::dispatch::dispatches(module) {
        let Some(root) = root_op(&func) else { continue };
        if !root_is_the_dispatch(&func, &root) {
            continue;
        }
        // The family whose matcher accepts the op, else one whose references
        // replay it anyway (a form only the default lowering runs).
        let matched =
            families().iter().find_map(|f| f.match_op(&root).ok().map(|m| (*f, f.reference(&m, &root, &func))));
        let Some((family, reference)) =
            matched.or_else(|| families().iter().find_map(|f| f.default_reference(&root, &func).map(|r| (*f, r))))
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
        let mut f = crate::ir::mutable(&func);
        f.set_attribute(REFERENCE_ATTR, melior::ir::attribute::DictionaryAttribute::new(context, &named).into());
    }
    true
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

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelAnnotateReferences", ARGUMENT, SUMMARY, annotate_references)
}
