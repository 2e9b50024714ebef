//! `ukernel-gpu-distribute`: turns each dispatch function into the body of
//! one GPU kernel, and records how to launch it.
//!
//! Input: dispatch `func.func`s after `ukernel-lower-to-ukernels` and
//! `convert-linalg-to-parallel-loops`. Two shapes of dispatch:
//! - with a ukernel, or a reduction `ukernel-split-reductions` split: its
//!   `scf.parallel` loops mapped to blocks and threads
//!   (`#gpu.loop_dim_map`) become the block and thread ids; the grid is the
//!   loops' trip counts, the block the thread loop's;
//! - without, when every `scf.parallel` (top-level, or inside sequential
//!   `scf.for`s only) runs over the same
//!   iteration space and each buffer any of them writes is only ever
//!   accessed at that space's point (its leading indices are the loop's
//!   induction variables: a fill then a matmul over C, fills then an argmax
//!   over rows): one GPU thread per point, in workgroups of
//!   [`DEFAULT_THREADS`] (consecutive points, or, where an access's
//!   innermost index is the second-innermost loop's, as a transpose reads,
//!   a [`TILE`] x [`TILE`] tile of the two innermost loops, so that both
//!   sides move runs of [`TILE`] elements), the grid from the trip counts; no thread reads what
//!   another writes, so the loops need no barrier between them (buffers
//!   read through a `memref.expand_shape`/`collapse_shape`, which touch no
//!   memory, count as the buffer they reshape; a written one read that way
//!   is not at the point; loads outside the loops, which every thread then
//!   runs, only of buffers nothing in the dispatch writes);
//! - without, otherwise: one workgroup of [`DEFAULT_THREADS`] threads runs
//!   the ops in order; each `scf.parallel` spreads one dimension over the
//!   threads (a thread-stride loop: the innermost, where it is not a short
//!   constant), sequential loops that hold one are walked by every thread,
//!   any other op that writes memory runs on thread 0, and each is followed
//!   by a barrier, so every op sees its producers' results and none
//!   overwrites what another thread still reads.
//!
//! `memref.alloc`s at the top of a dispatch (bufferization's temporaries)
//! become extra kernel arguments that the runtime provides; a dynamic size
//! must be computable from the arguments' dims (`ukernel.temporary_sizes`).
//!
//! Output attributes on each dispatch function: `ukernel.grid` (three
//! strings: an integer or a product `a*b` of integers and `%argN[D]`, dim D
//! of argument N), `ukernel.block` (three integers),
//! `ukernel.temporaries` (the indices of arguments added for temporaries)
//! and `ukernel.temporary_sizes` (their dims, strings of the same form).
//! A dispatch with both shapes, or loops it cannot map, is an error at the
//! function.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::{ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{FunctionType, IntegerType},
    },
    pass::Pass,
};
use ukernel_dialect::emit_error;

use crate::{
    dispatch::{dispatches, holds_parallel_loop, nested_ops, writes_memory},
    grid::GridExpr,
    ir::{body_ops, constant_int, defining_op, int_constant, name, shape_of},
};

pub const ARGUMENT: &str = "ukernel-gpu-distribute";
pub const SUMMARY: &str = "Make each dispatch one GPU kernel: map loops to block/thread ids, record grid and block";

/// Threads of the one workgroup that runs a dispatch without a ukernel.
pub const DEFAULT_THREADS: i64 = 256;
/// The side of a tile of points (TILE x TILE = [`DEFAULT_THREADS`]) where
/// one thread per point reads a buffer transposed.
const TILE: i64 = 16;

pub use crate::names::{BLOCK_ATTR, GRID_ATTR, TEMPORARIES_ATTR, TEMPORARY_SIZES_ATTR};

struct Fail(String);

fn i64_attr(context: &Context, v: i64) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), v).into()
}

/// Builds `op` before `anchor` and returns its first result.
fn insert_before<'c, 'a>(anchor: &OperationRef<'c, 'a>, builder: OperationBuilder<'c>) -> Result<Value<'c, 'a>, Fail> {
    crate::build::insert_before(anchor, builder).map_err(Fail)
}

/// `nvvm.read.ptx.sreg.<reg>` as an index, before `anchor`.
fn special_register<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    reg: &str,
) -> Result<Value<'c, 'a>, Fail> {
    let loc = anchor.location();
    let i32t: Type = IntegerType::new(context, 32).into();
    let raw =
        insert_before(anchor, OperationBuilder::new(&format!("nvvm.read.ptx.sreg.{reg}"), loc).add_results(&[i32t]))?;
    let index = Type::index(context);
    insert_before(anchor, OperationBuilder::new("arith.index_cast", loc).add_operands(&[raw]).add_results(&[index]))
}

