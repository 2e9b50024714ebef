//! Emits a family's distributed ukernel call: every memref flattened to its
//! base (a 0-d memref, passed as a bare pointer) and i64 offsets, strides and
//! sizes from `memref.extract_strided_metadata`, inside
//!
//! ```mlir
//! scf.parallel (%wg0, %wg1) = (0, 0) to (grid0, grid1)    // GPU blocks x, y
//!   scf.parallel (%t) = (0) to (threads)                  // GPU threads x
//!     func.call @uk_...(...)
//! ```
//!
//! built with melior's op builders. A family describes the call as a
//! [`CallPlan`]; this module knows nothing of any family.

use std::collections::HashMap;

use melior::{
    Context,
    dialect::arith,
    ir::operation::OperationMutLike as _,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::{IntegerType, MemRefType},
    },
};

use crate::ir::shape_of;

/// How many workgroups along one grid axis.
#[derive(Clone, Debug)]
pub enum Extent<'c, 'a> {
    Const(i64),
    /// Dimension `dim` of a memref.
    Size(Value<'c, 'a>, usize),
    Product(Vec<Extent<'c, 'a>>),
    /// `ceil(extent / divisor)`.
    CeilDiv(Box<Extent<'c, 'a>>, i64),
}

/// A coordinate of a memref's leading dimension at a workgroup.
#[derive(Clone, Debug)]
pub enum Coord<'c, 'a> {
    /// Coordinate `dim` of the workgroup id along `axis`, delinearized over
    /// dims `0..leading` of `shape` (row-major: the last of them fastest).
    Delinearized { axis: usize, shape: Value<'c, 'a>, leading: usize, dim: usize },
}

/// One operand of the ukernel call.
#[derive(Clone, Debug)]
pub enum Arg<'c, 'a> {
    /// The memref's base pointer.
    Base(Value<'c, 'a>),
    /// Its element offset (i64) at the given coordinates of its leading dims.
    Offset(Value<'c, 'a>, Vec<Coord<'c, 'a>>),
    /// Its offset plus `scale` times the workgroup id along `axis` (i64).
    ScaledOffset {
        memref: Value<'c, 'a>,
        axis: usize,
        scale: i64,
    },
    /// Its stride along `dim`, in elements (i64).
    Stride(Value<'c, 'a>, usize),
    /// Its size along `dim` (i64).
    Size(Value<'c, 'a>, usize),
    /// The workgroup id along a grid axis (i32).
    WorkgroupId(usize),
    I32(i64),
    I64(i64),
    /// A null pointer (`!llvm.ptr`), e.g. an unused fusion point.
    NullPtr,
    /// The memref's aligned pointer as `!llvm.ptr` (any element type).
    BasePtr(Value<'c, 'a>),
    /// The address of function `name` of function type `ty` (`!llvm.ptr`).
    FunctionAddress {
        name: String,
        ty: Type<'c>,
    },
    /// A table of i64s in the workgroup thread's local memory, one per
    /// entry (pointers as their address), passed as `!llvm.ptr`: how a
    /// fusion point takes more values than its ABI has parameters for.
    Table(Vec<Arg<'c, 'a>>),
}

/// The distributed call that replaces an op.
#[derive(Clone, Debug)]
pub struct CallPlan<'c, 'a> {
    /// Workgroups along x, y, (z).
    pub grid: Vec<Extent<'c, 'a>>,
    /// Threads per workgroup (x).
    pub threads: i64,
    pub args: Vec<Arg<'c, 'a>>,
    /// Ops that become dead with the call (e.g. fills the ukernel overwrites).
    pub remove: Vec<OperationRef<'c, 'a>>,
    /// Buffers to erase if nothing but their deallocation uses them after.
    pub drop_if_unused: Vec<Value<'c, 'a>>,
}

/// A value with its lifetime detached from the borrow it came from: IR
/// values live as long as their op, which outlives the pass body.
fn detached<'c, 'x>(v: Value<'c, '_>) -> Value<'c, 'x> {
    // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
    unsafe { Value::from_raw(v.to_raw()) }
}

