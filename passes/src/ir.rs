//! Small read-only helpers over MLIR ops, values and types used by the
//! matchers and passes.

use melior::ir::{
    Attribute, BlockLike, OperationRef, RegionLike, Type, Value, ValueLike,
    attribute::{AttributeLike, FloatAttribute, IntegerAttribute},
    operation::OperationLike,
    r#type::TypeLike,
};

/// Bounds-checked positional accessors. melior's own (`operand`, `result`,
/// `region`, `argument`) print the whole operation or block into the error
/// of an index out of range, so a probe like `op.operand_at(0)` over every
/// op of a module prints the module once per op: quadratic in its size.
pub trait Checked<'c: 'a, 'a> {
    fn operand_at(&self, index: usize) -> Option<Value<'c, 'a>>;
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>>;
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>>;
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a>> Checked<'c, 'a> for T {
    fn operand_at(&self, index: usize) -> Option<Value<'c, 'a>> {
        (index < self.operand_count()).then(|| self.operand(index).ok()).flatten()
    }
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>> {
        (index < self.result_count()).then(|| self.result(index).ok()).flatten()
    }
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>> {
        (index < self.region_count()).then(|| self.region(index).ok()).flatten()
    }
}

/// [`Checked`] for a block's arguments.
pub trait CheckedBlock<'c: 'a, 'a> {
    fn argument_at(&self, index: usize) -> Option<melior::ir::block::BlockArgument<'c, 'a>>;
}

impl<'c: 'a, 'a, B: BlockLike<'c, 'a>> CheckedBlock<'c, 'a> for B {
    fn argument_at(&self, index: usize) -> Option<melior::ir::block::BlockArgument<'c, 'a>> {
        (index < self.argument_count()).then(|| self.argument(index).ok()).flatten()
    }
}

/// The op's name, e.g. `linalg.generic`.
pub fn name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The op's `sym_name` (a function's, a global's), if it has one.
pub fn symbol_name(op: &OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(ukernel_dialect::string_value)
}

/// The op that defines `value`, if it is an op result. (Plain C API:
/// melior's failing conversion prints the value, which costs as much as
/// printing its function.)
pub fn defining_op<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    // SAFETY: the C API reads a live handle borrowed for the call.
    unsafe {
        let raw = value.to_raw();
        mlir_sys::mlirValueIsAOpResult(raw).then(|| OperationRef::from_raw(mlir_sys::mlirOpResultGetOwner(raw)))
    }
}

/// `value`, then the source of each view it is made by, while the op that
/// makes it is a view `is_view` names (by op name): the chain from a view
/// back to the buffer it looks at.
pub fn view_chain<'c, 'a>(value: Value<'c, 'a>, is_view: impl Fn(&str) -> bool) -> Vec<Value<'c, 'a>> {
    let mut chain = vec![value];
    while let Some(def) = defining_op(chain[chain.len() - 1]).filter(|d| is_view(&name(d))) {
        match def.operand(0) {
            // SAFETY: the source is a value of the same function.
            Ok(source) => chain.push(unsafe { Value::from_raw(source.to_raw()) }),
            Err(_) => break,
        }
    }
    chain
}

/// Whether two values are the same SSA value.
pub fn same(a: Value, b: Value) -> bool {
    a.to_raw().ptr == b.to_raw().ptr
}

/// Dims (None when dynamic) and element type of a ranked tensor or memref.
pub fn shape_of(ty: Type) -> Option<(Vec<Option<u64>>, Type)> {
    use mlir_sys::*;
    let raw = ty.to_raw();
    // SAFETY: the C API reads a live handle borrowed for the call.
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
    // SAFETY: the C API reads a live handle borrowed for the call.
    unsafe { mlir_sys::mlirTypeIsAMemRef(ty.to_raw()) }
}

