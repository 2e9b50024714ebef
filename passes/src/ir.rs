//! Small read-only helpers over MLIR ops, values and types used by the
//! matchers and passes.

use melior::ir::{
    Attribute, BlockLike, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::{AttributeLike, FloatAttribute, IntegerAttribute},
    operation::OperationLike,
    r#type::TypeLike,
};

/// The op's name, e.g. `linalg.generic`.
pub fn name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The op that defines `value`, if it is an op result. (Plain C API:
/// melior's failing conversion prints the value, which costs as much as
/// printing its function.)
pub fn defining_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    unsafe {
        let raw = value.to_raw();
        mlir_sys::mlirValueIsAOpResult(raw).then(|| OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw)))
    }
}

/// Whether two values are the same SSA value.
pub fn same(a: Value, b: Value) -> bool {
    a.to_raw().ptr == b.to_raw().ptr
}

/// Dims (None when dynamic) and element type of a ranked tensor or memref.
pub fn shape_of(ty: Type) -> Option<(Vec<Option<u64>>, Type)> {
    use mlir_sys::*;
    let raw = ty.to_raw();
    unsafe {
        if !(mlirTypeIsARankedTensor(raw) || mlirTypeIsAMemRef(raw)) {
            return None;
        }
        let rank = mlirShapedTypeGetRank(raw) as isize;
        let dims =
            (0..rank)
                .map(|i| {
                    if mlirShapedTypeIsDynamicDim(raw, i) {
                        None
                    } else {
                        Some(mlirShapedTypeGetDimSize(raw, i) as u64)
                    }
                })
                .collect();
        Some((dims, Type::from_raw(mlirShapedTypeGetElementType(raw))))
    }
}

/// `memref` (true) or `tensor` (false) operand type; None otherwise.
pub fn is_memref(ty: Type) -> bool {
    unsafe { mlir_sys::mlirTypeIsAMemRef(ty.to_raw()) }
}

/// The ops of the first block of region 0, in order.
pub fn body_ops<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let Some(block) = op.region(0).ok().and_then(|r| r.first_block()) else {
        return out;
    };
    let mut next = block.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        out.push(o);
    }
    out
}

/// An integer attribute's value.
pub fn int_attr(op: &OperationRef, name: &str) -> Option<i64> {
    op.attribute(name).ok().and_then(|a| IntegerAttribute::try_from(a).ok()).map(|i| i.value())
}

/// The `operandSegmentSizes` of an op with variadic operand groups.
pub fn operand_segments(op: &OperationRef) -> Option<Vec<i32>> {
    let a: Attribute = op.attribute("operandSegmentSizes").ok()?;
    let raw = a.to_raw();
    unsafe {
        if !mlir_sys::mlirAttributeIsADenseI32Array(raw) {
            return None;
        }
        let n = mlir_sys::mlirDenseArrayGetNumElements(raw);
        Some((0..n).map(|i| mlir_sys::mlirDenseI32ArrayGetElement(raw, i)).collect())
    }
}

/// The value of an `arith.constant` of float type.
pub fn float_constant(op: &OperationRef) -> Option<f64> {
    if name(op) != "arith.constant" {
        return None;
    }
    op.attribute("value").ok().and_then(|a| FloatAttribute::try_from(a).ok()).map(|f| f.value())
}

/// The value of an `arith.constant` of integer type.
pub fn int_constant(op: &OperationRef) -> Option<i64> {
    if name(op) != "arith.constant" {
        return None;
    }
    int_attr(op, "value")
}

/// The position of `v` among the arguments of `func`'s entry block, if it is
/// one. Plain C API calls: melior's conversions on block arguments turned out
/// costly enough to make per-dispatch checks quadratic.
pub fn func_arg_number(v: Value, func: &OperationRef) -> Option<usize> {
    unsafe {
        let raw = v.to_raw();
        if !mlir_sys::mlirValueIsABlockArgument(raw) {
            return None;
        }
        let entry = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(func.to_raw(), 0));
        (mlir_sys::mlirBlockArgumentGetOwner(raw).ptr == entry.ptr)
            .then(|| mlir_sys::mlirBlockArgumentGetArgNumber(raw) as usize)
    }
}
