//! `ukernel-split-reductions`: on the default path (no ukernel), splits the
//! reduction of an op whose `lowering_config` asks for it
//! (`params = {split_threads = T}`, set by `ukernel-kernel-config` for folds
//! a family models exactly) over `T` threads of one workgroup per result.
//!
//! Runs after bufferization and `ukernel-lower-to-ukernels`, before
//! `convert-linalg-to-parallel-loops`. The family builds the split form (see
//! `families/argmax_split.rs`); this pass splices it in place of the op:
//!
//! ```mlir
//! scf.parallel (%row) = (0) to (results)     // GPU blocks x
//!   scf.parallel (%t) = (0) to (T)           // GPU threads x
//!     scf.for %k = %t to %length step T ...  // this thread's positions
//!     ... a tree over shared memory, thread 0 writes the result
//! ```
//!
//! and erases the fills of the op's inits, whose constants the split form
//! starts from. It leaves the op whole (one thread per result) when an
//! init buffer has another use. The dispatch's other ops become kernels of
//! their own (`ukernel-split-kernels`): the split form owns its grid.
//! Shared memory is module-level `memref.global`s in address space 3.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{BlockLike, OperationRef, RegionLike, Value, ValueLike, operation::OperationLike},
    pass::Pass,
};
use ukernel_dialect::{LOWERING_CONFIG_ATTR, LoweringConfig, emit_error};

use crate::{
    dispatch::{detach, dispatches, linalg_ops},
    families::families,
    ir::{body_ops, name, same, users},
    names::SPLIT_PARAM,
};

pub const ARGUMENT: &str = "ukernel-split-reductions";
pub const SUMMARY: &str = "Split the reduction of a default-path fold over the threads of a workgroup per result";

pub use crate::names::SPLIT_THREADS;

/// Where the split forms' module-level symbols go: the module's symbols so
/// far, and its first function (new symbols go before it).
struct ModuleSymbols<'c, 'a> {
    present: std::collections::HashSet<String>,
    first_func: Option<OperationRef<'c, 'a>>,
}

/// The fills of `op`'s inits, when nothing but those fills and `op` uses
/// the inits; None otherwise.
fn exclusive_fills<'c, 'a>(
    func: &OperationRef<'c, 'a>,
    op: &OperationRef<'c, 'a>,
) -> Option<Vec<OperationRef<'c, 'a>>> {
    let inits: Vec<Value> = (1..op.operand_count()).filter_map(|i| op.operand_at(i)).collect();
    let mut fills = Vec::new();
    for other in linalg_ops(func) {
        if other == *op {
            continue;
        }
        let touches_init =
            (0..other.operand_count()).any(|k| other.operand_at(k).is_some_and(|v| inits.iter().any(|i| same(*i, v))));
        if !touches_init {
            // Another kernel's op: `ukernel-split-kernels` gives the split
            // form a kernel of its own.
            continue;
        }
        let fills_init = name(&other) == "linalg.fill" && crate::ir::is_after(op, &other);
        if !fills_init || other.parent_operation() != op.parent_operation() {
            return None;
        }
        fills.push(other);
    }
    for init in &inits {
        let ok = users(*init)
            .iter()
            .all(|u| *u == *op || fills.contains(u) || matches!(name(u).as_str(), "memref.dealloc" | "func.return"));
        if !ok || op.operand_at(0).is_some_and(|input| same(input, *init)) {
            return None;
        }
    }
    Some(fills)
}

fn split_one<'c, 'a>(
    context: &'c Context,
    module: &OperationRef<'c, 'a>,
    func: &OperationRef<'c, 'a>,
    op: OperationRef<'c, 'a>,
    symbols: &mut ModuleSymbols<'c, 'a>,
) -> Result<(), String> {
    if (0..op.operand_count()).any(|i| op.operand_at(i).is_some_and(|v| !crate::ir::is_memref(v.r#type()))) {
        return Err("the op's operands are tensors: this pass runs after bufferization".into());
    }
    let Some(fills) = exclusive_fills(func, &op) else { return Ok(()) };
    let form = families()
        .iter()
        .find_map(|f| f.split_form(context, &op))
        .ok_or("the config asks for a split reduction, but no family models the op")??;
    // The split form's ops go in place of the op; its globals once per module.
    let block = op.block().ok_or("the op is not in a block")?;
    let mut next = form.body.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        block.insert_operation_before(op, detach(&o));
    }
    let module_block = module.region_at(0).and_then(|r| r.first_block()).ok_or("the module has no body")?;
    for g in form.globals {
        let symbol = g.attribute("sym_name").ok().and_then(ukernel_dialect::string_value).unwrap_or_default();
        if !symbols.present.insert(symbol) {
            continue;
        }
        match symbols.first_func {
            Some(f) => module_block.insert_operation_before(f, g),
            None => module_block.append_operation(g),
        };
    }
    for fill in fills {
        drop(detach(&fill));
    }
    drop(detach(&op));
    Ok(())
}

fn split_module(context: &Context, module: &OperationRef) -> bool {
    let ops = body_ops(module);
    let mut symbols = ModuleSymbols {
        present: ops.iter().filter_map(crate::ir::symbol_name).collect(),
        first_func: ops.into_iter().find(|o| name(o) == "func.func"),
    };
    for func in dispatches(module) {
        for op in linalg_ops(&func) {
            let Some(config) = op.attribute(LOWERING_CONFIG_ATTR).ok().and_then(|a| LoweringConfig::try_from(a).ok())
            else {
                continue;
            };
            let location = op.location();
            match (&config.ukernel, config.param(SPLIT_PARAM)) {
                (None, Some(SPLIT_THREADS)) => {}
                (None, Some(other)) => {
                    emit_error(
                        location,
                        &format!("ukernel: {SPLIT_PARAM} = {other}; the split form uses {SPLIT_THREADS} threads"),
                    );
                    return false;
                }
                _ => continue,
            }
            if let Err(message) = split_one(context, module, &func, op, &mut symbols) {
                emit_error(location, &format!("ukernel: {message}"));
                return false;
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelSplitReductions", ARGUMENT, SUMMARY, split_module)
}