/// The ops of the first block of region 0, in order.
pub fn body_ops<'c, 'a>(op: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let Some(block) = op.region_at(0).and_then(|r| r.first_block()) else {
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
    // SAFETY: the C API reads a live handle borrowed for the call.
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

/// The integer `v` is, when an `arith.constant` defines it.
pub fn constant_int(v: Value) -> Option<i64> {
    defining_op(v).and_then(|d| int_constant(&d))
}

/// The position of `v` among the arguments of `func`'s entry block, if it is
/// one. Plain C API calls: melior's conversions on block arguments turned out
/// costly enough to make per-dispatch checks quadratic.
pub fn func_arg_number(v: Value, func: &OperationRef) -> Option<usize> {
    // SAFETY: the C API reads a live handle borrowed for the call.
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

/// One indexing map of a linalg op, read through the AffineMap C API: its
/// dimension count and, per result, the loop it is (None for a result that
/// is not a plain dimension, e.g. a constant or `d0 + d1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexingMap {
    pub dims: usize,
    pub results: Vec<Option<usize>>,
}

impl IndexingMap {
    /// Whether the map is `(d0, .., dn-1) -> (loops...)`.
    pub fn is(&self, loops: &[usize]) -> bool {
        self.results.len() == loops.len() && self.results.iter().zip(loops).all(|(r, l)| *r == Some(*l))
    }
}

/// The inverse of the permutation `p` (`p[i] = j` gives `inverse[j] = i`).
pub fn inverse_permutation(p: &[usize]) -> Vec<usize> {
    let mut inverse = vec![0; p.len()];
    for (i, j) in p.iter().enumerate() {
        inverse[*j] = i;
    }
    inverse
}

/// The `indexing_maps` of a linalg op; None when absent or not affine maps.
pub fn indexing_maps(op: &OperationRef) -> Option<Vec<IndexingMap>> {
    use mlir_sys::*;
    let attr = op.attribute("indexing_maps").ok()?;
    let raw = attr.to_raw();
    // SAFETY: the C API reads a live handle borrowed for the call.
    unsafe {
        if !mlirAttributeIsAArray(raw) {
            return None;
        }
        (0..mlirArrayAttrGetNumElements(raw))
            .map(|i| {
                let element = mlirArrayAttrGetElement(raw, i);
                if !mlirAttributeIsAAffineMap(element) {
                    return None;
                }
                let map = mlirAffineMapAttrGetValue(element);
                let results = (0..mlirAffineMapGetNumResults(map))
                    .map(|r| {
                        let e = mlirAffineMapGetResult(map, r);
                        mlirAffineExprIsADim(e).then(|| mlirAffineDimExprGetPosition(e) as usize)
                    })
                    .collect();
                Some(IndexingMap { dims: mlirAffineMapGetNumDims(map) as usize, results })
            })
            .collect()
    }
}

/// Loop kinds of a linalg op's `iterator_types`: true for a reduction.
/// None when absent or when an entry is not an iterator type.
pub fn reduction_loops(op: &OperationRef) -> Option<Vec<bool>> {
    let attr = op.attribute("iterator_types").ok()?;
    let array = melior::ir::attribute::ArrayAttribute::try_from(attr).ok()?;
    (0..array.len())
        .map(|i| {
            let text = array.element(i).ok()?.to_string();
            match text.as_str() {
                "#linalg.iterator_type<parallel>" => Some(false),
                "#linalg.iterator_type<reduction>" => Some(true),
                _ => None,
            }
        })
        .collect()
}

/// The ops that use `v`, once per use.
pub fn users<'c, 'a>(v: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    // SAFETY: the C API reads a live handle borrowed for the call.
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(v.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(use_) {
            out.push(OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(use_)));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    out
}

/// Whether `later` comes after `op` in `op`'s block.
pub fn is_after(later: &OperationRef, op: &OperationRef) -> bool {
    let mut next = op.next_in_block();
    while let Some(o) = next {
        if o.to_raw().ptr == later.to_raw().ptr {
            return true;
        }
        next = o.next_in_block();
    }
    false
}

/// The last op before `op` in `op`'s block that uses `value`. (The C API
/// cannot step backwards: the block is scanned forwards up to `op`.)
pub fn last_use_before<'c, 'a>(op: &OperationRef<'c, 'a>, value: Value) -> Option<OperationRef<'c, 'a>> {
    let block = op.block()?;
    let mut last_use = None;
    let mut next = melior::ir::BlockLike::first_operation(&block);
    while let Some(o) = next {
        if o.to_raw().ptr == op.to_raw().ptr {
            break;
        }
        if (0..o.operand_count()).any(|i| o.operand_at(i).is_some_and(|v| same(v, value))) {
            last_use = Some(o);
        }
        next = o.next_in_block();
    }
    last_use
}

/// For a memref init: the last `linalg.fill` writing `init` before `op` in
/// `op`'s block, provided nothing else between them uses `init`.
pub fn last_fill_before<'c, 'a>(op: &OperationRef<'c, 'a>, init: Value) -> Option<OperationRef<'c, 'a>> {
    last_use_before(op, init).filter(|p| name(p) == "linalg.fill" && p.operand_at(1).is_some_and(|v| same(v, init)))
}

/// A mutable handle on `op`, to set its attributes or operands or move it.
/// Passes own the module they rewrite, on one thread; no caller holds a
/// reference into `op`'s attribute or operand storage across the change.
pub fn mutable<'c, 'a>(op: &OperationRef<'c, 'a>) -> melior::ir::operation::OperationRefMut<'c, 'a> {
    // SAFETY: `op` is a live operation (borrowed for the call), and the
    // rewrite holding it is the only code touching the IR (see above).
    unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) }
}

/// Replaces every use of `old` by `new`, a value of the same type that
/// dominates them; `old`'s producer stays for the caller to erase.
pub fn replace_uses<'c>(old: impl ValueLike<'c>, new: impl ValueLike<'c>) {
    // SAFETY: both values are live in the same function (the callers take
    // them from ops of the IR being rewritten).
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw()) }
}

