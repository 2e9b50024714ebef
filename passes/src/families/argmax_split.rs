//! The default lowering of an argmax-like fold (see [`Fold`]) with its
//! reduction split over the threads of one workgroup per result.
//!
//! A fold is not associative as written (its step reads the value before
//! the step), so the split does not replay the op's body; it computes what
//! the body computes, in pieces that combine in any order:
//! - thread `t` scans positions `t, t + T, ...` of its result's reduction
//!   and keeps the best non-NaN element (greatest; among equals the first,
//!   or the last for `oge`, by position), the first NaN's position, and the
//!   value combiner (`maximumf`/`maxnumf`) of everything it read;
//! - a tree over shared memory combines the threads' pieces (by value, then
//!   position; minimum NaN position; the value combiner);
//! - with `maximumf`, the accumulator turns NaN at the first NaN and no
//!   later element is compared again, so the best element is the best
//!   *before* the first NaN: on a result whose input has one, every thread
//!   scans again up to that position (rare, and only then);
//! - thread 0 compares the best element with the init as the op's
//!   predicate does (`ogt`: strictly greater; `oge`: greater or equal; the
//!   NaN-aware form: the first NaN's position when there is one) and writes
//!   the value `combiner(init, combined)` and the index.
//!
//! Split only where this is exact: a non-NaN value init (a NaN accumulator
//! never takes an index, and `maxnumf` replaces it without one), and not
//! `maxnumf` with the NaN-aware predicate (every NaN would take the index).

use crate::ir::Checked as _;
use melior::{
    Context,
    dialect::arith::{self, CmpfPredicate, CmpiPredicate},
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, Region, RegionLike, Type, Value, ValueLike,
        attribute::{FlatSymbolRefAttribute, FloatAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::{IntegerType, MemRefType},
    },
};

use super::argmax::Fold;
use crate::names::SPLIT_THREADS;

/// Shared-memory arrays of one split, by name and element type.
const SHARED_ARRAYS: [(&str, Elem); 4] = [
    ("__ukernel_split_best", Elem::F32),
    ("__ukernel_split_at", Elem::I64),
    ("__ukernel_split_nan", Elem::I64),
    ("__ukernel_split_value", Elem::F32),
];

#[derive(Clone, Copy)]
enum Elem {
    F32,
    I64,
}

/// Why a fold on these operands cannot be split exactly, or Ok.
pub fn splittable(fold: &Fold, ops: &Operands) -> Result<(), String> {
    let index_element = ops.index_element.to_string();
    if fold.init_value.is_nan() {
        return Err("its value init is NaN".into());
    }
    if fold.combiner == "maxnumf" && fold.predicate == "first-nan" {
        return Err("maxnumf with the NaN-aware predicate takes the index of every NaN".into());
    }
    if !matches!(index_element.as_str(), "i64" | "i32" | "index") {
        return Err(format!("an index of type {}", ops.index_element));
    }
    Ok(())
}

/// The operands of the op, as the split reads and writes them.
pub struct Operands<'c, 'a> {
    pub input: Value<'c, 'a>,
    pub value: Value<'c, 'a>,
    pub index: Value<'c, 'a>,
    /// The input's dims (None: dynamic).
    pub dims: Vec<Option<u64>>,
    /// The input's element type: f32, bf16 or f16.
    pub element: Type<'c>,
    /// The index init's element type: i64, i32 or index.
    pub index_element: Type<'c>,
}

/// The split form of one op: the shared-memory arrays it reads (module-level
/// `memref.global`s in address space 3, one set per module), and a block of
/// ops that computes the fold in place of the op, on its operands.
pub struct SplitForm<'c> {
    pub globals: Vec<Operation<'c>>,
    pub body: Block<'c>,
}

/// A value whose lifetime is that of the op it is a result of, not of the
/// borrow of the block it was appended through.
type V<'c> = Value<'c, 'static>;

fn detach<'c>(v: Value<'c, '_>) -> V<'c> {
    // SAFETY: the op stays in its block, which the split form keeps.
    unsafe { Value::from_raw(v.to_raw()) }
}

/// Appends ops to blocks with one location.
struct Ir<'c> {
    context: &'c Context,
    location: Location<'c>,
}

