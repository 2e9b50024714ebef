//! `ukernel-split-kernels`: makes a dispatch that runs several kernels'
//! worth of ops into one kernel per step, launched in order, so that each
//! ukernel call keeps its own grid and each default-path op can use the
//! whole GPU (`ukernel-gpu-distribute` gives a single loop one thread per
//! point) instead of one workgroup running all of them with barriers in
//! between.
//!
//! Runs after `ukernel-copies-to-loops`, before `ukernel-gpu-distribute`.
//! The top-level ops that write memory (an `scf.parallel`, a sequential
//! loop around one, a store, a call, ...) are grouped into steps, in order:
//! - each mapped loop nest (a ukernel call, a split reduction: what
//!   `ukernel-kernel-config` formed around a root) is a step of its own;
//! - the default-path ops between them are grouped into steps of
//!   consecutive loops over one iteration space (a fill then a matmul over
//!   C: one kernel with a thread per point already; a fold's init fill, the
//!   fold and the elementwise op on its result), every other op a step of
//!   its own.
//!
//! A dispatch of two or more steps becomes copies of itself,
//! `@<name>__k<i>`, each keeping the writing ops of its step; every copy
//! keeps the dispatch's arguments and temporaries (`memref.alloc`s) in the
//! same order, so that one set of buffers serves all of them, and carries
//! `ukernel.function = "<name>"` and `ukernel.step = i`: the runtime
//! launches the steps of a function in order, on one stream, with the same
//! buffers and temporaries. Ops that only compute values (constants, dims,
//! views) stay in every copy. A dispatch with a top-level load after its
//! first writing op (a value read between ops, which a later kernel would
//! read after the ops that follow it) is left whole.
//!
//! Then every kernel takes the launch attributes of the ukernel call it
//! holds (`ukernel.cluster`, `ukernel.workgroups_per_sm`, which
//! `ukernel-lower-to-ukernels` puts on the call), for codegen to write as
//! `.reqnctapercluster` and `.minnctapersm`: only the kernel that runs a
//! clustered ukernel is launched in clusters.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        BlockLike, OperationRef, RegionLike, Value, ValueLike,
        attribute::{IntegerAttribute, StringAttribute},
        operation::{OperationLike, OperationMutLike},
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

pub use crate::names::FUNCTION_ATTR;
pub use crate::names::STEP_ATTR;

/// Whether `op` is a mapped loop nest or holds a call: a kernel's whole
/// body, which shares its grid with nothing.
fn is_mapped(op: &OperationRef) -> bool {
    let mut all = vec![*op];
    nested_ops(op, &mut all);
    all.iter().any(|o| {
        let n = name(o);
        n == "func.call" || (n == "scf.parallel" && o.attribute("mapping").is_ok())
    })
}