/// What a launch dimension is, as a function of the kernel's arguments.
fn trip_count_expr(v: Value, func: &OperationRef) -> Result<GridExpr, Fail> {
    let Some(def) = defining_op(v) else {
        return Err(Fail("a loop bound is a block argument".into()));
    };
    let operand = |i: usize| def.operand(i).map_err(|e| Fail(e.to_string()));
    if let Some(c) = int_constant(&def) {
        return u64::try_from(c).map(GridExpr::Const).map_err(|_| Fail(format!("a negative loop bound {c}")));
    }
    match name(&def).as_str() {
        "arith.muli" => Ok(GridExpr::mul(trip_count_expr(operand(0)?, func)?, trip_count_expr(operand(1)?, func)?)),
        // (x + (c - 1)) / c, as the ukernel lowering writes a ceiling division.
        "arith.divui" => {
            let divisor = constant_int(operand(1)?).filter(|c| *c > 0);
            let sum = defining_op(operand(0)?).filter(|d| name(d) == "arith.addi");
            match (divisor, sum) {
                (Some(c), Some(sum)) if sum.operand_at(1).and_then(constant_int) == Some(c - 1) => {
                    let x = trip_count_expr(sum.operand(0).map_err(|e| Fail(e.to_string()))?, func)?;
                    Ok(GridExpr::CeilDiv(Box::new(x), c as u64))
                }
                _ => Err(Fail("a loop bound is a division the launch metadata cannot express".into())),
            }
        }
        "memref.extract_strided_metadata" | "memref.dim" => {
            let source = operand(0)?;
            let dim = if name(&def) == "memref.dim" {
                constant_int(operand(1)?).ok_or_else(|| Fail("memref.dim with a dynamic index".into()))?
            } else {
                let result =
                    melior::ir::operation::OperationResult::try_from(v).map_err(|_| Fail("bad bound".into()))?;
                result.result_number() as i64 - 2
            };
            size_expr(source, dim as usize, func)
        }
        other => Err(Fail(format!("a loop bound comes from '{other}', which the launch metadata cannot express"))),
    }
}

/// Dimension `dim` of `buffer` as a function of the kernel's arguments: an
/// argument's own, or through the views that reshape an argument without
/// touching memory (`memref.cast`, `memref.collapse_shape`: the product of
/// the dims it merges, `memref.expand_shape`: its output size).
fn size_expr(buffer: Value, dim: usize, func: &OperationRef) -> Result<GridExpr, Fail> {
    if let Some(arg) = func_arg_index(buffer, func) {
        return Ok(GridExpr::ArgDim { arg, dim });
    }
    let not_an_argument = || Fail("a loop bound is the size of a buffer that is not an argument".into());
    let view = defining_op(buffer).ok_or_else(not_an_argument)?;
    let source = view.operand(0).map_err(|e| Fail(e.to_string()))?;
    let static_size = |v: Value, d: usize| shape_of(v.r#type()).and_then(|(dims, _)| dims.get(d).copied().flatten());
    match name(&view).as_str() {
        "memref.cast" => size_expr(source, dim, func),
        "memref.collapse_shape" => {
            let groups = crate::ir::reassociation(&view).ok_or_else(not_an_argument)?;
            let group = groups.get(dim).ok_or_else(not_an_argument)?;
            group.iter().try_fold(GridExpr::Const(1), |acc, d| {
                let size = match static_size(source, *d) {
                    Some(s) => GridExpr::Const(s),
                    None => size_expr(source, *d, func)?,
                };
                Ok(GridExpr::mul(acc, size))
            })
        }
        "memref.expand_shape" => {
            if let Some(s) = static_size(buffer, dim) {
                return Ok(GridExpr::Const(s));
            }
            // The dynamic output sizes follow the source, in dim order.
            let (dims, _) = shape_of(buffer.r#type()).ok_or_else(not_an_argument)?;
            let nth = dims[..dim].iter().filter(|d| d.is_none()).count();
            let size = view.operand(1 + nth).map_err(|e| Fail(e.to_string()))?;
            trip_count_expr(size, func)
        }
        _ => Err(not_an_argument()),
    }
}

fn func_arg_index(v: Value, func: &OperationRef) -> Option<usize> {
    crate::ir::func_arg_number(v, func)
}

fn mapping(op: &OperationRef) -> Option<Vec<String>> {
    let a = op.attribute("mapping").ok()?;
    let array = ArrayAttribute::try_from(a).ok()?;
    Some((0..array.len()).filter_map(|i| array.element(i).ok()).map(|e| e.to_string()).collect())
}

fn processor(map: &str) -> Option<&'static str> {
    ["block_x", "block_y", "block_z", "thread_x", "thread_y", "thread_z"]
        .into_iter()
        .find(|p| map.contains(&format!("processor = {p},")))
}

/// Replaces a mapped `scf.parallel` by its body, its induction variables by
/// block/thread ids; returns (processor, trip count) per dimension.
fn inline_mapped_loop(
    context: &Context,
    func: &OperationRef,
    op: OperationRef,
) -> Result<Vec<(&'static str, GridExpr)>, Fail> {
    let maps = mapping(&op).unwrap_or_default();
    let n = maps.len();
    if op.operand_count() != 3 * n {
        return Err(Fail("a mapped scf.parallel with reductions".into()));
    }
    let body = op.region_at(0).and_then(|r| r.first_block()).ok_or_else(|| Fail("empty scf.parallel".into()))?;
    let mut dims = Vec::new();
    for (i, m) in maps.iter().enumerate() {
        let lb = op.operand_at(i).and_then(defining_op).and_then(|d| int_constant(&d));
        let step = op.operand_at(2 * n + i).and_then(defining_op).and_then(|d| int_constant(&d));
        if lb != Some(0) || step != Some(1) {
            return Err(Fail("a mapped scf.parallel must run from 0 with step 1".into()));
        }
        let p = processor(m).ok_or_else(|| Fail(format!("unsupported loop mapping {m}")))?;
        let reg = match p {
            "block_x" => "ctaid.x",
            "block_y" => "ctaid.y",
            "block_z" => "ctaid.z",
            "thread_x" => "tid.x",
            "thread_y" => "tid.y",
            _ => "tid.z",
        };
        let id = special_register(context, &op, reg)?;
        let iv: Value = body.argument(i).map_err(|e| Fail(e.to_string()))?.into();
        crate::ir::replace_uses(iv, id);
        dims.push((p, trip_count_expr(op.operand(n + i).map_err(|e| Fail(e.to_string()))?, func)?));
    }
    let block = op.block().ok_or_else(|| Fail("loop outside a block".into()))?;
    let mut next = body.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        if name(&o) == "scf.reduce" {
            break;
        }
        block.insert_operation_before(op, crate::dispatch::detach(&o));
    }
    drop(crate::dispatch::detach(&op));
    Ok(dims)
}