fn result<'c, 'x>(op: OperationRef<'c, '_>, i: usize) -> Result<Value<'c, 'x>, String> {
    op.result(i).map(|r| detached(r.into())).map_err(|e| format!("internal error: {e}"))
}

/// Where new ops go: before an anchor, or at the end of a block.
enum At<'c, 'x> {
    Before(OperationRef<'c, 'x>),
    End(&'x Block<'c>),
}

struct Emitter<'c, 'x> {
    context: &'c Context,
    location: Location<'c>,
    at: At<'c, 'x>,
}

impl<'c, 'x> Emitter<'c, 'x> {
    fn put(&self, op: Operation<'c>) -> Result<OperationRef<'c, 'x>, String> {
        Ok(match &self.at {
            At::Before(anchor) => {
                let block = anchor.block().ok_or("the op is not in a block")?;
                let placed = block.insert_operation_before(*anchor, op);
                // SAFETY: the operation is in a live block of the IR being rewritten.
                unsafe { OperationRef::from_raw(placed.to_raw()) }
            }
            At::End(block) => {
                let placed = block.append_operation(op);
                // SAFETY: the operation is in a live block of the IR being rewritten.
                unsafe { OperationRef::from_raw(placed.to_raw()) }
            }
        })
    }

    fn value(&self, op: Operation<'c>) -> Result<Value<'c, 'x>, String> {
        result(self.put(op)?, 0)
    }

    fn index(&self, v: i64) -> Result<Value<'c, 'x>, String> {
        let ty = Type::index(self.context);
        self.value(arith::constant(self.context, IntegerAttribute::new(ty, v).into(), self.location))
    }

    fn int(&self, bits: u32, v: i64) -> Result<Value<'c, 'x>, String> {
        let ty = IntegerType::new(self.context, bits).into();
        self.value(arith::constant(self.context, IntegerAttribute::new(ty, v).into(), self.location))
    }

    fn binary(&self, name: &str, a: Value<'c, '_>, b: Value<'c, '_>) -> Result<Value<'c, 'x>, String> {
        let l = self.location;
        self.value(match name {
            "addi" => arith::addi(a, b, l),
            "muli" => arith::muli(a, b, l),
            "divui" => arith::divui(a, b, l),
            _ => arith::remui(a, b, l),
        })
    }

    fn cast(&self, v: Value<'c, '_>, bits: u32) -> Result<Value<'c, 'x>, String> {
        self.value(arith::index_cast(v, IntegerType::new(self.context, bits).into(), self.location))
    }
}

/// A memref's strided metadata, extracted once before the call.
struct Meta<'c, 'x> {
    base: Value<'c, 'x>,
    offset: Value<'c, 'x>,
    sizes: Vec<Value<'c, 'x>>,
    strides: Vec<Value<'c, 'x>>,
}

fn extract_metadata<'c, 'x>(e: &Emitter<'c, 'x>, memref: Value<'c, '_>) -> Result<Meta<'c, 'x>, String> {
    let ty = memref.r#type();
    let (dims, element) = shape_of(ty).ok_or_else(|| format!("operand of type {ty} is not a ranked memref"))?;
    let rank = dims.len();
    let index = Type::index(e.context);
    let base_ty: Type = MemRefType::new(element, &[], None, None).into();
    let mut results = vec![base_ty, index];
    results.extend(std::iter::repeat_n(index, 2 * rank));
    let op = e.put(
        OperationBuilder::new("memref.extract_strided_metadata", e.location)
            .add_operands(&[memref])
            .add_results(&results)
            .build()
            .map_err(|err| format!("internal error: {err}"))?,
    )?;
    Ok(Meta {
        base: result(op, 0)?,
        offset: result(op, 1)?,
        sizes: (0..rank).map(|i| result(op, 2 + i)).collect::<Result<_, _>>()?,
        strides: (0..rank).map(|i| result(op, 2 + rank + i)).collect::<Result<_, _>>()?,
    })
}

