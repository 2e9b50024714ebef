//! `ukernel-fold-extf-operands`: a contraction of f32 operands that are both
//! 16-bit floats widened by elementwise `arith.extf` generics (a Linear with
//! bias as frontends decompose it: `extf` of the bf16 input and weight, then
//! an f32 matmul) becomes the contraction of the 16-bit operands with the
//! same f32 output, its body widening them. The contractions: the named
//! matmul ops (`linalg.matmul`, `batch_matmul`, `matvec`, `vecmat`,
//! `batch_matvec`, `batch_vecmat`, `batch_reduce_matmul`, `contract`) and
//! a `linalg.generic` of two inputs with a reduction loop. The two are the
//! same computation: the body widens each element as the generic did (an
//! elementwise `extf` commutes with any indexing), and a product of two bf16
//! (or f16) values is exact in f32. The matmul family then matches it
//! (16-bit inputs, f32 accumulation), and the default path reads the 16-bit
//! operands instead of writing widened copies.
//!
//! Runs first, on tensors, before `ukernel-fold-transposes` (which then
//! sees the transpose under B's `extf`). Both operands must fold, from one
//! 16-bit type; a widening generic that nothing else reads goes.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        BlockLike, OperationRef, RegionLike, Value, ValueLike,
        operation::{OperationLike, OperationMutLike},
        r#type::TypeLike,
    },
    pass::Pass,
};

use crate::{
    dispatch::{detach, dispatches, linalg_ops},
    ir::{defining_op, name, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-fold-extf-operands";
pub const SUMMARY: &str = "Make an f32 matmul of extf-widened 16-bit operands the matmul of the 16-bit operands";

/// For a value made by an elementwise generic that only widens a 16-bit
/// float (`extf`, identity maps, one input): that input and the generic.
fn widened_from<'c, 'a>(v: Value<'c, 'a>) -> Option<(Value<'c, 'a>, OperationRef<'c, 'a>)> {
    let generic = defining_op(v).filter(|d| name(d) == "linalg.generic")?;
    if generic.operand_count() != 2 || generic.result_count() != 1 {
        return None;
    }
    let maps = crate::ir::indexing_maps(&generic)?;
    let rank = maps.first()?.dims;
    let identity: Vec<usize> = (0..rank).collect();
    if !maps.iter().all(|m| m.is(&identity)) || crate::ir::reduction_loops(&generic)?.iter().any(|r| *r) {
        return None;
    }
    let body = generic.region_at(0)?.first_block()?;
    let ops = {
        let mut out = Vec::new();
        let mut next = body.first_operation();
        while let Some(o) = next {
            next = o.next_in_block();
            out.push(o);
        }
        out
    };
    let [extf, yield_op] = ops.as_slice() else { return None };
    let input_arg: Value = body.argument_at(0)?.into();
    let widens = name(extf) == "arith.extf"
        && extf.operand_at(0).is_some_and(|a| crate::ir::same(a, input_arg))
        && name(yield_op) == "linalg.yield"
        && yield_op.operand_at(0).is_some_and(|y| extf.result_at(0).is_some_and(|r| crate::ir::same(y, r.into())));
    if !widens {
        return None;
    }
    let input = generic.operand_at(0)?;
    let element = shape_of(input.r#type())?.1.to_string();
    matches!(element.as_str(), "bf16" | "f16").then_some((input, generic))
}

/// The named contractions whose first two operands are the multiplied ones.
const NAMED_CONTRACTIONS: &[&str] = &[
    "linalg.matmul",
    "linalg.batch_matmul",
    "linalg.matvec",
    "linalg.vecmat",
    "linalg.batch_matvec",
    "linalg.batch_vecmat",
    "linalg.batch_reduce_matmul",
    "linalg.contract",
];

/// Whether `op` is a contraction of two inputs into one init.
fn is_contraction(op: &OperationRef) -> bool {
    let n = name(op);
    op.operand_count() == 3
        && (NAMED_CONTRACTIONS.contains(&n.as_str())
            || (n == "linalg.generic" && crate::ir::reduction_loops(op).is_some_and(|r| r.iter().any(|r| *r))))
}

fn fold(matmul: OperationRef) {
    if !is_contraction(&matmul) {
        return;
    }
    let (Ok(a), Ok(b)) = (matmul.operand(0), matmul.operand(1)) else { return };
    let (Some((a16, a_generic)), Some((b16, b_generic))) = (widened_from(a), widened_from(b)) else { return };
    let same_type = shape_of(a16.r#type()).map(|s| s.1.to_string()) == shape_of(b16.r#type()).map(|s| s.1.to_string());
    if !same_type {
        return;
    }
    // The body takes the 16-bit values and widens them itself, as the
    // generics did.
    let Some(body) = matmul.region_at(0).and_then(|r| r.first_block()) else { return };
    let (Ok(first), Some(element)) = (body.first_operation().ok_or(()), shape_of(a16.r#type()).map(|s| s.1)) else {
        return;
    };
    for i in 0..2 {
        let Ok(arg) = body.argument(i) else { return };
        let wide = arg.r#type();
        let location = matmul.location();
        // SAFETY: `arg` is a live block argument; every use is rewired below to
        // the extf of it, which restores the type its users expect.
        unsafe { mlir_sys::mlirValueSetType(arg.to_raw(), element.to_raw()) };
        let extf = body.insert_operation_before(first, melior::dialect::arith::extf(arg.into(), wide, location));
        let Ok(widened) = extf.result(0) else { return };
        let mut keep = extf.to_raw();
        // SAFETY: both values are live; `keep` points at the one op excepted.
        unsafe { mlir_sys::mlirValueReplaceAllUsesExcept(arg.to_raw(), widened.to_raw(), 1, &mut keep) };
    }
    let mut m = crate::ir::mutable(&matmul);
    m.set_operand(0, a16);
    m.set_operand(1, b16);
    // Both operands may be one generic (A x A): it goes once.
    let generics = if a_generic == b_generic { vec![a_generic] } else { vec![a_generic, b_generic] };
    for generic in generics {
        if generic.result_at(0).is_some_and(|r| users(r.into()).is_empty()) {
            drop(detach(&generic));
        }
    }
}

fn fold_extf_operands(_context: &Context, module: &OperationRef) -> bool {
    // A generic that goes is a producer of a matmul, so it comes before it
    // in the list and is never visited after it has gone.
    for func in dispatches(module) {
        for op in linalg_ops(&func) {
            fold(op);
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelFoldExtfOperands", ARGUMENT, SUMMARY, fold_extf_operands)
}
