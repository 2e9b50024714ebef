//! What the passes agree on about a module: its dispatches, each dispatch's
//! root op, the owner of executable objects, the object paths present, and
//! taking an op out of its block. Shared by every pass, so that no pass file
//! imports another.

use crate::ir::Checked as _;
use melior::ir::{
    BlockLike, OperationRef, RegionLike,
    attribute::ArrayAttribute,
    operation::{Operation, OperationLike, OperationMutLike},
};
use ukernel_dialect::{EXECUTABLE_OBJECTS, ExecutableObject};

use crate::ir::{body_ops, name};

pub use crate::names::OWNER_ATTR;

/// Every dispatch (a `func.func` with a body, except the functions fusion
/// made) of `module`.
pub fn dispatches<'c, 'a>(module: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    body_ops(module)
        .into_iter()
        .filter(|o| {
            name(o) == "func.func"
                && o.region_at(0).and_then(|r| r.first_block()).is_some()
                && o.attribute(crate::names::FUSED_FUNCTION_ATTR).is_err()
        })
        .collect()
}

/// Whether `op` is a root kernels are formed around: a linalg op with a
/// reduction loop (named contractions and reductions, which carry no
/// iterator_types attribute, count).
pub fn is_reduction_root(op: &OperationRef) -> bool {
    op.attribute("iterator_types").is_ok_and(|a| a.to_string().contains("reduction"))
        || matches!(
            name(op).as_str(),
            "linalg.matmul"
                | "linalg.batch_matmul"
                | "linalg.matvec"
                | "linalg.vecmat"
                | "linalg.dot"
                | "linalg.contract"
                | "linalg.reduce"
        )
}

/// The root op of a dispatch function: its last linalg op with a reduction
/// loop (a named contraction counts), or else its last linalg op other than
/// a fill.
pub fn root_op<'c, 'a>(func: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let linalg = linalg_ops(func);
    linalg
        .iter()
        .rev()
        .find(|op| is_reduction_root(op))
        .or_else(|| linalg.iter().rev().find(|op| name(op) != "linalg.fill"))
        .copied()
}

/// The roots of a dispatch that kernels are formed around, one kernel
/// each: its linalg ops with a reduction loop, when there are several and
/// all are top-level ops of its body (a root inside a loop keeps the
/// dispatch whole); otherwise just [`root_op`].
pub fn roots<'c, 'a>(func: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let reductions: Vec<OperationRef> = linalg_ops(func).into_iter().filter(is_reduction_root).collect();
    let top_level = |op: &OperationRef| op.parent_operation().is_some_and(|p| p == *func);
    if reductions.len() >= 2 && reductions.iter().all(top_level) {
        return reductions;
    }
    root_op(func).into_iter().collect()
}

/// Runs `rewrite` on each op `ops_of` lists in every dispatch of `module`;
/// the first error is emitted at its op's location and stops the pass
/// (false). The shared loop of the passes that rewrite ops one by one.
pub fn rewrite_ops<'c, 'a>(
    module: &OperationRef<'c, 'a>,
    ops_of: impl Fn(&OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>>,
    mut rewrite: impl FnMut(OperationRef<'c, 'a>) -> Result<(), String>,
) -> bool {
    for func in dispatches(module) {
        for op in ops_of(&func) {
            let location = op.location();
            if let Err(message) = rewrite(op) {
                ukernel_dialect::emit_error(location, &format!("ukernel: {message}"));
                return false;
            }
        }
    }
    true
}

/// Runs `rewrite` on every op anywhere in `module` (nested ones included,
/// in post-order) that `wanted` picks, collected before the first rewrite;
/// each error is reported at its op (prefixed by `prefix`) and the others
/// still run. False if any failed.
pub fn rewrite_matching<'c, 'a>(
    module: &OperationRef<'c, 'a>,
    prefix: &str,
    wanted: impl Fn(&OperationRef<'c, 'a>) -> bool,
    mut rewrite: impl FnMut(&OperationRef<'c, 'a>) -> Result<(), String>,
) -> bool {
    let mut targets: Vec<OperationRef<'c, 'a>> = Vec::new();
    module.walk(melior::ir::operation::WalkOrder::PostOrder, |op| {
        // SAFETY: the operation is in a live block of the IR being rewritten.
        let op = unsafe { OperationRef::from_raw(op.to_raw()) };
        if wanted(&op) {
            targets.push(op);
        }
        melior::ir::operation::WalkResult::Advance
    });
    let mut ok = true;
    for op in targets {
        if let Err(message) = rewrite(&op) {
            ukernel_dialect::emit_error(op.location(), &format!("{prefix}{message}"));
            ok = false;
        }
    }
    ok
}

/// Runs `rewrite` on every dispatch function of `module`; the first error
/// is reported at its function and stops the pass.
pub fn rewrite_functions<'c, 'a>(
    module: &OperationRef<'c, 'a>,
    mut rewrite: impl FnMut(&OperationRef<'c, 'a>) -> Result<(), String>,
) -> bool {
    for func in dispatches(module) {
        if let Err(message) = rewrite(&func) {
            ukernel_dialect::emit_error(func.location(), &format!("ukernel: {message}"));
            return false;
        }
    }
    true
}

/// The linalg ops under `op`, in order (not looking inside linalg ops).
pub fn linalg_ops<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    collect_linalg(op, &mut out);
    out
}