/// The dimension of an `n`-dimensional `scf.parallel` that the workgroup's
/// threads take: the innermost (neighbouring threads touch neighbouring
/// elements of row-major buffers), unless its trip count is a constant
/// below the thread count and another dimension's is a larger constant
/// (a 4096 x 1 space).
fn strided_dimension(op: &OperationRef, n: usize) -> usize {
    let trip = |d: usize| -> Option<i64> {
        let lb = constant_int(op.operand_at(d)?)?;
        let ub = constant_int(op.operand_at(n + d)?)?;
        let step = constant_int(op.operand_at(2 * n + d)?)?;
        (step > 0).then(|| (ub - lb + step - 1) / step)
    };
    let inner = n - 1;
    match trip(inner) {
        Some(t) if t < DEFAULT_THREADS => {
            (0..inner).filter(|d| trip(*d).is_some_and(|c| c > t)).max_by_key(|d| trip(*d)).unwrap_or(inner)
        }
        _ => inner,
    }
}

/// Spreads one dimension (see [`strided_dimension`]) of an `scf.parallel`
/// over the workgroup's threads and puts a barrier after it.
fn thread_stride(context: &Context, op: OperationRef) -> Result<(), Fail> {
    let n = op.operand_count() / 3;
    if n == 0 {
        return barrier_after(context, op);
    }
    if op.operand_count() != 3 * n || op.result_count() != 0 {
        return Err(Fail("an scf.parallel with reductions on the default path".into()));
    }
    let d = strided_dimension(&op, n);
    let index = Type::index(context);
    let tid = special_register(context, &op, "tid.x")?;
    let lb = op.operand(d).map_err(|e| Fail(e.to_string()))?;
    let step = op.operand(2 * n + d).map_err(|e| Fail(e.to_string()))?;
    let threads = index_constant(context, &op, DEFAULT_THREADS)?;
    let offset = binary(&op, "arith.muli", tid, step, index)?;
    let new_lb = binary(&op, "arith.addi", lb, offset, index)?;
    let new_step = binary(&op, "arith.muli", step, threads, index)?;
    let mut m = crate::ir::mutable(&op);
    m.set_operand(d, new_lb);
    m.set_operand(2 * n + d, new_step);
    barrier_after(context, op)
}

/// Wraps `op` in `scf.if (tid.x == 0)`, so one thread runs it, and puts a
/// barrier after it.
fn on_thread_zero(context: &Context, op: OperationRef) -> Result<(), Fail> {
    let loc = op.location();
    let tid = special_register(context, &op, "tid.x")?;
    let zero = index_constant(context, &op, 0)?;
    let i1: Type = IntegerType::new(context, 1).into();
    let first = insert_before(
        &op,
        OperationBuilder::new("arith.cmpi", loc)
            .add_attributes(&[(
                Identifier::new(context, "predicate"),
                IntegerAttribute::new(IntegerType::new(context, 64).into(), 0).into(), // eq
            )])
            .add_operands(&[tid, zero])
            .add_results(&[i1]),
    )?;
    let then = Block::new(&[]);
    then.append_operation(OperationBuilder::new("scf.yield", loc).build().map_err(|e| Fail(e.to_string()))?);
    let region = Region::new();
    region.append_block(then);
    let guard = OperationBuilder::new("scf.if", loc)
        .add_operands(&[first])
        .add_regions([region, Region::new()])
        .build()
        .map_err(|e| Fail(format!("internal error building scf.if: {e}")))?;
    let block = op.block().ok_or_else(|| Fail("op outside a block".into()))?;
    let guard = block.insert_operation_before(op, guard);
    let then = guard.region_at(0).and_then(|r| r.first_block()).ok_or_else(|| Fail("scf.if without a body".into()))?;
    let terminator = then.first_operation().ok_or_else(|| Fail("scf.if without a yield".into()))?;
    then.insert_operation_before(terminator, crate::dispatch::detach(&op));
    barrier_after(context, guard)
}

