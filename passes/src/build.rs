//! Building ops in place with melior's op builders, for the passes that
//! rewrite IR around an anchor op.

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, Type, Value, ValueLike,
        attribute::{DenseI64ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
};

/// MLIR's marker of a dynamic dim in a shape.
pub const DYNAMIC: i64 = i64::MIN;

/// A fresh copy of `op` (regions included), in no block: the caller puts it
/// in one at once.
pub fn clone_op(op: &OperationRef) -> melior::ir::Operation<'static> {
    // SAFETY: cloning gives a new operation that nothing else owns.
    unsafe { melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(op.to_raw())) }
}

/// Old values to the new ones that stand for them in a clone, as raw
/// handles: a body and its clone live in different regions (lifetimes).
#[derive(Default)]
pub struct ValueMap(Vec<(mlir_sys::MlirValue, mlir_sys::MlirValue)>);

impl ValueMap {
    pub fn insert(&mut self, old: Value, new: Value) {
        self.0.push((old.to_raw(), new.to_raw()));
    }

    fn get(&self, v: Value) -> Option<mlir_sys::MlirValue> {
        self.0.iter().find(|(k, _)| k.ptr == v.to_raw().ptr).map(|(_, n)| *n)
    }
}

/// What a body's clone does with a value the body reads from outside it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Captured {
    /// Reads it as it is: the clone is in the same function.
    Keep,
    /// Clones its `arith.constant` first (anything else is an error): the
    /// clone is in a function of its own.
    CloneConstant,
}

/// Clones the ops of the body of `op` (a `linalg.generic`-like op) to the
/// end of `block`, up to its `linalg.yield`, which is not cloned; operands
/// are mapped by `mapped`, which each cloned result joins. Returns the
/// value standing for the yielded one. `what` names the op in messages.
pub fn clone_body<'c, 'b>(
    op: &OperationRef<'c, '_>,
    block: &melior::ir::BlockRef<'c, 'b>,
    mapped: &mut ValueMap,
    captured: Captured,
    what: &str,
) -> Result<Value<'c, 'b>, String> {
    // SAFETY (every `from_raw` below): the values are results of ops that
    // live in the block, or values of the function it is in.
    for o in crate::ir::body_ops(op) {
        let n = crate::ir::name(&o);
        if n == "linalg.yield" {
            let y = o.operand(0).map_err(|e| e.to_string())?;
            let raw = match (mapped.get(y), captured) {
                (Some(new), _) => new,
                (None, Captured::Keep) => y.to_raw(),
                (None, Captured::CloneConstant) => {
                    return Err(format!("the {what} yields a value it does not compute"));
                }
            };
            // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
            return Ok(unsafe { Value::from_raw(raw) });
        }
        let mut operands = Vec::new();
        for i in 0..o.operand_count() {
            let v = o.operand(i).map_err(|e| e.to_string())?;
            let raw = match (mapped.get(v), captured) {
                (Some(new), _) => new,
                (None, Captured::Keep) => v.to_raw(),
                (None, Captured::CloneConstant) => {
                    let def = crate::ir::defining_op(v).filter(|d| crate::ir::name(d) == "arith.constant").ok_or_else(
                        || format!("'{n}' in the {what} reads a value from outside it that is not a constant"),
                    )?;
                    let copy = block.append_operation(clone_op(&def));
                    let new: Value = copy.result(0).map_err(|e| e.to_string())?.into();
                    mapped.insert(v, new);
                    new.to_raw()
                }
            };
            operands.push(raw);
        }
        let copy = block.append_operation(clone_op(&o));
        let mut m = crate::ir::mutable(&copy);
        for (i, raw) in operands.into_iter().enumerate() {
            // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
            melior::ir::operation::OperationMutLike::set_operand(&mut m, i, unsafe { Value::from_raw(raw) });
        }
        for i in 0..o.result_count() {
            let old: Value = o.result(i).map_err(|e| e.to_string())?.into();
            let new: Value = copy.result(i).map_err(|e| e.to_string())?.into();
            mapped.insert(old, new);
        }
    }
    Err(format!("the {what}'s body does not end in linalg.yield"))
}

/// Places the built `op` before `anchor` and returns its first result.
pub fn place_before<'c, 'a>(
    anchor: &OperationRef<'c, 'a>,
    op: melior::ir::Operation<'c>,
) -> Result<Value<'c, 'a>, String> {
    let block = anchor.block().ok_or("internal error: op outside a block")?;
    let placed = block.insert_operation_before(*anchor, op);
    let result = placed.result(0).map_err(|e| format!("internal error: {e}"))?;
    // SAFETY: the op lives in the anchor's block as long as the function does.
    Ok(unsafe { Value::from_raw(result.to_raw()) })
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
    // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
    Ok(unsafe { Value::from_raw(result.to_raw()) })
}

