//! Building ops in place with melior's op builders, for the passes that
//! rewrite IR around an anchor op.

use melior::{
    Context,
    ir::{
        BlockLike, Identifier, OperationRef, Type, Value, ValueLike,
        attribute::IntegerAttribute,
        operation::{OperationBuilder, OperationLike},
    },
};

/// A fresh copy of `op` (regions included), in no block: the caller puts it
/// in one at once.
pub fn clone_op(op: &OperationRef) -> melior::ir::Operation<'static> {
    // SAFETY: cloning gives a new operation that nothing else owns.
    unsafe { melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) }
}

/// Builds `builder` before `anchor` and returns its first result.
pub fn insert_before<'c, 'a>(
    anchor: &OperationRef<'c, 'a>,
    builder: OperationBuilder<'c>,
) -> Result<Value<'c, 'a>, String> {
    let block = anchor.block().ok_or("op outside a block")?;
    let op = builder.build().map_err(|e| format!("internal error building an op: {e}"))?;
    let placed = block.insert_operation_before(*anchor, op);
    let result = placed.result(0).map_err(|e| e.to_string())?;
    // The op lives in the anchor's block as long as the function does.
    Ok(unsafe { Value::from_raw(result.to_raw()) })
}

/// An `index` constant before `anchor`.
pub fn index_constant<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    value: i64,
) -> Result<Value<'c, 'a>, String> {
    let index = Type::index(context);
    insert_before(
        anchor,
        OperationBuilder::new("arith.constant", anchor.location())
            .add_attributes(&[(Identifier::new(context, "value"), IntegerAttribute::new(index, value).into())])
            .add_results(&[index]),
    )
}