/// The steps of `func`: per step, the positions (among the top-level ops)
/// of its writing ops, when there are two or more (see the module doc);
/// None otherwise.
fn steps(func: &OperationRef) -> Option<Vec<Vec<usize>>> {
    let ops = body_ops(func);
    let writers: Vec<usize> = ops
        .iter()
        .enumerate()
        // Ops with results (an address, a view) are values every step keeps.
        .filter(|(_, o)| name(o) != "memref.dealloc" && o.result_count() == 0 && writes_memory(o))
        .map(|(i, _)| i)
        .collect();
    let first = *writers.first()?;
    if ops.iter().skip(first).any(|o| name(o) == "memref.load") {
        return None;
    }
    let mut steps: Vec<Vec<usize>> = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    // The parallel loops of top-level op `i` (itself included).
    let loops_of = |i: usize| {
        let mut nested = vec![ops[i]];
        nested_ops(&ops[i], &mut nested);
        nested.into_iter().filter(|o| name(o) == "scf.parallel").collect::<Vec<_>>()
    };
    // A run of default-path ops becomes steps of consecutive loops over one
    // iteration space each (a fill and the fold into it; a fold's init fill,
    // the fold and the elementwise op on its result), every other op a step
    // of its own.
    let flush = |run: &mut Vec<usize>, steps: &mut Vec<Vec<usize>>| {
        let mut segment: Vec<usize> = Vec::new();
        let mut segment_loops = Vec::new();
        for i in run.drain(..) {
            if !holds_parallel_loop(&ops[i]) {
                if !segment.is_empty() {
                    steps.push(std::mem::take(&mut segment));
                    segment_loops.clear();
                }
                steps.push(vec![i]);
                continue;
            }
            let loops = loops_of(i);
            let mut joined = segment_loops.clone();
            joined.extend(loops.iter().copied());
            let mut members: Vec<OperationRef> = segment.iter().map(|&j| ops[j]).collect();
            members.push(ops[i]);
            if segment.is_empty() || (one_iteration_space(&joined) && at_their_points(&members)) {
                segment.push(i);
                segment_loops = joined;
            } else {
                steps.push(std::mem::take(&mut segment));
                segment = vec![i];
                segment_loops = loops;
            }
        }
        if !segment.is_empty() {
            steps.push(segment);
        }
    };
    for &i in &writers {
        if is_mapped(&ops[i]) {
            flush(&mut run, &mut steps);
            steps.push(vec![i]);
        } else {
            run.push(i);
        }
    }
    flush(&mut run, &mut steps);
    (steps.len() >= 2).then_some(steps)
}

/// The buffer a memref value views (through subviews, reshapes and
/// casts), as its raw handle.
fn root_buffer(v: Value) -> *const std::ffi::c_void {
    let views = |n: &str| {
        matches!(
            n,
            "memref.subview"
                | "memref.expand_shape"
                | "memref.collapse_shape"
                | "memref.cast"
                | "memref.reinterpret_cast"
        )
    };
    let chain = crate::ir::view_chain(v, views);
    chain[chain.len() - 1].to_raw().ptr
}

/// The loads and stores in `op` (itself included).
fn accesses<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut all = vec![*op];
    nested_ops(op, &mut all);
    all.into_iter().filter(|o| matches!(name(o).as_str(), "memref.load" | "memref.store")).collect()
}

/// Whether `ops` (loops over one iteration space) touch what any of them
/// writes only at their own point: every load and store of a written
/// buffer indexed by exactly the induction variables of the op's first
/// parallel loop, on the buffer itself (not a view). Then one kernel runs
/// them with a thread per point; merged otherwise, they would need one
/// workgroup and barriers, slower than a kernel each.
fn at_their_points(ops: &[OperationRef]) -> bool {
    // (memref operand position, first index position) of a load or store.
    let layout = |o: &OperationRef| if name(o) == "memref.store" { (1, 2) } else { (0, 1) };
    let mut written = Vec::new();
    for op in ops {
        for o in accesses(op) {
            if name(&o) == "memref.store"
                && let Ok(m) = o.operand(1)
            {
                written.push(root_buffer(m));
            }
        }
    }
    ops.iter().all(|op| {
        let mut all = vec![*op];
        nested_ops(op, &mut all);
        let Some(point) = all.into_iter().find(|o| name(o) == "scf.parallel") else { return false };
        let Some(body) = point.region_at(0).and_then(|r| r.first_block()) else { return false };
        let ivs: Vec<Value> = (0..body.argument_count()).filter_map(|k| body.argument_at(k).map(Into::into)).collect();
        accesses(op).iter().all(|o| {
            let (m, first) = layout(o);
            let Ok(memref) = o.operand(m) else { return false };
            let root = root_buffer(memref);
            if !written.contains(&root) {
                return true;
            }
            let indices: Vec<Value> = (first..o.operand_count()).filter_map(|k| o.operand_at(k)).collect();
            memref.to_raw().ptr == root
                && indices.len() == ivs.len()
                && indices.iter().zip(&ivs).all(|(a, b)| same(*a, *b))
        })
    })
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
                let from_zero_by_one = l.operand_at(d).and_then(constant_int) == Some(0)
                    && l.operand_at(2 * n + d).and_then(constant_int) == Some(1);
                from_zero_by_one && (same(a, b) || constant_int(a).is_some_and(|c| constant_int(b) == Some(c)))
            })
    })
}

