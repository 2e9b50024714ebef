//! The store function through which a matmul ukernel writes a fused
//! elementwise consumer's output, built with op builders: the consumer's
//! own body ops, cloned, between loads of its extra operand and stores of
//! its result.
//!
//! The C ABI is matmul_common.h's `UkStore`: `func.func private @name(%out,
//! %out_offset, %ld, %operand, %operand_offset, %row, %col, %v0, %v1,
//! %mode)` writes `body(v, operand[...])` to `out[out_offset + row * ld +
//! col]` (offsets in elements) for `v0` at `col` and, by `mode`, for `v1` at
//! `col + 1`: 1 writes `col` alone, 2 both with one vector store (the
//! ukernel passes it where that address is aligned to two elements), 3 both
//! with two stores. The body runs for both values before the stores, so a
//! ukernel that inlines one call per accumulator pair holds one copy of it
//! per pair. The extra operand is read with invariant loads (a dispatch's
//! input, which its kernel never writes): LLVM may then share them between
//! pairs and issue them ahead of the pairs' stores, which it would
//! otherwise have to order after every earlier store (the wgmma ukernel's
//! bias + GELU epilogue went from 1.07-1.22 to 0.99-1.10 of the plain
//! ukernel on an H200, BENCHMARKS.md). A full-matrix operand (a residual)
//! has the output's shape and layout, so it shares the output's `ld`.
//!
//! A consumer of several other inputs (a bias and a residual) gets them
//! through `%operand` as a table the caller fills: for input i, its aligned
//! pointer and its element offset as two i64s at elements 2i and 2i + 1
//! (`%operand_offset` is then 0). The ukernel only passes the pointer on.

use crate::ir::Checked as _;
use melior::{
    Context,
    dialect::{func, scf},
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, Location, Operation, Region, RegionLike, Type, Value,
        ValueLike,
        attribute::{DenseI32ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::{FunctionType, IntegerType, TypeLike},
    },
};

use crate::{
    build::{Captured, ValueMap},
    fusion::{Broadcast, Consumer, FUSED_FUNCTION_ATTR},
};

/// The store function's modes, matmul_common.h's UK_STORE_ONE and
/// UK_STORE_VECTOR: the first element alone, both with one vector store
/// (UK_STORE_TWO, both one by one, is the rest).
const STORE_ONE: i64 = 1;
const STORE_VECTOR: i64 = 2;

/// Appends ops to one block.
struct Emit<'c, 'b> {
    context: &'c Context,
    block: BlockRef<'c, 'b>,
    location: Location<'c>,
}

impl<'c, 'b> Emit<'c, 'b> {
    fn op(&self, builder: OperationBuilder<'c>) -> Result<melior::ir::OperationRef<'c, 'b>, String> {
        let op = builder.build().map_err(|e| format!("internal error building the store function: {e}"))?;
        Ok(self.block.append_operation(op))
    }

    fn value(&self, builder: OperationBuilder<'c>) -> Result<Value<'c, 'b>, String> {
        let op = self.op(builder)?;
        let v = op.result(0).map_err(|e| e.to_string())?;
        // The op lives in the block as long as the function does.
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        Ok(unsafe { Value::from_raw(v.to_raw()) })
    }

    fn constant(&self, ty: Type<'c>, v: i64) -> Result<Value<'c, 'b>, String> {
        self.value(
            OperationBuilder::new("arith.constant", self.location)
                .add_attributes(&[(Identifier::new(self.context, "value"), IntegerAttribute::new(ty, v).into())])
                .add_results(&[ty]),
        )
    }