/// The `function_type` of a `func.func`.
pub fn function_type<'c>(func: &melior::ir::OperationRef<'c, '_>) -> Option<melior::ir::r#type::FunctionType<'c>> {
    func.attribute("function_type")
        .ok()
        .and_then(|a| melior::ir::attribute::TypeAttribute::try_from(a).ok())
        .and_then(|t| melior::ir::r#type::FunctionType::try_from(t.value()).ok())
}

/// The strings of an array attribute (string attributes' values, others printed).
pub fn strings(a: Attribute) -> Vec<String> {
    melior::ir::attribute::ArrayAttribute::try_from(a)
        .map(|arr| {
            (0..arr.len())
                .filter_map(|i| arr.element(i).ok())
                .map(|e| ukernel_dialect::string_value(e).unwrap_or_else(|| e.to_string()))
                .collect()
        })
        .unwrap_or_default()
}

/// The integers of an array attribute.
pub fn ints(a: Attribute) -> Vec<i64> {
    melior::ir::attribute::ArrayAttribute::try_from(a)
        .map(|arr| {
            (0..arr.len())
                .filter_map(|i| arr.element(i).ok())
                .filter_map(|e| melior::ir::attribute::IntegerAttribute::try_from(e).ok())
                .map(|i| i.value())
                .collect()
        })
        .unwrap_or_default()
}

/// Static strides of a memref type (`i64::MIN` where dynamic).
pub fn strides(ty: Type) -> Option<Vec<i64>> {
    let (dims, _) = shape_of(ty)?;
    let mut strides = vec![0i64; dims.len()];
    let mut offset = 0i64;
    // SAFETY: `ty` is a live memref type; `strides` has room for its rank.
    let ok = unsafe { mlir_sys::mlirMemRefTypeGetStridesAndOffset(ty.to_raw(), strides.as_mut_ptr(), &mut offset) };
    (ok.value != 0).then_some(strides)
}

/// The innermost stride of `v` where it is not 1 (`?` when dynamic): a
/// `tensor.extract_slice` with a step along its last dim (on tensors, where
/// KernelConfig decides; bufferized, it is a strided view), or a memref of
/// a strided layout.
pub fn strided_innermost(v: Value) -> Option<String> {
    let last = if is_memref(v.r#type()) {
        *strides(v.r#type())?.last()?
    } else {
        let slice = defining_op(v).filter(|d| name(d) == "tensor.extract_slice")?;
        let strides = slice.attribute("static_strides").ok()?;
        let strides = melior::ir::attribute::DenseI64ArrayAttribute::try_from(strides).ok()?;
        strides.element(strides.len().checked_sub(1)?).ok()?
    };
    (last != 1).then(|| if last == i64::MIN { "?".to_string() } else { last.to_string() })
}

/// A reshape's `reassociation`: per group, the dims of the expanded side.
pub fn reassociation(op: &OperationRef) -> Option<Vec<Vec<usize>>> {
    use melior::ir::attribute::ArrayAttribute;
    let groups = ArrayAttribute::try_from(op.attribute("reassociation").ok()?).ok()?;
    (0..groups.len())
        .map(|g| {
            let group = ArrayAttribute::try_from(groups.element(g).ok()?).ok()?;
            (0..group.len())
                .map(|i| IntegerAttribute::try_from(group.element(i).ok()?).ok().map(|a| a.value() as usize))
                .collect()
        })
        .collect()
}

/// The dense i64 array attribute `attr` of `op` as integers (empty when
/// absent).
pub fn dense_i64s(op: &OperationRef, attr: &str) -> Vec<i64> {
    op.attribute(attr)
        .ok()
        .and_then(|a| melior::ir::attribute::DenseI64ArrayAttribute::try_from(a).ok())
        .map(|a| (0..a.len()).filter_map(|i| a.element(i).ok()).collect())
        .unwrap_or_default()
}