/// Erases the top-level value ops of `func` that nothing uses any more (the
/// addresses and views of another step's ukernel call), last first, so
/// that each step holds only what it computes. Temporaries
/// (`memref.alloc`) stay: every step keeps them in the same order.
fn drop_unused_values(func: &OperationRef) {
    for op in body_ops(func).into_iter().rev() {
        let value_op = op.result_count() > 0
            && op.region_count() == 0
            && !matches!(name(&op).as_str(), "memref.alloc" | "func.call");
        let unused =
            (0..op.result_count()).all(|i| op.result_at(i).is_some_and(|r| crate::ir::users(r.into()).is_empty()));
        if value_op && unused {
            drop(detach(&op));
        }
    }
}

fn split(context: &Context, module: &OperationRef, func: OperationRef) -> Result<(), String> {
    let Some(steps) = steps(&func) else { return Ok(()) };
    let function = crate::ir::symbol_name(&func).unwrap_or_default();
    let body = module.region_at(0).and_then(|r| r.first_block()).ok_or("a module without a body")?;
    let mut after = func;
    for (step, keep) in steps.iter().enumerate() {
        let copy = crate::build::clone_op(&func);
        let copy = body.insert_operation_after(after, copy);
        after = copy;
        let ops = body_ops(&copy);
        for (i, op) in ops.iter().enumerate() {
            if !keep.contains(&i) && steps.iter().any(|s| s.contains(&i)) {
                drop(detach(op));
            }
        }
        drop_unused_values(&copy);
        let mut m = crate::ir::mutable(&copy);
        m.set_attribute("sym_name", StringAttribute::new(context, &format!("{function}__k{step}")).into());
        m.set_attribute(FUNCTION_ATTR, StringAttribute::new(context, &function).into());
        m.set_attribute(STEP_ATTR, IntegerAttribute::new(IntegerType::new(context, 64).into(), step as i64).into());
        // The family's check compares a whole dispatch; a step is not one.
        let _ = m.remove_attribute(crate::names::REFERENCE_ATTR);
    }
    drop(detach(&func));
    Ok(())
}

/// Moves the launch attributes of the ukernel calls in `func` to `func`:
/// the most workgroups per SM any asks for, and their cluster shape, which
/// must be the same for all (a kernel is launched in one shape).
fn take_launch_attributes(func: &OperationRef) -> Result<(), String> {
    use crate::names::{CLUSTER_ATTR, WORKGROUPS_PER_SM_ATTR};
    let mut all = vec![];
    nested_ops(func, &mut all);
    let calls: Vec<_> = all.into_iter().filter(|o| name(o) == "func.call").collect();
    let per_sm = calls
        .iter()
        .filter_map(|c| c.attribute(WORKGROUPS_PER_SM_ATTR).ok())
        .max_by_key(|a| IntegerAttribute::try_from(*a).map(|i| i.value()).unwrap_or(0));
    let mut cluster = None;
    for c in &calls {
        if let Ok(dims) = c.attribute(CLUSTER_ATTR) {
            match cluster {
                Some(other) if other != dims => {
                    return Err(format!("one kernel holds ukernel calls launched in clusters {other} and {dims}"));
                }
                _ => cluster = Some(dims),
            }
        }
    }
    let mut f = crate::ir::mutable(&func);
    if let Some(n) = per_sm {
        f.set_attribute(WORKGROUPS_PER_SM_ATTR, n);
    }
    if let Some(dims) = cluster {
        f.set_attribute(CLUSTER_ATTR, dims);
    }
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
    for func in dispatches(module) {
        if let Err(message) = take_launch_attributes(&func) {
            ukernel_dialect::emit_error(func.location(), &format!("ukernel: {message}"));
            return false;
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelSplitKernels", ARGUMENT, SUMMARY, split_kernels)
}