/// The memrefs a plan refers to, in first-use order.
fn memrefs<'c, 'a>(plan: &CallPlan<'c, 'a>) -> Vec<Value<'c, 'a>> {
    fn extent<'c, 'a>(e: &Extent<'c, 'a>, out: &mut Vec<Value<'c, 'a>>) {
        match e {
            Extent::Const(_) => {}
            Extent::Size(v, _) => out.push(*v),
            Extent::Product(es) => es.iter().for_each(|e| extent(e, out)),
            Extent::CeilDiv(e, _) => extent(e, out),
        }
    }
    let mut out = Vec::new();
    plan.grid.iter().for_each(|e| extent(e, &mut out));
    for a in flat_args(plan) {
        match a {
            Arg::Table(_) => {}
            Arg::Base(v) | Arg::Stride(v, _) | Arg::Size(v, _) | Arg::ScaledOffset { memref: v, .. } => out.push(*v),
            Arg::BasePtr(_) => {}
            Arg::Offset(v, coords) => {
                out.push(*v);
                for Coord::Delinearized { shape, .. } in coords {
                    out.push(*shape);
                }
            }
            Arg::WorkgroupId(_) | Arg::I32(_) | Arg::I64(_) | Arg::NullPtr | Arg::FunctionAddress { .. } => {}
        }
    }
    let mut seen = Vec::new();
    out.retain(|v| {
        let fresh = !seen.contains(&v.to_raw().ptr);
        seen.push(v.to_raw().ptr);
        fresh
    });
    out
}

fn key(v: Value) -> *const std::ffi::c_void {
    v.to_raw().ptr as *const _
}

/// `scf.parallel`'s `mapping` to `processors`. (MLIR's C API has no builder
/// for `#gpu.loop_dim_map`, so it is parsed.)
fn mapping<'c>(context: &'c Context, processors: &[&str]) -> Result<Attribute<'c>, String> {
    let maps: Vec<String> = processors
        .iter()
        .map(|p| format!("#gpu.loop_dim_map<processor = {p}, map = (d0) -> (d0), bound = (d0) -> (d0)>"))
        .collect();
    Attribute::parse(context, &format!("[{}]", maps.join(", ")))
        .ok_or_else(|| "internal error: the gpu dialect is not loaded".to_string())
}

/// `scf.parallel` from 0 to `upper` with step 1 over `body`, mapped to `processors`.
pub(crate) fn parallel<'c>(
    context: &'c Context,
    location: Location<'c>,
    zero: Value<'c, '_>,
    one: Value<'c, '_>,
    upper: &[Value<'c, '_>],
    processors: &[&str],
    body: Block<'c>,
) -> Result<Operation<'c>, String> {
    body.append_operation(OperationBuilder::new("scf.reduce", location).build().map_err(|e| e.to_string())?);
    let region = Region::new();
    region.append_block(body);
    let n = upper.len();
    let mut operands: Vec<Value> = vec![zero; n];
    operands.extend_from_slice(upper);
    operands.extend(std::iter::repeat_n(one, n));
    OperationBuilder::new("scf.parallel", location)
        .add_operands(&operands)
        .add_attributes(&[
            (
                Identifier::new(context, "operandSegmentSizes"),
                DenseI32ArrayAttribute::new(context, &[n as i32, n as i32, n as i32, 0]).into(),
            ),
            (Identifier::new(context, "mapping"), mapping(context, processors)?),
        ])
        .add_regions([region])
        .build()
        .map_err(|e| format!("internal error building scf.parallel: {e}"))
}