/// A `linalg.generic` built before `op` whose body is `op`'s own, moved
/// over as it is (the same block arguments, ending in `linalg.yield`):
/// `operands` are its `inputs` inputs then its inits, whose tensors give its
/// result types (memref inits none); `maps` and `reduction` its indexing
/// maps and iterator kinds. The
/// caller replaces `op`'s results and erases it.
pub fn generic_with_body_of<'c, 'a>(
    context: &'c Context,
    op: &OperationRef<'c, 'a>,
    operands: &[Value<'c, '_>],
    inputs: usize,
    maps: &[Attribute<'c>],
    reduction: &[bool],
) -> Result<OperationRef<'c, 'a>, String> {
    let results: Vec<Type> =
        operands[inputs..].iter().map(|v| v.r#type()).filter(|t| RankedTensorType::try_from(*t).is_ok()).collect();
    let region = melior::ir::Region::new();
    let source = op.region(0).map_err(|e| e.to_string())?;
    // SAFETY: both regions are live; the caller erases `op` afterwards.
    unsafe {
        use melior::ir::RegionLike as _;
        mlir_sys::mlirRegionTakeBody(region.to_raw(), source.to_raw())
    };
    let segments = [inputs as i32, (operands.len() - inputs) as i32];
    let generic = OperationBuilder::new("linalg.generic", op.location())
        .add_operands(operands)
        .add_results(&results)
        .add_attributes(&[
            (
                Identifier::new(context, "indexing_maps"),
                melior::ir::attribute::ArrayAttribute::new(context, maps).into(),
            ),
            (Identifier::new(context, "iterator_types"), iterator_types(context, reduction)?),
            (
                Identifier::new(context, "operandSegmentSizes"),
                melior::ir::attribute::DenseI32ArrayAttribute::new(context, &segments).into(),
            ),
        ])
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building the generic: {e}"))?;
    let block = op.block().ok_or("the op is not in a block")?;
    Ok(block.insert_operation_before(*op, generic))
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

/// `(d0, ..., d{dims-1}) -> (results)` as an attribute.
pub fn dim_map<'c>(context: &'c Context, dims: usize, results: &[usize]) -> Attribute<'c> {
    // SAFETY: the expressions and the map are built in the live context, and
    // the array outlives the call that copies them.
    unsafe {
        let exprs: Vec<_> =
            results.iter().map(|d| mlir_sys::mlirAffineDimExprGet(context.to_raw(), *d as isize)).collect();
        let map = mlir_sys::mlirAffineMapGet(
            context.to_raw(),
            dims as isize,
            0,
            exprs.len() as isize,
            exprs.as_ptr() as *mut _,
        );
        Attribute::from_raw(mlir_sys::mlirAffineMapAttrGet(map))
    }
}

/// A linalg op's `iterator_types`: `reduction` where `reduction[l]`, else
/// `parallel`. (MLIR's C API has no builder for `#linalg.iterator_type`, so
/// each of the two is parsed from its name.)
pub fn iterator_types<'c>(context: &'c Context, reduction: &[bool]) -> Result<Attribute<'c>, String> {
    let kinds: Vec<Attribute> = reduction
        .iter()
        .map(|r| {
            let text = if *r { "#linalg.iterator_type<reduction>" } else { "#linalg.iterator_type<parallel>" };
            Attribute::parse(context, text).ok_or_else(|| format!("internal error: {text} does not parse"))
        })
        .collect::<Result<_, _>>()?;
    Ok(melior::ir::attribute::ArrayAttribute::new(context, &kinds).into())
}

/// Test support: `function` alone in a module, made public, lowered by
/// `pipeline` and JIT-compiled for the CPU; the engine and the packed entry
/// of `name` (`_mlir_<name>`: arguments as an array of pointers to them).
#[cfg(test)]
pub fn jit_function<'c>(
    context: &'c Context,
    function: melior::ir::Operation<'c>,
    pipeline: &str,
    name: &str,
) -> (melior::ExecutionEngine, unsafe extern "C" fn(*mut *mut ())) {
    use melior::ir::operation::OperationMutLike;
    let mut module = melior::ir::Module::new(melior::ir::Location::unknown(context));
    let placed = module.body().append_operation(function);
    let mut f = crate::ir::mutable(&placed);
    let _ = f.remove_attribute("sym_visibility");
    assert!(module.as_operation().verify(), "{}", module.as_operation());
    crate::register_passes();
    let pm = melior::pass::PassManager::new(context);
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).unwrap();
    pm.run(&mut module).unwrap();
    let engine = melior::ExecutionEngine::new(&module, 0, &[], false, false);
    let entry = engine.lookup(&format!("_mlir_{name}"));
    assert!(!entry.is_null(), "no _mlir_{name}");
    // SAFETY: the packed entry of a function built with the C interface.
    (engine, unsafe { std::mem::transmute::<*mut (), unsafe extern "C" fn(*mut *mut ())>(entry) })
}