fn collect_linalg<'c, 'a>(op: &OperationRef<'c, 'a>, out: &mut Vec<OperationRef<'c, 'a>>) {
    for region_index in 0..op.region_count() {
        let Ok(region) = op.region(region_index) else {
            continue;
        };
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(o) = next {
                let n = name(&o);
                if n.starts_with("linalg.") && n != "linalg.yield" && n != "linalg.index" {
                    out.push(o);
                } else {
                    collect_linalg(&o, out);
                }
                next = o.next_in_block();
            }
            block = b.next_in_region();
        }
    }
}

/// Whether `op` owns the objects of the ops it encloses.
pub fn is_owner(op: &OperationRef) -> bool {
    name(op) == "builtin.module" || op.attribute(OWNER_ATTR).is_ok()
}

/// The nearest owner of objects above `op`.
pub fn owner_of<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if is_owner(&p) {
            return Some(p);
        }
        parent = p.parent_operation();
    }
    None
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

/// Whether `path` names an object that provides `symbol`: `symbol.bc` or
/// `symbol.<anything>.bc`.
pub fn provides(path: &str, symbol: &str) -> bool {
    path.strip_prefix(symbol).is_some_and(|rest| rest == ".bc" || (rest.starts_with('.') && rest.ends_with(".bc")))
}

/// Every op nested under `op`, at any depth, in order (not `op` itself).
pub fn nested_ops<'c, 'a>(op: &OperationRef<'c, 'a>, out: &mut Vec<OperationRef<'c, 'a>>) {
    for r in 0..op.region_count() {
        let Ok(region) = op.region(r) else { continue };
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(o) = next {
                next = o.next_in_block();
                out.push(o);
                nested_ops(&o, out);
            }
            block = b.next_in_region();
        }
    }
}

/// Whether `op` is an `scf.parallel` or holds one.
pub fn holds_parallel_loop(op: &OperationRef) -> bool {
    let mut all = vec![*op];
    nested_ops(op, &mut all);
    all.iter().any(|o| name(o) == "scf.parallel")
}

/// Whether `op` (or an op inside it) writes memory or has effects that
/// running it twice, or in several threads, would change: what the
/// default path must run once, in order.
pub fn writes_memory(op: &OperationRef) -> bool {
    let mut all = vec![*op];
    nested_ops(op, &mut all);
    all.iter().any(|o| {
        let n = name(o);
        matches!(n.as_str(), "memref.store" | "memref.copy" | "memref.atomic_rmw" | "memref.generic_atomic_rmw")
            || n.starts_with("func.call")
            || n.starts_with("linalg.")
            || n.starts_with("vector.")
            || n.starts_with("llvm.")
            || n.starts_with("gpu.")
            || n.starts_with("nvvm.")
    })
}

/// Takes `op` out of its block, returning ownership.
pub fn detach(op: &OperationRef) -> Operation<'static> {
    let mut m = crate::ir::mutable(op);
    m.remove_from_parent();
    // SAFETY: out of its block, nothing owns the op but the returned handle.
    unsafe { Operation::from_raw(op.to_raw()) }
}

/// Erases `op` (a tensor op whose results nothing reads any more), and the
/// `tensor.empty` its operand `init` came from when nothing else reads that.
pub fn erase_with_empty_init(op: &OperationRef, init: usize) {
    let empty = op.operand_at(init).and_then(crate::ir::defining_op);
    drop(detach(op));
    if let Some(e) = empty.filter(|e| crate::ir::name(e) == "tensor.empty")
        && e.result_at(0).is_some_and(|r| crate::ir::users(r.into()).is_empty())
    {
        drop(detach(&e));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn provider_paths() {
        assert!(super::provides("uk_argmax_f32i64.sm_90.bc", "uk_argmax_f32i64"));
        assert!(super::provides("uk_argmax_f32i64.bc", "uk_argmax_f32i64"));
        assert!(!super::provides("uk_argmax_f32i64x.bc", "uk_argmax_f32i64"));
        assert!(!super::provides("uk_argmax_f32i64.sm_90.ptx", "uk_argmax_f32i64"));
    }
}