/// The default path on one workgroup: runs the ops of `block` in order, as
/// every thread of the workgroup runs them. Each `scf.parallel` is spread
/// over the threads, a sequential loop that holds one is walked by every
/// thread with its inner loops spread, and any other op that writes memory
/// runs on thread 0; each is followed by a barrier, so every op sees its
/// producers' results and no thread overwrites what another still reads.
fn in_order_on_one_workgroup(context: &Context, block: melior::ir::BlockRef) -> Result<(), Fail> {
    let mut ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        ops.push(o);
    }
    for op in ops {
        let n = name(&op);
        if n == "scf.parallel" {
            thread_stride(context, op)?;
        } else if matches!(n.as_str(), "scf.for" | "scf.while" | "scf.if" | "scf.execute_region")
            && holds_parallel_loop(&op)
        {
            // The loop's bounds are the same in every thread: each walks it,
            // and the barriers inside are reached by all.
            for r in 0..op.region_count() {
                let Ok(region) = op.region(r) else { continue };
                let mut b = region.first_block();
                while let Some(inner) = b {
                    in_order_on_one_workgroup(context, inner)?;
                    b = inner.next_in_region();
                }
            }
            barrier_after(context, op)?;
        } else if writes_memory(&op) && !n.starts_with("func.return") && n != "scf.yield" {
            if n == "func.call" {
                // What inlining left: a call to a declaration (no body).
                let callee = op.attribute("callee").map(|a| a.to_string()).unwrap_or_default();
                return Err(Fail(format!(
                    "the dispatch calls {callee}, which has no body in the module (a declaration): a dispatch may \
                     call only functions it defines, which are inlined"
                )));
            }
            if op.result_count() != 0 {
                return Err(Fail(format!(
                    "'{n}' writes memory and has results; the default path cannot run it on one thread"
                )));
            }
            on_thread_zero(context, op)?;
        }
    }
    Ok(())
}

fn barrier_after(_context: &Context, op: OperationRef) -> Result<(), Fail> {
    let block = op.block().ok_or_else(|| Fail("op outside a block".into()))?;
    let barrier = OperationBuilder::new("nvvm.barrier0", op.location()).build().map_err(|e| Fail(e.to_string()))?;
    block.insert_operation_after(op, barrier);
    Ok(())
}

/// Memory ops the point-per-thread analysis understands; any other op of the
/// `memref` dialect, a call, or an op of a GPU dialect defeats it.
fn unmodelled_memory_op(n: &str) -> bool {
    (n.starts_with("memref.")
        && !matches!(n, "memref.load" | "memref.store" | "memref.dim" | "memref.get_global")
        && !view(n))
        || n.starts_with("func.call")
        || n.starts_with("gpu.")
        || n.starts_with("nvvm.")
        || n.starts_with("linalg.")
        || n.starts_with("vector.")
}

/// Whether `n` reshapes a buffer without touching memory (a reduction in two
/// stages reads its input as J x P through `memref.expand_shape`).
fn reshape(n: &str) -> bool {
    matches!(n, "memref.expand_shape" | "memref.collapse_shape")
}

/// Whether `n` makes a view of a buffer (a reshape or a subview), which an
/// access reaches its buffer through.
fn view(n: &str) -> bool {
    reshape(n) || n == "memref.subview"
}

/// How an access reaches the function argument it reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// The argument itself.
    Direct,
    /// Through reshapes, or more than one view: an index is not an element.
    Reshaped,
    /// Through one `memref.subview` (this one) with static nonzero strides:
    /// distinct indices are distinct elements (a concat's or a pad's part).
    Subview(usize),
}

/// The function argument that `memref` is, or views (through reshapes and
/// subviews), and how.
fn reshaped_arg(memref: Value, func: &OperationRef) -> Option<(usize, Path)> {
    let chain = crate::ir::view_chain(memref, view);
    let arg = func_arg_index(*chain.last()?, func)?;
    let path = match &chain[..] {
        [_] => Path::Direct,
        [view, _] => match defining_op(*view).filter(|d| name(d) == "memref.subview" && injective_subview(d)) {
            Some(subview) => Path::Subview(subview.to_raw().ptr as usize),
            None => Path::Reshaped,
        },
        _ => Path::Reshaped,
    };
    Some((arg, path))
}

/// Whether `memref` is a global's (a constant of the dispatch: bufferized
/// `arith.constant`s), directly or through views. Loads of it read what no
/// thread of the dispatch writes (a store into it refuses the dispatch).
fn global_memref(memref: Value) -> bool {
    let chain = crate::ir::view_chain(memref, view);
    chain.last().and_then(|v| defining_op(*v)).is_some_and(|d| name(&d) == "memref.get_global")
}

/// A subview whose strides are all static and nonzero.
fn injective_subview(subview: &OperationRef) -> bool {
    subview
        .attribute("static_strides")
        .ok()
        .and_then(|a| melior::ir::attribute::DenseI64ArrayAttribute::try_from(a).ok())
        .is_some_and(|strides| (0..strides.len()).all(|i| strides.element(i).is_ok_and(|s| s != 0 && s != i64::MIN)))
}

