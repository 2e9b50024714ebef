//! `ukernel-fold-transposes`: folds a `linalg.transpose` that feeds a
//! matmul's B operand into the matmul's indexing map, so that `F.linear`
//! as frontends export it (the N x K weight transposed, then a plain
//! `linalg.matmul`) is the matmul of the N x K weight it means: the matmul
//! family then matches it (B as N x K), and the default path reads the
//! weight where it is instead of writing a transposed copy first.
//!
//! Runs first, on tensors, before `ukernel-kernel-config`. Rewrites a
//! `linalg.matmul` with the default maps whose B is the result of a 2-D
//! `linalg.transpose` with `permutation = [1, 0]`: B becomes the
//! transpose's input and the maps `(m, k), (n, k), (m, n)`; likewise a
//! `linalg.batch_matmul` whose B is a 3-D transpose with `permutation =
//! [0, 2, 1]` (attention's Q K^T as torch-mlir exports it): maps `(b, m,
//! k), (b, n, k), (b, m, n)`. The transpose (and its `tensor.empty` init)
//! goes when nothing else uses it.

use melior::{
    Context,
    ir::{
        Attribute, OperationRef, ValueLike,
        attribute::ArrayAttribute,
        operation::{OperationLike, OperationMutLike},
    },
    pass::Pass,
};

use crate::{
    dispatch::linalg_ops,
    ir::{defining_op, name, users},
};

pub const ARGUMENT: &str = "ukernel-fold-transposes";
pub const SUMMARY: &str = "Fold a linalg.transpose feeding a matmul's B into the matmul's indexing map";

/// Whether `op` is a `linalg.transpose` on tensors swapping the last two
/// of its `rank` dims.
fn swaps_last_two_dims(op: &OperationRef, rank: usize) -> bool {
    let permutation = if rank == 2 { "array<i64: 1, 0>" } else { "array<i64: 0, 2, 1>" };
    name(op) == "linalg.transpose"
        && op.attribute("permutation").is_ok_and(|p| p.to_string() == permutation)
        && op.result_count() == 1
}

/// The maps `(m, k), (n, k), (m, n)` over the loops (m, n, k), with a
/// leading batch loop b when `batched`.
fn transposed_b_maps(context: &Context, batched: bool) -> Attribute<'_> {
    let map = |dims: &[usize]| crate::build::dim_map(context, dims.len() + 1, dims);
    let maps: Vec<Attribute> = if batched {
        vec![map(&[0, 1, 3]), map(&[0, 2, 3]), map(&[0, 1, 2])]
    } else {
        vec![map(&[0, 2]), map(&[1, 2]), map(&[0, 1])]
    };
    ArrayAttribute::new(context, &maps).into()
}

fn fold(context: &Context, matmul: OperationRef) -> Result<(), String> {
    let batched = match name(&matmul).as_str() {
        "linalg.matmul" => false,
        "linalg.batch_matmul" => true,
        _ => return Ok(()),
    };
    if matmul.operand_count() != 3 || matmul.result_count() != 1 {
        return Ok(());
    }
    // Only the default maps: A (m, k), B (k, n) (after the batch loop).
    let defaults: [&[usize]; 3] =
        if batched { [&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]] } else { [&[0, 2], &[2, 1], &[0, 1]] };
    if let Some(maps) = crate::ir::indexing_maps(&matmul)
        && !(maps.len() == 3 && (0..3).all(|i| maps[i].is(defaults[i])))
        && !maps.is_empty()
    {
        return Ok(());
    }
    let rank = if batched { 3 } else { 2 };
    let Ok(b) = matmul.operand(1) else { return Ok(()) };
    let Some(transpose) = defining_op(b).filter(|t| swaps_last_two_dims(t, rank)) else { return Ok(()) };
    let weight = transpose.operand(0).map_err(|e| e.to_string())?;
    if !crate::ir::shape_of(weight.r#type()).is_some_and(|(d, _)| d.len() == rank) {
        return Ok(());
    }
    let mut m = crate::ir::mutable(&matmul);
    m.set_operand(1, weight);
    m.set_attribute("indexing_maps", transposed_b_maps(context, batched));
    if users(b).is_empty() {
        crate::dispatch::erase_with_empty_init(&transpose, 1);
    }
    Ok(())
}

fn fold_transposes(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_ops(module, linalg_ops, |op| fold(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelFoldTransposes", ARGUMENT, SUMMARY, fold_transposes)
}
