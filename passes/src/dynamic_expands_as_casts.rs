//! `ukernel-dynamic-expands-as-casts`: rewrites a `memref.expand_shape`
//! that splits one dim into several dynamic ones (`memref<?xf32>` into
//! `memref<?x?xf32>`, a reshape to sizes known at run time) into the
//! `memref.reinterpret_cast` it is: the source has the identity layout, so
//! the result is the same contiguous buffer at offset 0 with the output
//! sizes and their row-major strides. Upstream's `expand-strided-metadata`
//! crashes on such an expand (LLVM 22), in the compile's `llvm` stage and
//! in the CPU reference run alike.
//!
//! Contract: runs on memrefs, before `expand-strided-metadata`. Afterwards
//! no `memref.expand_shape` has a group of two or more dynamic dims over a
//! source of the identity layout; one over a strided view is an error at
//! the op (its strides are not the output's suffix products).

use melior::{
    Context,
    ir::{
        Identifier, OperationRef, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute},
        operation::{OperationBuilder, OperationLike, WalkOrder, WalkResult},
        r#type::{MemRefType, TypeLike},
    },
    pass::Pass,
};
use ukernel_dialect::emit_error;

use crate::{build::insert_before, ir::name};

pub const ARGUMENT: &str = "ukernel-dynamic-expands-as-casts";
pub const SUMMARY: &str = "Rewrite memref.expand_shape into several dynamic dims as a memref.reinterpret_cast";

/// MLIR's marker of a dynamic size in static size arrays.
const DYNAMIC: i64 = i64::MIN;

/// Whether `expand` splits some dim into two or more dynamic dims.
fn splits_into_dynamic_dims(expand: &OperationRef) -> bool {
    let Some(groups) = crate::ir::reassociation(expand) else { return false };
    let Some(Ok(result)) = expand.result(0).ok().map(|r| MemRefType::try_from(r.r#type())) else { return false };
    groups.iter().any(|g| g.iter().filter(|&&d| is_dynamic(result, d)).count() >= 2)
}

fn is_dynamic(ty: MemRefType, dim: usize) -> bool {
    // SAFETY: a live shaped type and a dim below its rank.
    unsafe { mlir_sys::mlirShapedTypeIsDynamicDim(ty.to_raw(), dim as isize) }
}

fn rewrite<'c>(context: &'c Context, expand: &OperationRef<'c, '_>) -> Result<(), String> {
    let location = expand.location();
    let source = expand.operand(0).map_err(|e| format!("internal error: {e}"))?;
    // SAFETY: a live type handle.
    let identity = unsafe {
        let ty = source.r#type().to_raw();
        mlir_sys::mlirTypeIsAMemRef(ty) && mlir_sys::mlirAffineMapIsIdentity(mlir_sys::mlirMemRefTypeGetAffineMap(ty))
    };
    if !identity {
        return Err("a memref.expand_shape into several dynamic dims of a strided view is not supported (its source \
                    must have the identity layout)"
            .into());
    }
    let result: Value = expand.result(0).map_err(|e| format!("internal error: {e}"))?.into();
    let result_type = result.r#type();
    let static_sizes = crate::ir::dense_i64s(expand, "static_output_shape");
    // The dynamic sizes, in order: the op's operands after the source.
    let dynamic_sizes: Vec<Value> = (1..expand.operand_count())
        .map(|i| expand.operand(i).map_err(|e| format!("internal error: {e}")))
        .collect::<Result<_, _>>()?;
    if dynamic_sizes.len() != static_sizes.iter().filter(|&&s| s == DYNAMIC).count() {
        return Err("internal error: an expand_shape whose sizes do not match its operands".into());
    }
    let index = melior::ir::Type::index(context);
    let constant = |v: i64| {
        insert_before(
            expand,
            OperationBuilder::new("arith.constant", location)
                .add_attributes(&[(
                    Identifier::new(context, "value"),
                    melior::ir::attribute::IntegerAttribute::new(index, v).into(),
                )])
                .add_results(&[index]),
        )
    };
    // Row-major strides: each the product of the sizes after it, static
    // where those all are.
    let rank = static_sizes.len();
    let mut strides: Vec<(i64, Option<Value>)> = vec![(1, None); rank];
    let mut dynamic_iter = dynamic_sizes.iter().rev();
    let mut sizes_rev: Vec<(i64, Option<Value>)> = Vec::new();
    for &s in static_sizes.iter().rev() {
        sizes_rev.push(if s == DYNAMIC { (DYNAMIC, dynamic_iter.next().copied()) } else { (s, None) });
    }
    let sizes: Vec<(i64, Option<Value>)> = sizes_rev.into_iter().rev().collect();
    for d in (0..rank.saturating_sub(1)).rev() {
        let (after, after_value) = strides[d + 1];
        let (size, size_value) = sizes[d + 1];
        strides[d] = if after != DYNAMIC && size != DYNAMIC {
            (after * size, None)
        } else {
            let a = match after_value {
                Some(v) => v,
                None => constant(after)?,
            };
            let b = match size_value {
                Some(v) => v,
                None => constant(size)?,
            };
            let product = insert_before(
                expand,
                OperationBuilder::new("arith.muli", location).add_operands(&[a, b]).add_results(&[index]),
            )?;
            (DYNAMIC, Some(product))
        };
    }
    let dynamic_strides: Vec<Value> = strides.iter().filter_map(|(_, v)| *v).collect();
    let operands: Vec<Value> =
        [source].into_iter().chain(dynamic_sizes.iter().copied()).chain(dynamic_strides.iter().copied()).collect();
    let static_strides: Vec<i64> = strides.iter().map(|(s, v)| if v.is_some() { DYNAMIC } else { *s }).collect();
    let cast = insert_before(
        expand,
        OperationBuilder::new("memref.reinterpret_cast", location)
            .add_operands(&operands)
            .add_attributes(&[
                (
                    Identifier::new(context, "operandSegmentSizes"),
                    DenseI32ArrayAttribute::new(
                        context,
                        &[1, 0, dynamic_sizes.len() as i32, dynamic_strides.len() as i32],
                    )
                    .into(),
                ),
                (Identifier::new(context, "static_offsets"), DenseI64ArrayAttribute::new(context, &[0]).into()),
                (Identifier::new(context, "static_sizes"), DenseI64ArrayAttribute::new(context, &static_sizes).into()),
                (
                    Identifier::new(context, "static_strides"),
                    DenseI64ArrayAttribute::new(context, &static_strides).into(),
                ),
            ])
            .add_results(&[result_type]),
    )?;
    crate::ir::replace_uses(result, cast);
    drop(crate::dispatch::detach(expand));
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    let mut targets: Vec<OperationRef> = Vec::new();
    module.walk(WalkOrder::PostOrder, |op| {
        if name(&op) == "memref.expand_shape" && splits_into_dynamic_dims(&op) {
            // SAFETY: the operation is in a live block of the IR being rewritten.
            targets.push(unsafe { OperationRef::from_raw(op.to_raw()) });
        }
        WalkResult::Advance
    });
    let mut ok = true;
    for op in targets {
        if let Err(message) = rewrite(context, &op) {
            emit_error(op.location(), &message);
            ok = false;
        }
    }
    ok
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// The pass, for a pass manager.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelDynamicExpandsAsCasts", ARGUMENT, SUMMARY, rewrite_module)
}