fn index_constant<'c, 'a>(context: &'c Context, anchor: &OperationRef<'c, 'a>, v: i64) -> Result<Value<'c, 'a>, Fail> {
    crate::build::index_constant(context, anchor, v).map_err(Fail)
}

fn binary<'c, 'a>(
    anchor: &OperationRef<'c, 'a>,
    op: &str,
    a: Value<'c, 'a>,
    b: Value<'c, 'a>,
    ty: Type<'c>,
) -> Result<Value<'c, 'a>, Fail> {
    insert_before(anchor, OperationBuilder::new(op, anchor.location()).add_operands(&[a, b]).add_results(&[ty]))
}

/// The default path over the whole GPU: when the top-level loops share one
/// iteration space and no thread could touch another's point of a written
/// buffer (see the module doc), each thread takes one point: every loop's
/// bounds become that point (or nothing, past the end). Returns the grid's x
/// extent, or None (nothing changed) when the dispatch does not qualify.
fn one_thread_per_point<'c, 'a>(
    context: &'c Context,
    func: &OperationRef<'c, 'a>,
    loops: &[OperationRef<'c, 'a>],
) -> Result<Option<GridExpr>, Fail> {
    let Some(first) = loops.first() else { return Ok(None) };
    let n = first.operand_count() / 3;
    if n == 0 {
        return Ok(None);
    }
    // The point is computed once, before the first loop: with several
    // blocks (cf branches), that place need not dominate the other loops.
    if func.region_at(0).and_then(|r| r.first_block()).is_some_and(|b| b.next_in_region().is_some()) {
        return Ok(None);
    }
    let upper: Vec<Value> = (0..n).filter_map(|d| first.operand_at(n + d)).collect();
    for l in loops {
        if l.operand_count() != 3 * n {
            return Ok(None);
        }
        for d in 0..n {
            let (Ok(lb), Ok(ub), Ok(step)) = (l.operand(d), l.operand(n + d), l.operand(2 * n + d)) else {
                return Ok(None);
            };
            let same_ub =
                crate::ir::same(ub, upper[d]) || constant_int(ub).is_some_and(|c| constant_int(upper[d]) == Some(c));
            if constant_int(lb) != Some(0) || constant_int(step) != Some(1) || !same_ub {
                return Ok(None);
            }
        }
    }
    // A loop may sit inside sequential loops (a reduction over an outer
    // dimension: scf.for { scf.parallel }); each thread then runs the
    // sequential loop for its own point, which is the interchanged order.
    for l in loops {
        let mut parent = l.parent_operation();
        while let Some(p) = parent {
            if p == *func {
                break;
            }
            if name(&p) != "scf.for" {
                return Ok(None);
            }
            parent = p.parent_operation();
        }
    }
    // What the dispatch writes: stores into arguments only, nothing else.
    let mut all = Vec::new();
    nested_ops(func, &mut all);
    let mut written = Vec::new();
    let mut inside = Vec::new();
    for l in loops {
        nested_ops(l, &mut inside);
    }
    let inside: std::collections::HashSet<_> = inside.iter().map(|o| o.to_raw().ptr).collect();
    // Loads outside the loops (a scalar read once for the whole op: a 0-d
    // tensor's value) run in every thread: fine for a buffer nothing in the
    // dispatch writes, since every thread reads the same value.
    let mut read_outside = Vec::new();
    for op in &all {
        let n_op = name(op);
        if unmodelled_memory_op(&n_op) {
            return Ok(None);
        }
        if n_op == "memref.store" {
            let Some((arg, _)) = op.operand_at(1).and_then(|m| reshaped_arg(m, func)) else { return Ok(None) };
            written.push(arg);
        }
        if inside.contains(&op.to_raw().ptr) {
            continue;
        }
        match n_op.as_str() {
            // A store outside the loops would run in every thread.
            "memref.store" => return Ok(None),
            "memref.load" => match op.operand_at(0).and_then(|m| reshaped_arg(m, func)) {
                Some((arg, _)) => read_outside.push(arg),
                None if op.operand_at(0).is_some_and(global_memref) => {}
                None => return Ok(None),
            },
            _ => {}
        }
    }
    if read_outside.iter().any(|arg| written.contains(arg)) {
        return Ok(None);
    }
    // Every access to a written buffer is at the enclosing loop's point.
    // An access whose innermost index is the second-innermost loop's (a
    // transpose's read) asks for tiles of points (below).
    let mut transposed = false;
    let mut written_paths: std::collections::HashMap<usize, Path> = std::collections::HashMap::new();
    for l in loops {
        let body = l.region_at(0).and_then(|r| r.first_block()).ok_or_else(|| Fail("empty scf.parallel".into()))?;
        let ivs: Vec<Value> = (0..n).filter_map(|d| body.argument_at(d).map(Into::into)).collect();
        let mut inner = Vec::new();
        nested_ops(l, &mut inner);
        for op in &inner {
            let first_index = match name(op).as_str() {
                "memref.load" => 1,
                "memref.store" => 2,
                _ => continue,
            };
            let memref = op.operand(first_index - 1).map_err(|e| Fail(e.to_string()))?;
            // Transposed: the innermost index is the second-innermost loop's
            // and another index is the innermost loop's (a row vector read
            // at the second-innermost loop is a broadcast, not a transpose).
            let indices: Vec<Value> = (first_index..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
            if n >= 2
                && indices.last().is_some_and(|v| crate::ir::same(*v, ivs[n - 2]))
                && indices.iter().any(|v| crate::ir::same(*v, ivs[n - 1]))
            {
                transposed = true;
            }
            let Some((arg, path)) = reshaped_arg(memref, func) else {
                if first_index == 1 && global_memref(memref) {
                    continue;
                }
                return Ok(None);
            };
            if !written.contains(&arg) {
                continue;
            }
            // A written buffer read or written through a reshape: its point
            // is not the loop's. Through one subview (a part of a concat's
            // result) it is, as long as every access to the buffer goes
            // through that same subview.
            if path == Path::Reshaped || *written_paths.entry(arg).or_insert(path) != path {
                return Ok(None);
            }
            let at_point = op.operand_count() >= first_index + n
                && (0..n).all(|d| op.operand_at(first_index + d).is_some_and(|v| crate::ir::same(v, ivs[d])));
            if !at_point {
                return Ok(None);
            }
        }
    }
    // The bounds must be available where the point is computed.
    if upper.iter().any(|ub| defining_op(*ub).and_then(|d| d.parent_operation()).is_none_or(|p| p != *func)) {
        return Ok(None);
    }
    let mut trips = Vec::new();
    for ub in &upper {
        match trip_count_expr(*ub, func) {
            Ok(e) => trips.push(e),
            Err(_) => return Ok(None),
        }
    }
    let index = Type::index(context);
    let i1: Type = IntegerType::new(context, 1).into();
    // Before the first top-level op that holds a loop, so the point
    // dominates every loop.
    let mut anchor = *first;
    while let Some(parent) = anchor.parent_operation().filter(|p| p != func) {
        anchor = parent;
    }
    let threads = index_constant(context, &anchor, DEFAULT_THREADS)?;
    let block_id = special_register(context, &anchor, "ctaid.x")?;
    let thread_id = special_register(context, &anchor, "tid.x")?;
    let base = binary(&anchor, "arith.muli", block_id, threads, index)?;
    let linear = binary(&anchor, "arith.addi", base, thread_id, index)?;
    let ult = |a: Value<'c, 'a>, b: Value<'c, 'a>| -> Result<Value<'c, 'a>, Fail> {
        insert_before(
            &anchor,
            OperationBuilder::new("arith.cmpi", anchor.location())
                .add_attributes(&[(
                    Identifier::new(context, "predicate"),
                    IntegerAttribute::new(IntegerType::new(context, 64).into(), 6).into(), // ult
                )])
                .add_operands(&[a, b])
                .add_results(&[IntegerType::new(context, 1).into()]),
        )
    };
    // Loops 0..k of the point from `rest`: ids[1..k] its remainders by their
    // bounds, innermost first, and ids[0] the quotient left.
    let split = |ids: &mut [Value<'c, 'a>], mut rest: Value<'c, 'a>, k: usize| -> Result<(), Fail> {
        for d in (1..k).rev() {
            ids[d] = binary(&anchor, "arith.remui", rest, upper[d], index)?;
            rest = binary(&anchor, "arith.divui", rest, upper[d], index)?;
        }
        if k > 0 {
            ids[0] = rest;
        }
        Ok(())
    };
    // The number of points of loops 0..k.
    let points = |k: usize| -> Result<Value<'c, 'a>, Fail> {
        let Some((first, more)) = upper[..k].split_first() else { return index_constant(context, &anchor, 1) };
        more.iter().try_fold(*first, |size, ub| binary(&anchor, "arith.muli", size, *ub, index))
    };
    let mut ids = vec![linear; n];
    let (in_range, grid) = if transposed {
        // Tiles of TILE x TILE points over the two innermost loops, one per
        // workgroup, the innermost loop fastest within a tile: a transpose
        // then reads and writes runs of TILE elements, where one thread per
        // point in rows read each input element from a different row.
        let tile = index_constant(context, &anchor, TILE)?;
        let ceil = |ub: Value<'c, 'a>| -> Result<Value<'c, 'a>, Fail> {
            let minus_one = index_constant(context, &anchor, TILE - 1)?;
            let up = binary(&anchor, "arith.addi", ub, minus_one, index)?;
            binary(&anchor, "arith.divui", up, tile, index)
        };
        let (tiles_a, tiles_b) = (ceil(upper[n - 2])?, ceil(upper[n - 1])?);
        let tx = binary(&anchor, "arith.remui", thread_id, tile, index)?;
        let ty = binary(&anchor, "arith.divui", thread_id, tile, index)?;
        let tile_b = binary(&anchor, "arith.remui", block_id, tiles_b, index)?;
        let rest = binary(&anchor, "arith.divui", block_id, tiles_b, index)?;
        let tile_a = binary(&anchor, "arith.remui", rest, tiles_a, index)?;
        let outer = binary(&anchor, "arith.divui", rest, tiles_a, index)?;
        let at = |t: Value<'c, 'a>, within: Value<'c, 'a>| -> Result<Value<'c, 'a>, Fail> {
            let start = binary(&anchor, "arith.muli", t, tile, index)?;
            binary(&anchor, "arith.addi", start, within, index)
        };
        ids[n - 1] = at(tile_b, tx)?;
        ids[n - 2] = at(tile_a, ty)?;
        split(&mut ids, outer, n - 2)?;
        let inside = binary(&anchor, "arith.andi", ult(ids[n - 1], upper[n - 1])?, ult(ids[n - 2], upper[n - 2])?, i1)?;
        let in_range = binary(&anchor, "arith.andi", inside, ult(outer, points(n - 2)?)?, i1)?;
        let mut grid = GridExpr::mul(
            GridExpr::CeilDiv(Box::new(trips[n - 2].clone()), TILE as u64),
            GridExpr::CeilDiv(Box::new(trips[n - 1].clone()), TILE as u64),
        );
        for t in &trips[..n - 2] {
            grid = GridExpr::mul(t.clone(), grid);
        }
        (in_range, grid)
    } else {
        // linear = ctaid.x * threads + tid.x; the point is linear
        // delinearized over the upper bounds.
        split(&mut ids, linear, n)?;
        let total = trips.iter().cloned().fold(GridExpr::Const(1), GridExpr::mul);
        (ult(linear, points(n)?)?, GridExpr::CeilDiv(Box::new(total), DEFAULT_THREADS as u64))
    };
    // Past the end, every loop runs empty.
    let one = index_constant(context, &anchor, 1)?;
    let mut lower_bounds = Vec::new();
    let mut upper_bounds = Vec::new();
    for d in 0..n {
        let next = binary(&anchor, "arith.addi", ids[d], one, index)?;
        for (chosen, out) in [(ids[d], &mut lower_bounds), (next, &mut upper_bounds)] {
            out.push(insert_before(
                &anchor,
                OperationBuilder::new("arith.select", anchor.location())
                    .add_operands(&[in_range, chosen, upper[d]])
                    .add_results(&[index]),
            )?);
        }
    }
    for l in loops {
        let mut m = crate::ir::mutable(&l);
        for d in 0..n {
            m.set_operand(d, lower_bounds[d]);
            m.set_operand(n + d, upper_bounds[d]);
        }
    }
    Ok(Some(grid))
}

/// Makes top-level allocations extra arguments of `func`; returns their
/// positions and, per temporary, the size of each dimension as a function
/// of the kernel's arguments (a dynamic size must be a dimension of an
/// argument, or a product of such, as the launch metadata can express).
fn temporaries_to_arguments<'c>(
    context: &'c Context,
    func: &OperationRef<'c, '_>,
) -> Result<(Vec<i64>, Vec<Vec<GridExpr>>), Fail> {
    let entry = func.region_at(0).and_then(|r| r.first_block()).ok_or_else(|| Fail("no body".into()))?;
    let mut added = Vec::new();
    let mut sizes = Vec::new();
    for op in body_ops(func) {
        if name(&op) != "memref.alloc" {
            continue;
        }
        let result = op.result(0).map_err(|e| Fail(e.to_string()))?;
        let ty = result.r#type();
        let (dims, _) = shape_of(ty).ok_or_else(|| Fail("alloc of an unranked memref".into()))?;
        let mut dynamic = (0..op.operand_count()).filter_map(|i| op.operand_at(i));
        let mut dim_sizes = Vec::new();
        for d in &dims {
            dim_sizes.push(match d {
                Some(n) => GridExpr::Const(*n),
                None => {
                    let v = dynamic.next().ok_or_else(|| Fail(format!("an alloc of {ty} without its sizes")))?;
                    trip_count_expr(v, func).map_err(|Fail(why)| {
                        Fail(format!("a temporary of dynamic shape ({ty}) whose size the launch cannot compute: {why}"))
                    })?
                }
            });
        }
        sizes.push(dim_sizes);
        let arg = entry.add_argument(ty, op.location());
        crate::ir::replace_uses(result, arg);
        drop(crate::dispatch::detach(&op));
        added.push(entry.argument_count() as i64 - 1);
    }
    for op in body_ops(func) {
        if name(&op) == "memref.dealloc"
            && op.operand_at(0).is_some_and(|v| func_arg_index(v, func).is_some_and(|i| added.contains(&(i as i64))))
        {
            drop(crate::dispatch::detach(&op));
        }
    }
    if !added.is_empty() {
        let inputs: Vec<Type> =
            (0..entry.argument_count()).filter_map(|i| entry.argument_at(i)).map(|a| a.r#type()).collect();
        let results: Vec<Type> = func
            .attribute("function_type")
            .ok()
            .and_then(|a| TypeAttribute::try_from(a).ok())
            .and_then(|t| FunctionType::try_from(t.value()).ok())
            .map(|f| (0..f.result_count()).filter_map(|i| f.result(i).ok()).collect())
            .unwrap_or_default();
        let ft = FunctionType::new(context, &inputs, &results);
        let mut m = crate::ir::mutable(&func);
        m.set_attribute("function_type", TypeAttribute::new(ft.into()).into());
    }
    Ok((added, sizes))
}

/// Whether an op nested in `op`'s regions is a `memref.alloc`.
fn allocates_inside(op: &OperationRef) -> bool {
    (0..op.region_count()).filter_map(|r| op.region(r).ok()).any(|region| {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(o) = next {
                if name(&o) == "memref.alloc" || allocates_inside(&o) {
                    return true;
                }
                next = o.next_in_block();
            }
            block = b.next_in_region();
        }
        false
    })
}