/// `tensor.dim %v, d` before `anchor`.
pub fn tensor_dim<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    d: usize,
) -> Result<Value<'c, 'a>, String> {
    let c = index_constant(context, anchor, d as i64)?;
    insert_before(
        anchor,
        OperationBuilder::new("tensor.dim", anchor.location())
            .add_operands(&[v, c])
            .add_results(&[Type::index(context)]),
    )
}

/// The dynamic sizes of `v` (a ranked tensor), as `tensor.dim`s before `anchor`.
pub fn dynamic_sizes<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let (dims, _) = crate::ir::shape_of(v.r#type()).ok_or("an operand that is not shaped")?;
    (0..dims.len()).filter(|d| dims[*d].is_none()).map(|d| tensor_dim(context, anchor, v, d)).collect()
}

/// A region of one block with `args` whose body `fill` writes (ending in
/// its `linalg.yield`).
pub fn region_with<'c>(
    args: &[(Type<'c>, melior::ir::Location<'c>)],
    fill: impl for<'b> FnOnce(&melior::ir::BlockRef<'c, 'b>) -> Result<(), String>,
) -> Result<melior::ir::Region<'c>, String> {
    let region = melior::ir::Region::new();
    let block = melior::ir::RegionLike::append_block(&region, melior::ir::Block::new(args));
    fill(&block)?;
    Ok(region)
}

pub fn linalg_yield<'c>(
    location: melior::ir::Location<'c>,
    value: Value<'c, '_>,
) -> Result<melior::ir::Operation<'c>, String> {
    OperationBuilder::new("linalg.yield", location).add_operands(&[value]).build().map_err(|e| e.to_string())
}

/// The body of a linalg op that copies: two arguments of type `t`, the
/// first yielded (`linalg.fill`'s, `linalg.transpose`'s).
pub fn yield_first_region<'c>(
    t: Type<'c>,
    location: melior::ir::Location<'c>,
) -> Result<melior::ir::Region<'c>, String> {
    region_with(&[(t, location), (t, location)], |blk| {
        blk.append_operation(linalg_yield(location, blk.argument(0).map_err(|e| e.to_string())?.into())?);
        Ok(())
    })
}

/// `linalg.fill` of `scalar` into `init` (a tensor of its element type),
/// before `anchor`.
pub fn fill<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    scalar: Value<'c, 'a>,
    init: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let location = anchor.location();
    let region = yield_first_region(scalar.r#type(), location)?;
    insert_before(
        anchor,
        OperationBuilder::new("linalg.fill", location)
            .add_operands(&[scalar, init])
            .add_attributes(&[(
                Identifier::new(context, "operandSegmentSizes"),
                melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[1, 1]).into(),
            )])
            .add_regions([region])
            .add_results(&[init.r#type()]),
    )
}

/// `value` (a static tensor) converted element by element by `convert`
/// (`arith.extf`, `arith.truncf`) to a tensor of `to` elements, by an
/// elementwise generic before `anchor`.
pub fn convert_elements<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    value: Value<'c, 'a>,
    convert: &str,
    to: Type<'c>,
) -> Result<Value<'c, 'a>, String> {
    let location = anchor.location();
    let (dims, from) = crate::ir::shape_of(value.r#type()).ok_or("a value that is not shaped")?;
    // SAFETY: types live as long as the context.
    let from: Type<'c> = unsafe { Type::from_raw(melior::ir::TypeLike::to_raw(&from)) };
    let shape: Vec<u64> = dims.iter().map(|d| d.unwrap_or(0)).collect();
    let result: Type<'c> = melior::ir::r#type::RankedTensorType::new(&shape, to, None).into();
    let rank = shape.len();
    let identity = dim_map(context, rank, &(0..rank).collect::<Vec<_>>());
    let empty = insert_before(anchor, OperationBuilder::new("tensor.empty", location).add_results(&[result]))?;
    let region = region_with(&[(from, location), (to, location)], |blk| {
        let x: Value = blk.argument(0).map_err(|e| e.to_string())?.into();
        let y = blk.append_operation(
            OperationBuilder::new(convert, location)
                .add_operands(&[x])
                .add_results(&[to])
                .build()
                .map_err(|e| e.to_string())?,
        );
        blk.append_operation(linalg_yield(location, y.result(0).map_err(|e| e.to_string())?.into())?);
        Ok(())
    })?;
    insert_before(
        anchor,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[value, empty])
            .add_attributes(&[
                (
                    Identifier::new(context, "indexing_maps"),
                    melior::ir::attribute::ArrayAttribute::new(context, &[identity, identity]).into(),
                ),
                (Identifier::new(context, "iterator_types"), iterator_types(context, &vec![false; rank])?),
                (
                    Identifier::new(context, "operandSegmentSizes"),
                    melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[1, 1]).into(),
                ),
            ])
            .add_regions([region])
            .add_results(&[result]),
    )
}