/// Emits `plan` as a call of `symbol` before `op`; returns the call's
/// operand types (for the declaration).
pub fn emit<'c, 'a>(
    context: &'c Context,
    op: &OperationRef<'c, 'a>,
    symbol: &str,
    plan: &CallPlan<'c, 'a>,
    launch: &[(&str, melior::ir::Attribute<'c>)],
) -> Result<Vec<Type<'c>>, String> {
    const PROCESSORS: [&str; 3] = ["block_x", "block_y", "block_z"];
    if plan.grid.is_empty() || plan.grid.len() > 3 {
        return Err(format!("internal error: a grid of {} dimensions", plan.grid.len()));
    }
    let location = op.location();
    let outside = Emitter { context, location, at: At::Before(*op) };
    let mut metas = HashMap::new();
    for m in memrefs(plan) {
        metas.insert(key(m), extract_metadata(&outside, m)?);
    }
    let meta = |v: &Value| metas.get(&key(*v)).ok_or_else(|| "internal error: no metadata".to_string());
    let zero = outside.index(0)?;
    let one = outside.index(1)?;
    let threads = outside.index(plan.threads)?;
    fn extent<'c, 'x, 'm>(
        e: &Emitter<'c, 'x>,
        x: &Extent,
        meta: &dyn Fn(&Value) -> Result<&'m Meta<'c, 'x>, String>,
    ) -> Result<Value<'c, 'x>, String>
    where
        'x: 'm,
        'c: 'm,
    {
        match x {
            Extent::Const(c) => e.index(*c),
            Extent::Size(v, d) => meta(v)?.sizes.get(*d).copied().ok_or_else(|| format!("no dimension {d}")),
            Extent::Product(xs) => {
                let Some((first, rest)) = xs.split_first() else { return e.index(1) };
                let mut acc = extent(e, first, meta)?;
                for x in rest {
                    let v = extent(e, x, meta)?;
                    acc = e.binary("muli", acc, v)?;
                }
                Ok(acc)
            }
            Extent::CeilDiv(x, d) => {
                // (x + d - 1) / d: ukernel-gpu-distribute reads it back as a ceiling division.
                let v = extent(e, x, meta)?;
                let bias = e.index(d - 1)?;
                let sum = e.binary("addi", v, bias)?;
                let divisor = e.index(*d)?;
                e.binary("divui", sum, divisor)
            }
        }
    }
    let grid: Vec<Value> = plan.grid.iter().map(|x| extent(&outside, x, &meta)).collect::<Result<_, _>>()?;

    let index = Type::index(context);
    let outer = Block::new(&vec![(index, location); grid.len()]);
    let inner = Block::new(&[(index, location)]);
    let workgroup: Vec<Value> = (0..grid.len())
        .map(|i| outer.argument(i).map(|a| detached(a.into())))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let body = Emitter { context, location, at: At::End(&inner) };
    // Delinearized coordinates, computed once per (axis, shape).
    let mut coordinates: HashMap<(usize, *const std::ffi::c_void, usize), Vec<Value>> = HashMap::new();
    let mut operands = Vec::new();
    let mut types = Vec::new();
    let i64t: Type = IntegerType::new(context, 64).into();
    let i32t: Type = IntegerType::new(context, 32).into();
    // Tables' entries are evaluated in line, then gathered into their table.
    for a in flat_args(plan) {
        let (v, ty) = match a {
            Arg::Table(_) => return Err("internal error: a table inside a table".into()),
            Arg::Base(m) => {
                let b = meta(m)?.base;
                (b, b.r#type())
            }
            Arg::Offset(m, coords) => {
                let mm = meta(m)?;
                let mut off = mm.offset;
                for (d, Coord::Delinearized { axis, shape, leading, dim }) in coords.iter().enumerate() {
                    let k = (*axis, key(*shape), *leading);
                    if let std::collections::hash_map::Entry::Vacant(e) = coordinates.entry(k) {
                        let sizes = &meta(shape)?.sizes;
                        let mut q = *workgroup.get(*axis).ok_or("internal error: no such grid axis")?;
                        // Innermost first; what is left for the outermost is
                        // already below its size.
                        let mut co = vec![q; *leading];
                        for i in (1..*leading).rev() {
                            co[i] = body.binary("remui", q, sizes[i])?;
                            q = body.binary("divui", q, sizes[i])?;
                        }
                        if *leading > 0 {
                            co[0] = q;
                        }
                        e.insert(co);
                    }
                    let c = coordinates[&k][*dim];
                    let stride = *mm.strides.get(d).ok_or("internal error: coordinate past the rank")?;
                    let term = body.binary("muli", c, stride)?;
                    off = body.binary("addi", off, term)?;
                }
                (body.cast(off, 64)?, i64t)
            }
            Arg::ScaledOffset { memref, axis, scale } => {
                let scale = body.index(*scale)?;
                let wg = *workgroup.get(*axis).ok_or("internal error: no such grid axis")?;
                let term = body.binary("muli", wg, scale)?;
                let off = body.binary("addi", meta(memref)?.offset, term)?;
                (body.cast(off, 64)?, i64t)
            }
            Arg::Stride(m, d) => {
                let s = *meta(m)?.strides.get(*d).ok_or("internal error: stride past the rank")?;
                (body.cast(s, 64)?, i64t)
            }
            Arg::Size(m, d) => {
                let s = *meta(m)?.sizes.get(*d).ok_or("internal error: size past the rank")?;
                (body.cast(s, 64)?, i64t)
            }
            Arg::WorkgroupId(axis) => {
                let wg = *workgroup.get(*axis).ok_or("internal error: no such grid axis")?;
                (body.cast(wg, 32)?, i32t)
            }
            Arg::I32(c) => (body.int(32, *c)?, i32t),
            Arg::I64(c) => (body.int(64, *c)?, i64t),
            Arg::NullPtr => {
                let ptr = llvm_ptr(context)?;
                (
                    body.value(
                        OperationBuilder::new("llvm.mlir.zero", location)
                            .add_results(&[ptr])
                            .build()
                            .map_err(|e| e.to_string())?,
                    )?,
                    ptr,
                )
            }
            Arg::BasePtr(m) => {
                let ptr = llvm_ptr(context)?;
                let index = Type::index(context);
                let at = outside.value(
                    OperationBuilder::new("memref.extract_aligned_pointer_as_index", location)
                        .add_operands(&[*m])
                        .add_results(&[index])
                        .build()
                        .map_err(|e| e.to_string())?,
                )?;
                let as_i64 = outside.cast(at, 64)?;
                let p = outside.value(
                    OperationBuilder::new("llvm.inttoptr", location)
                        .add_operands(&[as_i64])
                        .add_results(&[ptr])
                        .build()
                        .map_err(|e| e.to_string())?,
                )?;
                (p, ptr)
            }
            Arg::FunctionAddress { name, ty } => {
                // func.constant becomes llvm.mlir.addressof once the function
                // is an llvm.func; the cast then folds away.
                let fn_ty: Type = *ty;
                let f = body.value(
                    OperationBuilder::new("func.constant", location)
                        .add_attributes(&[(
                            Identifier::new(context, "value"),
                            FlatSymbolRefAttribute::new(context, name).into(),
                        )])
                        .add_results(&[fn_ty])
                        .build()
                        .map_err(|e| e.to_string())?,
                )?;
                let ptr = llvm_ptr(context)?;
                let cast = body.value(
                    OperationBuilder::new("builtin.unrealized_conversion_cast", location)
                        .add_operands(&[f])
                        .add_results(&[ptr])
                        .build()
                        .map_err(|e| e.to_string())?,
                )?;
                (cast, ptr)
            }
        };
        operands.push(v);
        types.push(ty);
    }
    let (operands, types) = gather_tables(&body, plan, operands, types)?;
    let mut call =
        melior::dialect::func::call(context, FlatSymbolRefAttribute::new(context, symbol), &operands, &[], location);
    for (name, value) in launch {
        call.set_attribute(name, *value);
    }
    body.put(call)?;
    let thread_loop = parallel(context, location, zero, one, &[threads], &["thread_x"], inner)?;
    outer.append_operation(thread_loop);
    let grid_loop = parallel(context, location, zero, one, &grid, &PROCESSORS[..grid.len()], outer)?;
    outside.put(grid_loop)?;
    Ok(types)
}

/// The plan's arguments with each table replaced by its entries.
fn flat_args<'p, 'c, 'a>(plan: &'p CallPlan<'c, 'a>) -> Vec<&'p Arg<'c, 'a>> {
    plan.args.iter().flat_map(|a| if let Arg::Table(es) = a { es.iter().collect() } else { vec![a] }).collect()
}

