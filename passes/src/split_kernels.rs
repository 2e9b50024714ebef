//! `ukernel-split-kernels`: makes a default-path dispatch that runs several
//! ops in order into one kernel per op, launched in order, so that each op
//! can use the whole GPU (`ukernel-gpu-distribute` gives a single loop one
//! thread per point) instead of one workgroup running all of them with
//! barriers in between.
//!
//! Runs after `ukernel-copies-to-loops`, before `ukernel-gpu-distribute`.
//! A dispatch qualifies when it calls no ukernel, has no mapped loops, has
//! two or more top-level ops that write memory (an `scf.parallel`, a
//! sequential loop around one, a store, ...), and its loops do not all run
//! over one iteration space (that form is one kernel with a thread per
//! point already). Each such op becomes the only
//! writing op of a copy of the dispatch, `@<name>__k<i>`; every copy keeps
//! the dispatch's arguments and temporaries (`memref.alloc`s) in the same
//! order, so that one set of buffers serves all of them, and carries
//! `ukernel.function = "<name>"` and `ukernel.step = i`: the runtime
//! launches the steps of a function in order, on one stream, with the same
//! buffers and temporaries. Ops that only compute values (constants, dims,
//! views) stay in every copy. A dispatch with a top-level load after its
//! first writing op (a value read between ops, which a later kernel would
//! read after the ops that follow it) is left whole.

use melior::{
    Context,
    ir::{
        BlockLike, OperationRef, RegionLike,
        attribute::{IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike, OperationRefMut},
        r#type::IntegerType,
    },
    pass::Pass,
};

use crate::{
    dispatch::{detach, dispatches, holds_parallel_loop, nested_ops, writes_memory},
    ir::{body_ops, constant_int, name, same},
};

pub const ARGUMENT: &str = "ukernel-split-kernels";
pub const SUMMARY: &str = "Make a default-path dispatch of several ops one kernel per op, launched in order";

/// Func attribute of a step: the dispatch (function) it is a step of.
pub const FUNCTION_ATTR: &str = "ukernel.function";
/// Func attribute of a step: its position in its function.
pub const STEP_ATTR: &str = "ukernel.step";

/// The positions (among the top-level ops) of the ops that write memory,
/// when `func` qualifies (see the module doc); None otherwise.
fn steps(func: &OperationRef) -> Option<Vec<usize>> {
    let ops = body_ops(func);
    let mut all = Vec::new();
    nested_ops(func, &mut all);
    let uses_gpu = all.iter().any(|o| {
        let n = name(o);
        n == "func.call" || (n == "scf.parallel" && o.attribute("mapping").is_ok())
    });
    if uses_gpu {
        return None;
    }
    let positions: Vec<usize> = ops
        .iter()
        .enumerate()
        .filter(|(_, o)| name(o) != "memref.dealloc" && writes_memory(o))
        .map(|(i, _)| i)
        .collect();
    let first = *positions.first()?;
    let reads_between = ops.iter().skip(first).any(|o| name(o) == "memref.load");
    let loops: Vec<OperationRef> = all.iter().filter(|o| name(o) == "scf.parallel").copied().collect();
    let each_a_loop = positions.iter().all(|&i| holds_parallel_loop(&ops[i]));
    let one_kernel_already = each_a_loop && one_iteration_space(&loops);
    (positions.len() >= 2 && !reads_between && !one_kernel_already).then_some(positions)
}

/// Whether every loop runs from 0 by 1 over the same bounds: the form that
/// `ukernel-gpu-distribute` runs as one kernel with a thread per point (a
/// fill then a matmul over C), which splitting would only make slower.
fn one_iteration_space(loops: &[OperationRef]) -> bool {
    let Some(first) = loops.first() else { return false };
    let n = first.operand_count() / 3;
    loops.iter().all(|l| {
        l.operand_count() == 3 * n
            && (0..n).all(|d| {
                let (Ok(a), Ok(b)) = (l.operand(n + d), first.operand(n + d)) else { return false };
                let from_zero_by_one = l.operand(d).ok().and_then(constant_int) == Some(0)
                    && l.operand(2 * n + d).ok().and_then(constant_int) == Some(1);
                from_zero_by_one && (same(a, b) || constant_int(a).is_some_and(|c| constant_int(b) == Some(c)))
            })
    })
}

fn split(context: &Context, module: &OperationRef, func: OperationRef) -> Result<(), String> {
    let Some(steps) = steps(&func) else { return Ok(()) };
    let function = func.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).unwrap_or_default();
    let body = module.region(0).ok().and_then(|r| r.first_block()).ok_or("a module without a body")?;
    let mut after = func;
    for (step, keep) in steps.iter().enumerate() {
        // SAFETY: cloning gives a new operation that nothing else owns; it is
        // inserted into the module at once.
        let copy = unsafe { melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(func.to_raw())) };
        let copy = body.insert_operation_after(after, copy);
        after = copy;
        let ops = body_ops(&copy);
        for (i, op) in ops.iter().enumerate() {
            if i != *keep && steps.contains(&i) {
                drop(detach(op));
            }
        }
        let mut m = unsafe { OperationRefMut::from_raw(copy.to_raw()) };
        m.set_attribute("sym_name", StringAttribute::new(context, &format!("{function}__k{step}")).into());
        m.set_attribute(FUNCTION_ATTR, StringAttribute::new(context, &function).into());
        m.set_attribute(
            STEP_ATTR,
            IntegerAttribute::new(IntegerType::new(context, 64).into(), step as i64).into(),
        );
        // The family's check compares a whole dispatch; a step is not one.
        let _ = m.remove_attribute(crate::codegen::REFERENCE_ATTR);
    }
    drop(detach(&func));
    Ok(())
}

fn split_kernels(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        let location = func.location();
        if let Err(message) = split(context, module, func) {
            ukernel_dialect::emit_error(location, &format!("ukernel: {message}"));
            return false;
        }
    }
    true
}

static PASS_ID: crate::registration::PassId = crate::registration::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::registration::module_pass(&PASS_ID, "UKernelSplitKernels", ARGUMENT, SUMMARY, split_kernels)
}