/// A ranked tensor type of `dims` (None: dynamic) and `element`.
pub fn tensor_type<'c>(dims: &[Option<u64>], element: Type<'c>) -> Type<'c> {
    let shape: Vec<u64> = dims.iter().map(|d| d.unwrap_or(DYNAMIC as u64)).collect();
    RankedTensorType::new(&shape, element, None).into()
}

/// The dims and element type of a ranked tensor value.
pub fn element_of<'c>(v: Value<'c, '_>) -> Result<(Vec<Option<u64>>, Type<'c>), String> {
    let (dims, element) = crate::ir::shape_of(v.r#type()).ok_or("an operand that is not a ranked tensor")?;
    // SAFETY: types live as long as the context.
    Ok((dims, unsafe { Type::from_raw(melior::ir::TypeLike::to_raw(&element)) }))
}

/// `v` with its dims reordered: result dim i is `v`'s dim `perm[i]`,
/// written into `into` (a tensor of the result's type) or a new one.
pub fn transpose<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    perm: &[usize],
    into: Option<Value<'c, 'a>>,
) -> Result<Value<'c, 'a>, String> {
    if perm.iter().enumerate().all(|(i, p)| i == *p) {
        return Ok(v);
    }
    let location = anchor.location();
    let (dims, element) = element_of(v)?;
    let out_dims: Vec<Option<u64>> = perm.iter().map(|p| dims[*p]).collect();
    let ty = tensor_type(&out_dims, element);
    let empty = match into {
        Some(into) => into,
        None => {
            let mut sizes = vec![];
            for p in perm {
                if dims[*p].is_none() {
                    sizes.push(crate::build::tensor_dim(context, anchor, v, *p)?);
                }
            }
            insert_before(
                anchor,
                OperationBuilder::new("tensor.empty", location).add_operands(&sizes).add_results(&[ty]),
            )?
        }
    };
    let region = yield_first_region(element, location)?;
    let perm: Vec<i64> = perm.iter().map(|p| *p as i64).collect();
    insert_before(
        anchor,
        OperationBuilder::new("linalg.transpose", location)
            .add_operands(&[v, empty])
            .add_attributes(&[(
                Identifier::new(context, "permutation"),
                DenseI64ArrayAttribute::new(context, &perm).into(),
            )])
            .add_regions([region])
            .add_results(&[ty]),
    )
}

/// Sets the `dim` of every `linalg.index` in `op`'s body to `to[dim]`.
pub fn renumber_loop_indices(context: &Context, op: &OperationRef, to: &[usize]) -> Result<(), String> {
    renumber_loop_indices_of(context, crate::ir::body_ops(op), to)
}

/// Sets the `dim` of every `linalg.index` among `ops` to `to[dim]`: what a
/// body cloned into a generic with other loops needs.
pub fn renumber_loop_indices_of<'c: 'a, 'a>(
    context: &Context,
    ops: impl IntoIterator<Item = OperationRef<'c, 'a>>,
    to: &[usize],
) -> Result<(), String> {
    let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
    for o in ops.into_iter().filter(|o| crate::ir::name(o) == "linalg.index") {
        let dim = crate::ir::int_attr(&o, "dim").and_then(|d| usize::try_from(d).ok()).and_then(|d| to.get(d).copied());
        let dim = dim.ok_or("a linalg.index of a loop the op does not have")?;
        melior::ir::operation::OperationMutLike::set_attribute(
            &mut crate::ir::mutable(&o),
            "dim",
            IntegerAttribute::new(i64_type, dim as i64).into(),
        );
    }
    Ok(())
}