/// Replaces each table's evaluated entries (`operands`, in the order of the
/// flattened arguments) by the table: an `llvm.alloca` of i64s, each entry
/// stored (a pointer as its address).
fn gather_tables<'c, 'x>(
    body: &Emitter<'c, 'x>,
    plan: &CallPlan<'c, '_>,
    operands: Vec<Value<'c, 'x>>,
    types: Vec<Type<'c>>,
) -> Result<(Vec<Value<'c, 'x>>, Vec<Type<'c>>), String> {
    let (context, location) = (body.context, body.location);
    let i64t: Type = IntegerType::new(context, 64).into();
    let ptr = llvm_ptr(context)?;
    let (mut out, mut out_types) = (Vec::new(), Vec::new());
    let mut next = 0;
    for a in &plan.args {
        let Arg::Table(entries) = a else {
            out.push(operands[next]);
            out_types.push(types[next]);
            next += 1;
            continue;
        };
        let build = |b: OperationBuilder<'c>| b.build().map_err(|e| format!("internal error building a table: {e}"));
        let count =
            body.value(arith::constant(context, IntegerAttribute::new(i64t, entries.len() as i64).into(), location))?;
        let table = body.value(build(
            OperationBuilder::new("llvm.alloca", location)
                .add_attributes(&[(
                    Identifier::new(context, "elem_type"),
                    melior::ir::attribute::TypeAttribute::new(i64t).into(),
                )])
                .add_operands(&[count])
                .add_results(&[ptr]),
        )?)?;
        for i in 0..entries.len() {
            let (v, ty) = (operands[next + i], types[next + i]);
            let word = if ty == ptr {
                body.value(build(
                    OperationBuilder::new("llvm.ptrtoint", location).add_operands(&[v]).add_results(&[i64t]),
                )?)?
            } else if ty == i64t {
                v
            } else {
                return Err(format!("internal error: a table entry of type {ty}"));
            };
            let at = body.value(arith::constant(context, IntegerAttribute::new(i64t, i as i64).into(), location))?;
            let slot = body.value(build(
                OperationBuilder::new("llvm.getelementptr", location)
                    .add_attributes(&[
                        (
                            Identifier::new(context, "rawConstantIndices"),
                            melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[i32::MIN]).into(),
                        ),
                        (Identifier::new(context, "elem_type"), melior::ir::attribute::TypeAttribute::new(i64t).into()),
                    ])
                    .add_operands(&[table, at])
                    .add_results(&[ptr]),
            )?)?;
            body.put(build(OperationBuilder::new("llvm.store", location).add_operands(&[word, slot]))?)?;
        }
        next += entries.len();
        out.push(table);
        out_types.push(ptr);
    }
    Ok((out, out_types))
}

