//! `ukernel-copies-to-loops`: rewrites every `memref.copy` in a dispatch as
//! an `scf.parallel` loop nest of `memref.load` / `memref.store` over the
//! source's shape.
//!
//! Bufferization introduces copies (an init shared by two ops, a result that
//! aliases an input), and strided views introduce copies that
//! `finalize-memref-to-llvm` would lower to the host runtime's `memrefCopy`
//! function, which device code cannot call. As loops, a copy is distributed
//! over the GPU's threads by `ukernel-gpu-distribute` like any other op, with
//! the same barriers, instead of being run whole by every thread.
//!
//! Runs after `convert-linalg-to-parallel-loops`, before
//! `ukernel-gpu-distribute`. A copy of rank 0 becomes one load and store.

use crate::ir::CheckedBlock as _;
use melior::{
    Context,
    ir::{
        Block, BlockLike, Identifier, Location, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::DenseI32ArrayAttribute,
        operation::{OperationBuilder, OperationLike},
    },
    pass::Pass,
};
use ukernel_dialect::emit_error;

use crate::{
    build::{index_constant, insert_before},
    dispatch::{detach, dispatches, nested_ops},
    ir::{name, shape_of},
};

pub const ARGUMENT: &str = "ukernel-copies-to-loops";
pub const SUMMARY: &str = "Rewrite memref.copy as scf.parallel loops of loads and stores (no host runtime call)";

/// The load of `source` and store into `target` at `indices`, appended to `block`.
fn load_store<'c>(
    block: &Block<'c>,
    location: Location<'c>,
    source: Value<'c, '_>,
    target: Value<'c, '_>,
    element: Type<'c>,
    indices: &[Value<'c, '_>],
) -> Result<(), String> {
    let mut operands = vec![source];
    operands.extend_from_slice(indices);
    let load = OperationBuilder::new("memref.load", location)
        .add_operands(&operands)
        .add_results(&[element])
        .build()
        .map_err(|e| format!("internal error building memref.load: {e}"))?;
    let load = block.append_operation(load);
    let value = load.result(0).map_err(|e| e.to_string())?;
    let mut operands = vec![value.into(), target];
    operands.extend_from_slice(indices);
    let store = OperationBuilder::new("memref.store", location)
        .add_operands(&operands)
        .build()
        .map_err(|e| format!("internal error building memref.store: {e}"))?;
    block.append_operation(store);
    Ok(())
}

/// Replaces one copy by its loops.
fn rewrite(context: &Context, copy: OperationRef) -> Result<(), String> {
    let location = copy.location();
    let source = copy.operand(0).map_err(|e| e.to_string())?;
    let target = copy.operand(1).map_err(|e| e.to_string())?;
    let (dims, element) = shape_of(source.r#type()).ok_or("a copy of an unranked memref")?;
    let index = Type::index(context);
    if dims.is_empty() {
        let block = copy.block().ok_or("a copy outside a block")?;
        // Rank 0: the load and store go where the copy was.
        let scratch = Block::new(&[]);
        load_store(&scratch, location, source, target, element, &[])?;
        while let Some(op) = scratch.first_operation() {
            block.insert_operation_before(copy, detach(&op));
        }
        drop(detach(&copy));
        return Ok(());
    }
    let zero = index_constant(context, &copy, 0)?;
    let one = index_constant(context, &copy, 1)?;
    let mut upper = Vec::new();
    for (d, size) in dims.iter().enumerate() {
        upper.push(match size {
            Some(n) => index_constant(context, &copy, *n as i64)?,
            None => {
                let position = index_constant(context, &copy, d as i64)?;
                insert_before(
                    &copy,
                    OperationBuilder::new("memref.dim", location)
                        .add_operands(&[source, position])
                        .add_results(&[index]),
                )?
            }
        });
    }
    let n = dims.len();
    let body = Block::new(&vec![(index, location); n]);
    let ivs: Vec<Value> = (0..n).filter_map(|i| body.argument_at(i).map(Into::into)).collect();
    load_store(&body, location, source, target, element, &ivs)?;
    body.append_operation(
        OperationBuilder::new("scf.reduce", location).build().map_err(|e| format!("internal error: {e}"))?,
    );
    let region = Region::new();
    region.append_block(body);
    let mut operands = vec![zero; n];
    operands.extend_from_slice(&upper);
    operands.extend(std::iter::repeat_n(one, n));
    let parallel = OperationBuilder::new("scf.parallel", location)
        .add_operands(&operands)
        .add_attributes(&[(
            Identifier::new(context, "operandSegmentSizes"),
            DenseI32ArrayAttribute::new(context, &[n as i32, n as i32, n as i32, 0]).into(),
        )])
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building scf.parallel: {e}"))?;
    let block = copy.block().ok_or("a copy outside a block")?;
    block.insert_operation_before(copy, parallel);
    drop(detach(&copy));
    Ok(())
}

/// Rewrites every copy of every dispatch; false after reporting an error.
fn copies_to_loops(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        let mut found = Vec::new();
        nested_ops(&func, &mut found);
        for copy in found.into_iter().filter(|o| name(o) == "memref.copy") {
            let location = copy.location();
            if let Err(message) = rewrite(context, copy) {
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
    crate::pass_support::module_pass(&PASS_ID, "UKernelCopiesToLoops", ARGUMENT, SUMMARY, copies_to_loops)
}
