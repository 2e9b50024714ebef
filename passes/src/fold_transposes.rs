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
//! transpose's input and the maps `(m, k), (n, k), (m, n)`. The transpose
//! (and its `tensor.empty` init) goes when nothing else uses it.

use melior::{
    Context,
    ir::{
        Attribute, OperationRef, ValueLike,
        attribute::ArrayAttribute,
        operation::{OperationLike, OperationMutLike, OperationRefMut},
    },
    pass::Pass,
};

use crate::{
    dispatch::{detach, dispatches, linalg_ops},
    ir::{defining_op, name, users},
};

pub const ARGUMENT: &str = "ukernel-fold-transposes";
pub const SUMMARY: &str = "Fold a linalg.transpose feeding a matmul's B into the matmul's indexing map";

/// Whether `op` is a 2-D `linalg.transpose` on tensors swapping its dims.
fn swaps_two_dims(op: &OperationRef) -> bool {
    name(op) == "linalg.transpose"
        && op.attribute("permutation").is_ok_and(|p| p.to_string() == "array<i64: 1, 0>")
        && op.result_count() == 1
}

/// The maps `(m, k), (n, k), (m, n)` over the loops (m, n, k).
fn transposed_b_maps(context: &Context) -> Attribute<'_> {
    let map = |dims: [isize; 2]| unsafe {
        let raw = context.to_raw();
        let mut results = dims.map(|d| mlir_sys::mlirAffineDimExprGet(raw, d));
        let map = mlir_sys::mlirAffineMapGet(raw, 3, 0, 2, results.as_mut_ptr());
        Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(map))
    };
    ArrayAttribute::new(context, &[map([0, 2]), map([1, 2]), map([0, 1])]).into()
}

fn fold(context: &Context, matmul: OperationRef) -> Result<(), String> {
    if name(&matmul) != "linalg.matmul" || matmul.operand_count() != 3 || matmul.result_count() != 1 {
        return Ok(());
    }
    // Only the default maps: A (m, k), B (k, n).
    if let Some(maps) = crate::ir::indexing_maps(&matmul)
        && !(maps.len() == 3 && maps[0].is(&[0, 2]) && maps[1].is(&[2, 1]) && maps[2].is(&[0, 1]))
        && !maps.is_empty()
    {
        return Ok(());
    }
    let Ok(b) = matmul.operand(1) else { return Ok(()) };
    let Some(transpose) = defining_op(b).filter(swaps_two_dims) else { return Ok(()) };
    let weight = transpose.operand(0).map_err(|e| e.to_string())?;
    if !crate::ir::shape_of(weight.r#type()).is_some_and(|(d, _)| d.len() == 2) {
        return Ok(());
    }
    let mut m = unsafe { OperationRefMut::from_raw(matmul.to_raw()) };
    m.set_operand(1, weight);
    m.set_attribute("indexing_maps", transposed_b_maps(context));
    if users(b).is_empty() {
        let init = transpose.operand(1).ok().and_then(defining_op);
        drop(detach(&transpose));
        if let Some(init) = init.filter(|i| name(i) == "tensor.empty")
            && init.result(0).is_ok_and(|r| users(r.into()).is_empty())
        {
            drop(detach(&init));
        }
    }
    Ok(())
}

fn fold_transposes(context: &Context, module: &OperationRef) -> bool {
    for func in dispatches(module) {
        for op in linalg_ops(&func) {
            let location = op.location();
            if let Err(message) = fold(context, op) {
                ukernel_dialect::emit_error(location, &format!("ukernel: {message}"));
                return false;
            }
        }
    }
    true
}

static PASS_ID: crate::registration::PassId = crate::registration::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::registration::module_pass(&PASS_ID, "UKernelFoldTransposes", ARGUMENT, SUMMARY, fold_transposes)
}