fn llvm_ptr(context: &Context) -> Result<Type<'_>, String> {
    Ok(melior::dialect::llvm::r#type::pointer(context, 0))
}

/// A constant array attribute of i64s, e.g. for declarations.
pub fn i64_array<'c>(context: &'c Context, values: &[i64]) -> Attribute<'c> {
    let t = IntegerType::new(context, 64).into();
    let elements: Vec<Attribute> = values.iter().map(|&v| IntegerAttribute::new(t, v).into()).collect();
    ArrayAttribute::new(context, &elements).into()
}

/// An error unless `memref`'s innermost dimension has a static unit stride
/// (ukernels read rows contiguously). `what` names the operand.
pub fn require_unit_inner_stride(memref: Value, what: &str, symbol: &str) -> Result<(), String> {
    let s = crate::ir::strides(memref.r#type()).ok_or_else(|| format!("the {what}'s layout has no strides"))?;
    match s.last() {
        Some(1) => Ok(()),
        Some(&i64::MIN) => Err(format!(
            "the {what}'s innermost stride is dynamic; {symbol} reads rows with unit stride (make it static 1, e.g. by a copy)"
        )),
        Some(s) => Err(format!(
            "the {what}'s innermost stride is {s}; {symbol} reads rows with unit stride (copy the {what} to a contiguous buffer first)"
        )),
        None => Err(format!("the {what} has rank 0")),
    }
}