impl<'c> Ir<'c> {
    fn op(&self, block: &Block<'c>, builder: OperationBuilder<'c>) -> Result<Option<V<'c>>, String> {
        let op = builder.build().map_err(|e| format!("internal error building the split form: {e}"))?;
        let op = block.append_operation(op);
        // (Asking an op without results for one prints it in the error,
        // which a detached op cannot be.)
        if op.result_count() == 0 {
            return Ok(None);
        }
        Ok(op.result_at(0).map(|r| detach(r.into())))
    }

    fn value(&self, block: &Block<'c>, builder: OperationBuilder<'c>) -> Result<V<'c>, String> {
        self.op(block, builder)?.ok_or_else(|| "internal error: an op without a result".into())
    }

    fn put(&self, block: &Block<'c>, op: Operation<'c>) -> Result<V<'c>, String> {
        let op = block.append_operation(op);
        op.result(0).map(|r| detach(r.into())).map_err(|e| format!("internal error: {e}"))
    }

    fn int(&self, block: &Block<'c>, ty: Type<'c>, v: i64) -> Result<V<'c>, String> {
        self.put(block, arith::constant(self.context, IntegerAttribute::new(ty, v).into(), self.location))
    }

    fn index(&self, block: &Block<'c>, v: i64) -> Result<V<'c>, String> {
        self.int(block, Type::index(self.context), v)
    }

    fn f32(&self, block: &Block<'c>, v: f64) -> Result<V<'c>, String> {
        let t = Type::float32(self.context);
        self.put(block, arith::constant(self.context, FloatAttribute::new(self.context, t, v).into(), self.location))
    }

    /// `name` of two operands of one type, yielding that type.
    fn binary(&self, block: &Block<'c>, name: &str, a: V<'c>, b: V<'c>) -> Result<V<'c>, String> {
        self.value(block, OperationBuilder::new(name, self.location).add_operands(&[a, b]).add_results(&[a.r#type()]))
    }

    fn cmpi(&self, block: &Block<'c>, p: CmpiPredicate, a: V<'c>, b: V<'c>) -> Result<V<'c>, String> {
        self.put(block, arith::cmpi(self.context, p, a, b, self.location))
    }

    fn cmpf(&self, block: &Block<'c>, p: CmpfPredicate, a: V<'c>, b: V<'c>) -> Result<V<'c>, String> {
        self.put(block, arith::cmpf(self.context, p, a, b, self.location))
    }

    fn select(&self, block: &Block<'c>, c: V<'c>, t: V<'c>, f: V<'c>) -> Result<V<'c>, String> {
        self.put(block, arith::select(c, t, f, self.location))
    }

    fn convert(&self, block: &Block<'c>, name: &str, v: V<'c>, to: Type<'c>) -> Result<V<'c>, String> {
        self.value(block, OperationBuilder::new(name, self.location).add_operands(&[v]).add_results(&[to]))
    }

    fn load(&self, block: &Block<'c>, memref: V<'c>, indices: &[V<'c>]) -> Result<V<'c>, String> {
        self.put(block, melior::dialect::memref::load(memref, indices, self.location))
    }

    fn store(&self, block: &Block<'c>, v: V<'c>, memref: V<'c>, indices: &[V<'c>]) {
        block.append_operation(melior::dialect::memref::store(v, memref, indices, self.location));
    }

    fn barrier(&self, block: &Block<'c>) -> Result<(), String> {
        self.op(block, OperationBuilder::new("nvvm.barrier0", self.location)).map(|_| ())
    }

    fn yield_(&self, block: &Block<'c>, values: &[V<'c>]) -> Result<(), String> {
        self.op(block, OperationBuilder::new("scf.yield", self.location).add_operands(values)).map(|_| ())
    }

    /// `scf.if cond { then }` (no results); `then` gets its yield here.
    fn if_(&self, block: &Block<'c>, cond: V<'c>, then: Block<'c>) -> Result<(), String> {
        self.yield_(&then, &[])?;
        let (then_region, else_region) = (Region::new(), Region::new());
        then_region.append_block(then);
        self.op(
            block,
            OperationBuilder::new("scf.if", self.location)
                .add_operands(&[cond])
                .add_regions([then_region, else_region]),
        )
        .map(|_| ())
    }

    /// `scf.for` from `lower` to `upper` by `step` carrying `inits`; `body`
    /// is the block (induction variable, then the carried values) with its
    /// yield. Returns the loop's results.
    fn for_(
        &self,
        block: &Block<'c>,
        bounds: [V<'c>; 3],
        inits: &[V<'c>],
        body: Block<'c>,
    ) -> Result<Vec<V<'c>>, String> {
        let region = Region::new();
        region.append_block(body);
        let mut operands = bounds.to_vec();
        operands.extend_from_slice(inits);
        let types: Vec<Type> = inits.iter().map(|v| v.r#type()).collect();
        let op = OperationBuilder::new("scf.for", self.location)
            .add_operands(&operands)
            .add_results(&types)
            .add_regions([region])
            .build()
            .map_err(|e| format!("internal error building the split form: {e}"))?;
        let op = block.append_operation(op);
        (0..types.len()).map(|i| op.result(i).map(|r| detach(r.into())).map_err(|e| e.to_string())).collect()
    }
}

/// The split form of `fold` on `ops` (see the module doc): one workgroup per
/// result (`block_x` over the product of the kept dims), [`SPLIT_THREADS`]
/// threads (`thread_x`) splitting its reduction.
pub fn split_form<'c>(
    context: &'c Context,
    location: Location<'c>,
    fold: &Fold,
    ops: &Operands<'c, '_>,
) -> Result<SplitForm<'c>, String> {
    splittable(fold, ops)?;
    let rank = ops.dims.len();
    let axis = fold.axis;
    if axis >= rank {
        return Err(format!("internal error: the reduction axis {axis} is past the input's rank {rank}"));
    }
    let ir = Ir { context, location };
    let (index, i64t, i1, f32t) = (
        Type::index(context),
        IntegerType::new(context, 64).into(),
        IntegerType::new(context, 1).into(),
        Type::float32(context),
    );
    let (input, vout, iout) = (detach(ops.input), detach(ops.value), detach(ops.index));
    // The shared arrays: name, element type and memref type.
    let arrays: Vec<(&str, Type<'c>, Type<'c>)> = SHARED_ARRAYS
        .iter()
        .map(|(n, e)| {
            let t = match e {
                Elem::F32 => f32t,
                Elem::I64 => i64t,
            };
            let space = IntegerAttribute::new(i64t, 3).into();
            (*n, t, MemRefType::new(t, &[SPLIT_THREADS], None, Some(space)).into())
        })
        .collect();
    let mut globals = Vec::new();
    for (n, _, ty) in &arrays {
        globals.push(
            OperationBuilder::new("memref.global", location)
                .add_attributes(&[
                    (Identifier::new(context, "sym_name"), StringAttribute::new(context, n).into()),
                    (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
                    (Identifier::new(context, "type"), TypeAttribute::new(*ty).into()),
                    (Identifier::new(context, "initial_value"), Attribute::unit(context)),
                ])
                .build()
                .map_err(|e| format!("internal error building the split form: {e}"))?,
        );
    }
    let top = Block::new(&[]);
    let w = &top;
    let c0 = ir.index(w, 0)?;
    let c1 = ir.index(w, 1)?;
    let threads = ir.index(w, SPLIT_THREADS)?;
    let half = ir.index(w, SPLIT_THREADS / 2)?;
    let levels = ir.index(w, SPLIT_THREADS.trailing_zeros() as i64)?;
    let ninf = ir.f32(w, f64::NEG_INFINITY)?;
    let none = ir.int(w, i64t, -1)?;
    let nonan = ir.int(w, i64t, i64::MAX)?;
    let truth = ir.int(w, i1, 1)?;
    let mut dims = Vec::new();
    for (d, size) in ops.dims.iter().enumerate() {
        dims.push(match size {
            Some(n) => ir.index(w, *n as i64)?,
            None => {
                let at = ir.index(w, d as i64)?;
                ir.value(
                    w,
                    OperationBuilder::new("memref.dim", location).add_operands(&[input, at]).add_results(&[index]),
                )?
            }
        });
    }
    let kept: Vec<usize> = (0..rank).filter(|d| *d != axis).collect();
    let mut rows = c1;
    for d in &kept {
        rows = ir.binary(w, "arith.muli", rows, dims[*d])?;
    }
    let mut shared = Vec::new();
    for (n, _, ty) in &arrays {
        shared.push(
            ir.value(
                w,
                OperationBuilder::new("memref.get_global", location)
                    .add_attributes(&[(
                        Identifier::new(context, "name"),
                        FlatSymbolRefAttribute::new(context, n).into(),
                    )])
                    .add_results(&[*ty]),
            )?,
        );
    }
    let [best, at, nan, value] = [shared[0], shared[1], shared[2], shared[3]];
    let row_block = Block::new(&[(index, location)]);
    let row = detach(row_block.argument(0).map_err(|e| e.to_string())?.into());
    let thread_block = Block::new(&[(index, location)]);
    let t = detach(thread_block.argument(0).map_err(|e| e.to_string())?.into());
    let tb = &thread_block;
    // The result's kept indices, delinearized (the last kept dim fastest).
    let mut index_of = vec![None; rank];
    let mut rest = row;
    for (i, d) in kept.iter().enumerate().rev() {
        if i == 0 {
            index_of[*d] = Some(rest);
        } else {
            index_of[*d] = Some(ir.binary(tb, "arith.remui", rest, dims[*d])?);
            rest = ir.binary(tb, "arith.divui", rest, dims[*d])?;
        }
    }
    let kept_indices: Vec<V> = kept.iter().filter_map(|d| index_of[*d]).collect();
    let (cmp, order) = match fold.predicate {
        "oge" => (CmpfPredicate::Oge, CmpiPredicate::Sgt),
        _ => (CmpfPredicate::Ogt, CmpiPredicate::Slt),
    };
    let comb = format!("arith.{}", fold.combiner);
    let element_is_f32 = ops.element == f32t;
    // One scan of this thread's positions below `limit` and the tree over
    // the threads' pieces, appended to `b`.
    let scan = |b: &Block<'c>, limit: V<'c>| -> Result<(), String> {
        let body =
            Block::new(&[(index, location), (f32t, location), (i64t, location), (i64t, location), (f32t, location)]);
        let arg =
            |i: usize| -> Result<V<'c>, String> { Ok(detach(body.argument(i).map_err(|e| e.to_string())?.into())) };
        let (k, m, a, n, v) = (arg(0)?, arg(1)?, arg(2)?, arg(3)?, arg(4)?);
        let input_indices: Vec<V> = (0..rank)
            .map(|d| if d == axis { Some(k) } else { index_of[d] })
            .collect::<Option<_>>()
            .ok_or("internal error: an index is missing")?;
        let bb = &body;
        let raw = ir.load(bb, input, &input_indices)?;
        let x = if element_is_f32 { raw } else { ir.convert(bb, "arith.extf", raw, f32t)? };
        let ki = ir.convert(bb, "arith.index_cast", k, i64t)?;
        let isnan = ir.cmpf(bb, CmpfPredicate::Uno, x, x)?;
        let num = ir.binary(bb, "arith.xori", isnan, truth)?;
        let beats = ir.cmpf(bb, cmp, x, m)?;
        let empty = ir.cmpi(bb, CmpiPredicate::Eq, a, none)?;
        let cand = ir.binary(bb, "arith.ori", beats, empty)?;
        let take = ir.binary(bb, "arith.andi", cand, num)?;
        let m2 = ir.select(bb, take, x, m)?;
        let a2 = ir.select(bb, take, ki, a)?;
        let kn = ir.select(bb, isnan, ki, nonan)?;
        let n2 = ir.binary(bb, "arith.minsi", n, kn)?;
        let v2 = ir.binary(bb, &comb, v, x)?;
        ir.yield_(bb, &[m2, a2, n2, v2])?;
        let pieces = ir.for_(b, [t, limit, threads], &[ninf, none, nonan, ninf], body)?;
        for (piece, array) in pieces.iter().zip([best, at, nan, value]) {
            ir.store(b, *piece, array, &[t]);
        }
        ir.barrier(b)?;
        // The tree: at level l, thread t < T/2^(l+1) takes in t + T/2^(l+1).
        let level = Block::new(&[(index, location)]);
        let l = detach(level.argument(0).map_err(|e| e.to_string())?.into());
        let h = ir.binary(&level, "arith.shrui", half, l)?;
        let active = ir.cmpi(&level, CmpiPredicate::Ult, t, h)?;
        let then = Block::new(&[]);
        let tt = &then;
        let u = ir.binary(tt, "arith.addi", t, h)?;
        let mut piece = Vec::new();
        for idx in [t, u] {
            let mut p = Vec::new();
            for array in [best, at, nan, value] {
                p.push(ir.load(tt, array, &[idx])?);
            }
            piece.push(p);
        }
        let (ma, aa, na, va) = (piece[0][0], piece[0][1], piece[0][2], piece[0][3]);
        let (mb, ab, nb, vb) = (piece[1][0], piece[1][1], piece[1][2], piece[1][3]);
        let bvalid = ir.cmpi(tt, CmpiPredicate::Ne, ab, none)?;
        let aempty = ir.cmpi(tt, CmpiPredicate::Eq, aa, none)?;
        let bgt = ir.cmpf(tt, CmpfPredicate::Ogt, mb, ma)?;
        let beq = ir.cmpf(tt, CmpfPredicate::Oeq, mb, ma)?;
        let border = ir.cmpi(tt, order, ab, aa)?;
        let tie = ir.binary(tt, "arith.andi", beq, border)?;
        let better = ir.binary(tt, "arith.ori", bgt, tie)?;
        let better2 = ir.binary(tt, "arith.ori", better, aempty)?;
        let takeb = ir.binary(tt, "arith.andi", bvalid, better2)?;
        let mc = ir.select(tt, takeb, mb, ma)?;
        let ac = ir.select(tt, takeb, ab, aa)?;
        let nc = ir.binary(tt, "arith.minsi", na, nb)?;
        let vc = ir.binary(tt, &comb, va, vb)?;
        for (v, array) in [mc, ac, nc, vc].into_iter().zip([best, at, nan, value]) {
            ir.store(tt, v, array, &[t]);
        }
        ir.if_(&level, active, then)?;
        ir.barrier(&level)?;
        ir.yield_(&level, &[])?;
        ir.for_(b, [c0, levels, c1], &[], level)?;
        Ok(())
    };
    scan(tb, dims[axis])?;
    let q = ir.load(tb, nan, &[c0])?;
    let v0 = ir.load(tb, value, &[c0])?;
    let hasnan = ir.cmpi(tb, CmpiPredicate::Ne, q, nonan)?;
    if fold.combiner == "maximumf" && fold.predicate != "first-nan" {
        // Every thread has read the combined piece before it is rewritten.
        let again = Block::new(&[]);
        ir.barrier(&again)?;
        let qi = ir.convert(&again, "arith.index_cast", q, index)?;
        scan(&again, qi)?;
        ir.if_(tb, hasnan, again)?;
    }
    let first = ir.cmpi(tb, CmpiPredicate::Eq, t, c0)?;
    let write = Block::new(&[]);
    let wb = &write;
    let fm = ir.load(wb, best, &[c0])?;
    let fa = ir.load(wb, at, &[c0])?;
    let init = ir.f32(wb, fold.init_value as f32 as f64)?;
    let initi = ir.int(wb, i64t, fold.init_index)?;
    let valid = ir.cmpi(wb, CmpiPredicate::Ne, fa, none)?;
    let beat = ir.cmpf(wb, cmp, fm, init)?;
    let win = ir.binary(wb, "arith.andi", valid, beat)?;
    let idx0 = ir.select(wb, win, fa, initi)?;
    let idx = if fold.predicate == "first-nan" { ir.select(wb, hasnan, q, idx0)? } else { idx0 };
    let val = ir.binary(wb, &comb, init, v0)?;
    let val = if element_is_f32 { val } else { ir.convert(wb, "arith.truncf", val, ops.element)? };
    let idx = if ops.index_element == i64t {
        idx
    } else if ops.index_element == index {
        ir.convert(wb, "arith.index_cast", idx, index)?
    } else if ops.index_element == IntegerType::new(context, 32).into() {
        ir.convert(wb, "arith.trunci", idx, ops.index_element)?
    } else {
        return Err(format!("internal error: an index of type {}", ops.index_element));
    };
    ir.store(wb, val, vout, &kept_indices);
    ir.store(wb, idx, iout, &kept_indices);
    ir.if_(tb, first, write)?;
    let thread_loop =
        crate::call_builder::parallel(context, location, c0, c1, &[threads], &["thread_x"], thread_block)?;
    row_block.append_operation(thread_loop);
    let row_loop = crate::call_builder::parallel(context, location, c0, c1, &[rows], &["block_x"], row_block)?;
    top.append_operation(row_loop);
    Ok(SplitForm { globals, body: top })
}