fn distribute(context: &Context, func: OperationRef) -> Result<(), Fail> {
    let (temporaries, temporary_sizes) = temporaries_to_arguments(context, &func)?;
    // Only the top level's allocations become temporaries; one left inside
    // a branch or loop would be a device `malloc` by every thread at every
    // launch, never freed (the device heap runs out after a few launches).
    if body_ops(&func).iter().any(allocates_inside) {
        return Err(Fail(
            "an allocation inside a region (a branch or loop that makes a new tensor) is not supported: it would \
             allocate device memory per thread at every launch"
                .into(),
        ));
    }
    let mut grid = vec![GridExpr::Const(1); 3];
    let mut block = vec![1i64; 3];
    let mut mapped = false;
    let mut default_loops = Vec::new();
    // Mapped loops first (the inner one appears at the top once the outer
    // is inlined).
    loop {
        let ops = body_ops(&func);
        let Some(op) = ops.iter().find(|o| name(o) == "scf.parallel" && mapping(o).is_some()).copied() else { break };
        for (p, trip) in inline_mapped_loop(context, &func, op)? {
            let slot = ["block_x", "block_y", "block_z", "thread_x", "thread_y", "thread_z"]
                .iter()
                .position(|q| *q == p)
                .unwrap_or(0);
            if slot < 3 {
                grid[slot] = trip;
            } else {
                block[slot - 3] = match trip {
                    GridExpr::Const(c) => c as i64,
                    other => return Err(Fail(format!("the workgroup size {other} is not a constant"))),
                };
            }
        }
        mapped = true;
    }
    for op in body_ops(&func) {
        if name(&op) == "scf.parallel" {
            default_loops.push(op);
        }
    }
    // A mapped dispatch without a call is a split reduction's form
    // (`ukernel-split-reductions`): all of it is per-thread code.
    let calls = mapped && {
        let mut all = Vec::new();
        nested_ops(&func, &mut all);
        all.iter().any(|o| name(o) == "func.call")
    };
    if mapped && !default_loops.is_empty() {
        return Err(Fail(
            "the dispatch has ops besides its ukernel call (e.g. a producer its ukernel does not absorb)".into(),
        ));
    }
    // Whatever is left beside the ukernel call runs in every thread of every
    // workgroup: only side-effect-free setup may stay.
    if calls
        && let Some(other) = body_ops(&func).into_iter().map(|o| name(&o)).find(|n| {
            matches!(n.as_str(), "memref.copy" | "memref.store" | "scf.for" | "scf.while" | "scf.if")
                || n.starts_with("linalg.")
        })
    {
        return Err(Fail(format!(
            "the dispatch has '{other}' besides its ukernel call, which every GPU thread would run"
        )));
    }
    let mut all_loops = Vec::new();
    nested_ops(&func, &mut all_loops);
    all_loops.retain(|o| name(o) == "scf.parallel");
    if !mapped && let Some(x) = one_thread_per_point(context, &func, &all_loops)? {
        grid[0] = x;
        block = vec![DEFAULT_THREADS, 1, 1];
    } else if !mapped {
        // Every block of the body (a dispatch with cf branches has several:
        // each walks its own ops in order).
        let mut body = func.region_at(0).and_then(|r| r.first_block());
        if body.is_none() {
            return Err(Fail("no body".into()));
        }
        while let Some(b) = body {
            in_order_on_one_workgroup(context, b)?;
            body = b.next_in_region();
        }
        block = vec![DEFAULT_THREADS, 1, 1];
    }
    let mut m = crate::ir::mutable(&func);
    let grid: Vec<Attribute> = grid.iter().map(|g| StringAttribute::new(context, &g.to_string()).into()).collect();
    m.set_attribute(GRID_ATTR, ArrayAttribute::new(context, &grid).into());
    let block: Vec<Attribute> = block.iter().map(|b| i64_attr(context, *b)).collect();
    m.set_attribute(BLOCK_ATTR, ArrayAttribute::new(context, &block).into());
    let temps: Vec<Attribute> = temporaries.iter().map(|t| i64_attr(context, *t)).collect();
    m.set_attribute(TEMPORARIES_ATTR, ArrayAttribute::new(context, &temps).into());
    let sizes: Vec<Attribute> = temporary_sizes
        .iter()
        .map(|dims| {
            let dims: Vec<Attribute> =
                dims.iter().map(|g| StringAttribute::new(context, &g.to_string()).into()).collect();
            ArrayAttribute::new(context, &dims).into()
        })
        .collect();
    m.set_attribute(TEMPORARY_SIZES_ATTR, ArrayAttribute::new(context, &sizes).into());
    Ok(())
}

/// Makes every dispatch of `module` a kernel; false after reporting an error.
fn distribute_module(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        let location: Location = func.location();
        if let Err(Fail(message)) = distribute(context, func) {
            emit_error(location, &format!("ukernel: {message}"));
            return false;
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelGpuDistribute", ARGUMENT, SUMMARY, distribute_module)
}