    fn binary(&self, op: &str, a: Value<'c, '_>, b: Value<'c, '_>) -> Result<Value<'c, 'b>, String> {
        self.value(OperationBuilder::new(op, self.location).add_operands(&[a, b]).add_results(&[a.r#type()]))
    }

    fn cmpi_eq(&self, a: Value<'c, '_>, b: Value<'c, '_>) -> Result<Value<'c, 'b>, String> {
        let i64t = IntegerType::new(self.context, 64).into();
        self.value(
            OperationBuilder::new("arith.cmpi", self.location)
                .add_attributes(&[(Identifier::new(self.context, "predicate"), IntegerAttribute::new(i64t, 0).into())])
                .add_operands(&[a, b])
                .add_results(&[IntegerType::new(self.context, 1).into()]),
        )
    }

    /// `&base[index]` for elements of type `element`.
    fn element_ptr(
        &self,
        base: Value<'c, '_>,
        index: Value<'c, '_>,
        element: Type<'c>,
    ) -> Result<Value<'c, 'b>, String> {
        self.value(
            OperationBuilder::new("llvm.getelementptr", self.location)
                .add_attributes(&[
                    (
                        Identifier::new(self.context, "rawConstantIndices"),
                        DenseI32ArrayAttribute::new(self.context, &[i32::MIN]).into(),
                    ),
                    (Identifier::new(self.context, "elem_type"), TypeAttribute::new(element).into()),
                ])
                .add_operands(&[base, index])
                .add_results(&[melior::dialect::llvm::r#type::pointer(self.context, 0)]),
        )
    }

    fn load_invariant(&self, ptr: Value<'c, '_>, element: Type<'c>) -> Result<Value<'c, 'b>, String> {
        self.value(
            OperationBuilder::new("llvm.load", self.location)
                .add_attributes(&[(Identifier::new(self.context, "invariant"), Attribute::unit(self.context))])
                .add_operands(&[ptr])
                .add_results(&[element]),
        )
    }

    fn store(&self, value: Value<'c, '_>, ptr: Value<'c, '_>, align: Option<i64>) -> Result<(), String> {
        let mut builder = OperationBuilder::new("llvm.store", self.location).add_operands(&[value, ptr]);
        if let Some(a) = align {
            let i64t = IntegerType::new(self.context, 64).into();
            builder = builder
                .add_attributes(&[(Identifier::new(self.context, "alignment"), IntegerAttribute::new(i64t, a).into())]);
        }
        self.op(builder).map(|_| ())
    }
}

/// Clones the consumer's body into `emit`'s block for one element: its
/// block argument of the result becomes `c`, those of its other inputs the
/// elements in `e` (in the order of `consumer.operands`); constants it
/// captures from outside are cloned too. Returns the value it yields.
fn clone_body<'c, 'b>(
    emit: &Emit<'c, 'b>,
    consumer: &Consumer<'c, '_>,
    c: Value<'c, 'b>,
    e: &[Value<'c, 'b>],
) -> Result<Value<'c, 'b>, String> {
    let body = consumer.op.region_at(0).and_then(|r| r.first_block()).ok_or("the consumer has no body")?;
    let arg = |i: usize| -> Result<Value, String> { body.argument(i).map(Value::from).map_err(|e| e.to_string()) };
    let mut mapped = ValueMap::default();
    mapped.insert(arg(consumer.result_input)?, c);
    for (operand, value) in consumer.operands.iter().zip(e) {
        mapped.insert(arg(operand.input)?, *value);
    }
    crate::build::clone_body(&consumer.op, &emit.block, &mut mapped, Captured::CloneConstant, "consumer")
}

/// The store function of `consumer`, named `name_` (see the module doc).
pub fn store_function<'c>(
    context: &'c Context,
    consumer: &Consumer<'c, '_>,
    name_: &str,
) -> Result<Operation<'c>, String> {
    let location: Location<'c> = consumer.op.location();
    let elem = |v: Value| -> Result<Type<'c>, String> {
        let (_, t) = crate::ir::shape_of(v.r#type()).ok_or("not a shaped value")?;
        // Types live as long as the context.
        // SAFETY: types are uniqued in the context and live as long as it.
        Ok(unsafe { Type::from_raw(t.to_raw()) })
    };
    let out_type = elem(consumer.out)?;
    let bytes = match out_type.to_string().as_str() {
        "f32" | "i32" => 4,
        "f16" | "bf16" | "i16" => 2,
        t => return Err(format!("a {t} output")),
    };
    let ptr = melior::dialect::llvm::r#type::pointer(context, 0);
    let (i64t, i32t, f32t): (Type, Type, Type) =
        (IntegerType::new(context, 64).into(), IntegerType::new(context, 32).into(), Type::float32(context));
    let inputs = [ptr, i64t, i64t, ptr, i64t, i64t, i64t, f32t, f32t, i32t];
    let region = Region::new();
    let entry = region.append_block(Block::new(&inputs.map(|t| (t, location))));
    let arg = |i: usize| -> Result<Value, String> { entry.argument(i).map(Value::from).map_err(|e| e.to_string()) };
    let (out, out_off, ld, opd, opd_off, row, col0) = (arg(0)?, arg(1)?, arg(2)?, arg(3)?, arg(4)?, arg(5)?, arg(6)?);
    let (v0, v1, mode) = (arg(7)?, arg(8)?, arg(9)?);
    let emit = Emit { context, block: entry, location };
    let single = emit.cmpi_eq(mode, emit.constant(i32t, STORE_ONE)?)?;
    let one = emit.constant(i64t, 1)?;
    // (For a single element the second column is the first again, so that
    // the extra operand is read in bounds; its result is not stored.)
    let next = emit.value(
        OperationBuilder::new("arith.select", location)
            .add_operands(&[single, emit.constant(i64t, 0)?, one])
            .add_results(&[i64t]),
    )?;
    let col1 = emit.binary("arith.addi", col0, next)?;
    // Each other input's base and element offset: the arguments for one,
    // the caller's table for several.
    let mut sources = Vec::new();
    if let [_] = consumer.operands[..] {
        sources.push((opd, opd_off));
    } else {
        for i in 0..consumer.operands.len() as i64 {
            let entry = |k: i64| -> Result<Value, String> {
                emit.load_invariant(emit.element_ptr(opd, emit.constant(i64t, 2 * i + k)?, i64t)?, i64t)
            };
            let base = emit.value(
                OperationBuilder::new("llvm.inttoptr", location).add_operands(&[entry(0)?]).add_results(&[ptr]),
            )?;
            sources.push((base, entry(1)?));
        }
    }
    // An input's element at a column (a row vector's is one for both, read
    // once).
    let load = |i: usize, at: Value<'c, '_>| -> Result<Value, String> {
        let e_type = elem(consumer.operands[i].value)?;
        let (base, offset) = sources[i];
        let index = emit.binary("arith.addi", offset, at)?;
        emit.load_invariant(emit.element_ptr(base, index, e_type)?, e_type)
    };
    // Elements the same along the row: a row vector's (at the row) and a
    // scalar's (its one), read once for both columns.
    let mut row_elements = Vec::new();
    for (i, o) in consumer.operands.iter().enumerate() {
        row_elements.push(match o.broadcast {
            Broadcast::Row => Some(load(i, row)?),
            Broadcast::Scalar => Some(load(i, emit.constant(i64t, 0)?)?),
            Broadcast::Column | Broadcast::Full => None,
        });
    }
    let mut results = Vec::new();
    for (v, col) in [(v0, col0), (v1, col1)] {
        let mut e = Vec::new();
        for (i, o) in consumer.operands.iter().enumerate() {
            e.push(match o.broadcast {
                Broadcast::Row | Broadcast::Scalar => row_elements[i].ok_or("internal error: no row element")?,
                Broadcast::Column => load(i, col)?,
                Broadcast::Full => load(i, emit.binary("arith.addi", emit.binary("arith.muli", row, ld)?, col)?)?,
            });
        }
        let r = clone_body(&emit, consumer, v, &e)?;
        if r.r#type() != out_type {
            return Err(format!("the consumer yields {} into a {out_type} output", r.r#type()));
        }
        results.push(r);
    }
    let at =
        emit.binary("arith.addi", emit.binary("arith.addi", emit.binary("arith.muli", row, ld)?, col0)?, out_off)?;
    let p = emit.element_ptr(out, at, out_type)?;
    let vector = emit.cmpi_eq(mode, emit.constant(i32t, STORE_VECTOR)?)?;
    // Both as one vector store.
    let both = Region::new();
    let both_block = both.append_block(Block::new(&[]));
    {
        let e = Emit { context, block: both_block, location };
        let vector_type = Type::vector(&[2], out_type);
        let mut w = e.value(OperationBuilder::new("llvm.mlir.poison", location).add_results(&[vector_type]))?;
        for (lane, r) in results.iter().enumerate() {
            let position = e.constant(i32t, lane as i64)?;
            w = e.value(
                OperationBuilder::new("llvm.insertelement", location)
                    .add_operands(&[w, *r, position])
                    .add_results(&[vector_type]),
            )?;
        }
        e.store(w, p, Some(2 * bytes))?;
        e.op(OperationBuilder::new("scf.yield", location))?;
    }
    // One, or both one by one.
    let apart = Region::new();
    let apart_block = apart.append_block(Block::new(&[]));
    {
        let e = Emit { context, block: apart_block, location };
        e.store(results[0], p, None)?;
        let first_only = Region::new();
        first_only.append_block(Block::new(&[])).append_operation(scf::r#yield(&[], location));
        let second = Region::new();
        let second_block = second.append_block(Block::new(&[]));
        {
            let s = Emit { context, block: second_block, location };
            let p1 = s.element_ptr(p, one, out_type)?;
            s.store(results[1], p1, None)?;
            s.op(OperationBuilder::new("scf.yield", location))?;
        }
        e.op(OperationBuilder::new("scf.if", location).add_operands(&[single]).add_regions([first_only, second]))?;
        e.op(OperationBuilder::new("scf.yield", location))?;
    }
    emit.op(OperationBuilder::new("scf.if", location).add_operands(&[vector]).add_regions([both, apart]))?;
    emit.op(OperationBuilder::new("func.return", location))?;
    Ok(func::func(
        context,
        StringAttribute::new(context, name_),
        TypeAttribute::new(FunctionType::new(context, &inputs, &[]).into()),
        region,
        &[
            (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
            (Identifier::new(context, FUSED_FUNCTION_ATTR), Attribute::unit(context)),
        ],
        location,
    ))
}

#[cfg(test)]
mod tests {
    use melior::ir::Module;

    use crate::{
        dispatch::linalg_ops,
        fusion::{Consumer, output_consumer},
        ir::name,
    };

    /// The store function of the consumer of `source`'s matmul, built and
    /// JIT-compiled for the CPU; with the consumer, for the test's checks.
    fn jitted_store<'c, 'a>(
        context: &'c melior::Context,
        source: &'a Module<'c>,
    ) -> (Consumer<'c, 'a>, melior::ExecutionEngine, unsafe extern "C" fn(*mut *mut ())) {
        let matmul = linalg_ops(&source.as_operation()).into_iter().find(|o| name(o) == "linalg.matmul").unwrap();
        let consumer = output_consumer(&matmul, 2).unwrap().unwrap();
        let function = super::store_function(context, &consumer, "store").unwrap();
        let (engine, packed) = crate::build::jit_function(
            context,
            function,
            "builtin.module(convert-scf-to-cf,arith-expand{include-bf16=true},convert-to-llvm,reconcile-unrealized-casts)",
            "store",
        );
        (consumer, engine, packed)
    }

    /// Calls the store function: `store(out, 0, ld, operand, 0, row, col,
    /// v0, v1, mode)` (pointers and offsets as the ABI takes them).
    fn store(
        packed: unsafe extern "C" fn(*mut *mut ()),
        out: u64,
        ld: u64,
        operand: u64,
        (row, col): (usize, usize),
        (v0, v1): (f32, f32),
        mode: u64,
    ) {
        let mut args: Vec<u64> =
            vec![out, 0, ld, operand, 0, row as u64, col as u64, v0.to_bits() as u64, v1.to_bits() as u64, mode];
        let mut pointers: Vec<*mut ()> = args.iter_mut().map(|a| a as *mut u64 as *mut ()).collect();
        // SAFETY: the arguments match the function's signature, and the
        // buffers behind the pointers outlive the call.
        unsafe { packed(pointers.as_mut_ptr()) };
    }

    /// A matmul whose consumer adds a residual matrix, scales by 2 and
    /// writes bf16; the store function is JIT-compiled for the CPU and
    /// called in each mode.
    const MODULE: &str = r#"
        func.func @f(%a: tensor<4x8xbf16>, %w: tensor<8x6xbf16>, %r: tensor<4x6xf32>) -> tensor<4x6xbf16> {
          %zero = arith.constant 0.0 : f32
          %two = arith.constant 2.0 : f32
          %e = tensor.empty() : tensor<4x6xf32>
          %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
          %c = linalg.matmul ins(%a, %w : tensor<4x8xbf16>, tensor<8x6xbf16>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
          %oe = tensor.empty() : tensor<4x6xbf16>
          %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
              ins(%r, %c : tensor<4x6xf32>, tensor<4x6xf32>) outs(%oe : tensor<4x6xbf16>) {
          ^bb0(%res: f32, %x: f32, %out: bf16):
            %s = arith.addf %x, %res : f32
            %m = arith.mulf %s, %two : f32
            %t = arith.truncf %m : f32 to bf16
            linalg.yield %t : bf16
          } -> tensor<4x6xbf16>
          return %o : tensor<4x6xbf16>
        }"#;

    #[test]
    fn a_consumer_of_several_inputs_reads_them_through_the_table() {
        // (x + bias[col]) * scale[row] + residual[row, col], to f32; the
        // inputs in another order than their use.
        const TWO: &str = r#"
        func.func @f(%a: tensor<4x8xbf16>, %w: tensor<8x6xbf16>, %r: tensor<4x6xf32>, %bias: tensor<6xbf16>, %scale: tensor<4xf32>) -> tensor<4x6xf32> {
          %zero = arith.constant 0.0 : f32
          %e = tensor.empty() : tensor<4x6xf32>
          %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
          %c = linalg.matmul ins(%a, %w : tensor<4x8xbf16>, tensor<8x6xbf16>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
          %oe = tensor.empty() : tensor<4x6xf32>
          %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
              ins(%r, %bias, %c, %scale : tensor<4x6xf32>, tensor<6xbf16>, tensor<4x6xf32>, tensor<4xf32>) outs(%oe : tensor<4x6xf32>) {
          ^bb0(%res: f32, %b: bf16, %x: f32, %s: f32, %out: f32):
            %bf = arith.extf %b : bf16 to f32
            %t = arith.addf %x, %bf : f32
            %m = arith.mulf %t, %s : f32
            %y = arith.addf %m, %res : f32
            linalg.yield %y : f32
          } -> tensor<4x6xf32>
          return %o : tensor<4x6xf32>
        }"#;
        let context = ukernel_dialect::create_context().unwrap();
        let source = Module::parse(&context, TWO).unwrap();
        let (consumer, _engine, packed) = jitted_store(&context, &source);
        assert_eq!((consumer.result_input, consumer.operands.len()), (2, 3));
        let residual: Vec<f32> = (0..24).map(|i| i as f32 * 0.25).collect();
        // Offsets into the bias and scale buffers (1 and 2 elements in).
        let bias: Vec<u16> = (0..7).map(|i| half::bf16::from_f32(i as f32 - 3.0).to_bits()).collect();
        let scale: Vec<f32> = (0..6).map(|i| 1.0 + i as f32 * 0.5).collect();
        // The table: (pointer, offset) per input, in the consumer's input order.
        let table: Vec<u64> = vec![residual.as_ptr() as u64, 0, bias.as_ptr() as u64, 1, scale.as_ptr() as u64, 2];
        let (row, col, v0, v1) = (1usize, 2usize, 1.5f32, -3.0f32);
        let mut out = vec![0f32; 24];
        store(packed, out.as_mut_ptr() as u64, 6, table.as_ptr() as u64, (row, col), (v0, v1), 3);
        for (i, v) in [v0, v1].into_iter().enumerate() {
            let c = col + i;
            let b = half::bf16::from_bits(bias[1 + c]).to_f32();
            let want = (v + b) * scale[2 + row] + residual[row * 6 + c];
            assert_eq!(out[row * 6 + c], want, "element ({row}, {c})");
        }
        assert_eq!(out.iter().filter(|x| **x != 0.0).count(), 2);
    }

    #[test]
    fn the_store_function_computes_the_consumer_in_every_mode() {
        let context = ukernel_dialect::create_context().unwrap();
        let source = Module::parse(&context, MODULE).unwrap();
        // The result is the consumer's second input; the residual its operand.
        let (consumer, _engine, packed) = jitted_store(&context, &source);
        assert_eq!(consumer.result_input, 1);
        // A 4 x 6 output with row stride 6; the residual likewise.
        let residual: Vec<f32> = (0..24).map(|i| i as f32 * 0.25).collect();
        let bf16 = |x: f32| half::bf16::from_f32(x).to_bits();
        for (mode, row, col, stored) in [(1, 2, 5, vec![5]), (2, 1, 2, vec![2, 3]), (3, 3, 0, vec![0, 1])] {
            let mut out = vec![0u16; 24];
            let (v0, v1) = (1.5f32, -3.0f32);
            store(packed, out.as_mut_ptr() as u64, 6, residual.as_ptr() as u64, (row, col), (v0, v1), mode);
            for (i, v) in [v0, v1].into_iter().enumerate() {
                let c = col + i;
                let at = row * 6 + c;
                let want = if stored.contains(&c) { bf16((v + residual[at]) * 2.0) } else { 0 };
                assert_eq!(out[at], want, "mode {mode}, element ({row}, {c})");
            }
            assert_eq!(out.iter().filter(|x| **x != 0).count(), stored.len(), "mode {mode} wrote only its elements");
        }
    }
}
