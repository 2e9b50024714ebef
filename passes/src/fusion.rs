//! Elementwise producers a ukernel absorbs through a fusion point.
//!
//! A ukernel with an `input_map` fusion point (the registry's `fusion` tag)
//! reads each element of its input through a function `E map(E)`. When a
//! dispatch computes its root op's input with an elementwise
//! `linalg.generic` (identity maps, one input of the root's element type,
//! a body of float arithmetic and math on the element and constants, all in
//! that type), the producer can be folded into the ukernel: the lowering
//! turns the body into a private function, passes its address, and drops
//! the producer and its buffer. The kernel inlines the ukernel, so the
//! address is a constant there and LLVM inlines the function into the loop.
//!
//! On tensors the producer is the op defining the root's input; on memrefs,
//! the last op before the root that uses the input buffer (it must write
//! it), and the buffer must be local (allocated in the dispatch, used by
//! nothing but the two ops and its deallocation).

use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        ValueLike,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::{FunctionType, IntegerType, TypeLike},
    },
};

use crate::ir::{body_ops, defining_op, float_constant, name, operand_segments, reduction_loops, same, users};

/// Marks the functions fusion creates (not dispatches).
pub const FUSED_FUNCTION_ATTR: &str = "ukernel.fused_function";

/// Binary float ops a fused body may use, as `arith.<name>`.
const BINARY: &[&str] = &["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf"];
/// Unary ops: `arith.negf` and these `math.<name>`.
const MATH_UNARY: &[&str] = &["tanh", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "absf", "sin", "cos"];

/// An elementwise producer a fusion point can absorb.
pub struct Producer<'c, 'a> {
    /// The producer op.
    pub op: OperationRef<'c, 'a>,
    /// What it reads (a tensor or memref of the root's element type).
    pub source: Value<'c, 'a>,
    /// What it writes and the root reads.
    pub result: Value<'c, 'a>,
    /// Its body in postfix (`x 2.0 mulf 30.0 divf tanh ...`), which the
    /// CPU references replay.
    pub postfix: String,
}

/// The elementwise producer of `root`'s operand `operand`: `Ok(None)` when
/// the operand has none (a function argument, say), `Err(why)` when it has
/// one that cannot be fused.
pub fn input_producer<'c, 'a>(root: &OperationRef<'c, 'a>, operand: usize) -> Result<Option<Producer<'c, 'a>>, String> {
    let input = root.operand(operand).map_err(|e| e.to_string())?;
    let producer = if crate::ir::is_memref(input.r#type()) {
        match crate::ir::last_use_before(root, input) {
            Some(p) if name(&p) != "linalg.fill" => p,
            _ => return Ok(None),
        }
    } else {
        match defining_op(input) {
            Some(p) if name(&p) != "tensor.empty" => p,
            _ => return Ok(None),
        }
    };
    let what = name(&producer);
    if what != "linalg.generic" {
        return Err(format!("its input comes from '{what}', not an elementwise linalg.generic"));
    }
    if operand_segments(&producer).as_deref() != Some(&[1, 1]) {
        return Err("its producer does not have one input and one output".into());
    }
    let loops = reduction_loops(&producer).ok_or("its producer has no iterator types")?;
    let all: Vec<usize> = (0..loops.len()).collect();
    let maps = crate::ir::indexing_maps(&producer).ok_or("its producer has no indexing maps")?;
    if loops.iter().any(|r| *r) || maps.iter().any(|m| !m.is(&all)) {
        return Err("its producer is not elementwise (identity maps, parallel loops)".into());
    }
    let source = producer.operand(0).map_err(|e| e.to_string())?;
    let output = producer.operand(1).map_err(|e| e.to_string())?;
    let result = if crate::ir::is_memref(input.r#type()) {
        if !same(output, input) {
            return Err("its producer does not write the input buffer".into());
        }
        if input.is_block_argument() || defining_op(input).is_none_or(|d| name(&d) != "memref.alloc") {
            return Err("the producer's buffer is not local to the dispatch".into());
        }
        let others = users(input).into_iter().filter(|u| {
            u.to_raw().ptr != root.to_raw().ptr
                && u.to_raw().ptr != producer.to_raw().ptr
                && name(u) != "memref.dealloc"
        });
        if others.count() > 0 {
            return Err("the producer's result is used beside the op".into());
        }
        input
    } else {
        let r: Value = producer.result(0).map_err(|e| e.to_string())?.into();
        if users(r).len() != 1 {
            return Err("the producer's result is used beside the op".into());
        }
        r
    };
    let (_, in_elem) = crate::ir::shape_of(source.r#type()).ok_or("its producer reads no shaped value")?;
    let (_, out_elem) = crate::ir::shape_of(input.r#type()).ok_or("its input is not shaped")?;
    if in_elem != out_elem {
        return Err(format!("its producer converts {in_elem} to {out_elem}"));
    }
    let body = producer.region(0).ok().and_then(|r| r.first_block()).ok_or("the producer has no body")?;
    let x: Value = body.argument(0).map_err(|e| e.to_string())?.into();
    let postfix = body_postfix(&producer, "producer", &[(x, "x")], Typing::Element(out_elem))?;
    Ok(Some(Producer { op: producer, source, result, postfix }))
}

/// How a body's postfix spells types: a producer's body is all in its
/// element type (tokens untyped); a consumer's operations each carry their
/// result type (`addf:f32`, `truncf:bf16`).
#[derive(Clone, Copy)]
enum Typing<'c> {
    Element(Type<'c>),
    Typed,
}

/// Checks the body of an elementwise `linalg.generic` (`what`: "producer"
/// or "consumer", for messages) and writes its yielded value in postfix:
/// `leaves` name block arguments (`x`; `c`, `e`), then constants and the
/// fusable operations (`negf`, `truncf`, `extf`, [`BINARY`], [`MATH_UNARY`]).
fn body_postfix(op: &OperationRef, what: &str, leaves: &[(Value, &str)], typing: Typing) -> Result<String, String> {
    let yielded = body_ops(op)
        .last()
        .filter(|y| name(y) == "linalg.yield")
        .and_then(|y| y.operand(0).ok())
        .ok_or_else(|| format!("the {what}'s body yields nothing"))?;
    // The type suffix of the token of `v` (a constant, or the result of
    // `op`), checking it is a type the body may have.
    let suffix = |v: Value, op: Option<&str>| -> Result<String, String> {
        let t = v.r#type();
        match (typing, op) {
            (Typing::Element(element), _) if t == element => Ok(String::new()),
            (Typing::Element(_), None) => Err(format!("a constant of another type in the {what}")),
            (Typing::Element(element), Some(op)) => Err(format!("'{op}' in the {what} is not on {element}")),
            (Typing::Typed, _) if matches!(t.to_string().as_str(), "f32" | "f16" | "bf16") => Ok(format!(":{t}")),
            (Typing::Typed, _) => Err(format!("a {t} value in the {what}")),
        }
    };
    fn walk(
        v: Value,
        what: &str,
        leaves: &[(Value, &str)],
        suffix: &dyn Fn(Value, Option<&str>) -> Result<String, String>,
        depth: u32,
        out: &mut Vec<String>,
    ) -> Result<(), String> {
        if depth > 64 {
            return Err(format!("the {what}'s body is too deep"));
        }
        if let Some((_, leaf)) = leaves.iter().find(|(l, _)| same(v, *l)) {
            out.push(leaf.to_string());
            return Ok(());
        }
        let def = defining_op(v).ok_or_else(|| format!("the {what}'s body reads its output element"))?;
        if let Some(c) = float_constant(&def) {
            out.push(format!("{c:?}{}", suffix(v, None)?));
            return Ok(());
        }
        let op = name(&def);
        let (dialect, base) = op.split_once('.').unwrap_or(("", op.as_str()));
        let arity = match (dialect, base) {
            ("arith", "negf" | "truncf" | "extf") => 1,
            ("arith", b) if BINARY.contains(&b) => 2,
            ("math", b) if MATH_UNARY.contains(&b) => 1,
            _ => return Err(format!("'{op}' in the {what} is not fusable")),
        };
        if def.operand_count() != arity {
            return Err(format!("'{op}' in the {what} takes {} operands", def.operand_count()));
        }
        let ty = suffix(v, Some(&op))?;
        for i in 0..arity {
            walk(def.operand(i).map_err(|e| e.to_string())?, what, leaves, suffix, depth + 1, out)?;
        }
        out.push(format!("{base}{ty}"));
        Ok(())
    }
    let mut tokens = Vec::new();
    walk(yielded, what, leaves, &suffix, 0, &mut tokens)?;
    Ok(tokens.join(" "))
}

/// The element type the ukernel's map takes: f32 as is, 16-bit floats as
/// their bits (the C side reads them as `unsigned short`).
pub fn map_abi_type<'c>(context: &'c Context, element: Type<'c>) -> Type<'c> {
    if element.to_string() == "f32" { element } else { IntegerType::new(context, 16).into() }
}

/// Builds `func.func private @name(%x: T) -> T` computing the producer's
/// body on one element (T: the ABI type, see [`map_abi_type`]).
pub fn map_function<'c>(
    context: &'c Context,
    producer: &Producer<'c, '_>,
    name_: &str,
) -> Result<Operation<'c>, String> {
    let location = producer.op.location();
    let (_, element) = crate::ir::shape_of(producer.result.r#type()).ok_or("the producer writes no shaped value")?;
    let element: Type<'c> = unsafe { Type::from_raw(element.to_raw()) };
    let abi = map_abi_type(context, element);
    let block = Block::new(&[(abi, location)]);
    let arg: Value = block.argument(0).map_err(|e| e.to_string())?.into();
    let emit = |op: Operation<'c>| -> Result<Value<'c, '_>, String> {
        let op = block.append_operation(op);
        Ok(unsafe { Value::from_raw(op.result(0).map_err(|e| e.to_string())?.to_raw()) })
    };
    let bitcast = |v: Value<'c, '_>, to: Type<'c>| {
        OperationBuilder::new("arith.bitcast", location).add_operands(&[v]).add_results(&[to]).build()
    };
    let x = if abi == element { arg } else { emit(bitcast(arg, element).map_err(|e| e.to_string())?)? };
    // Replays the postfix: each token one op.
    let mut stack: Vec<Value> = Vec::new();
    for token in producer.postfix.split_whitespace() {
        let v = match token {
            "x" => x,
            "negf" => {
                let a = pop(&mut stack)?;
                emit(unary("arith.negf", a, element, location)?)?
            }
            t if BINARY.contains(&t) => {
                let b = pop(&mut stack)?;
                let a = pop(&mut stack)?;
                emit(
                    OperationBuilder::new(&format!("arith.{t}"), location)
                        .add_operands(&[a, b])
                        .add_results(&[element])
                        .build()
                        .map_err(|e| e.to_string())?,
                )?
            }
            t if MATH_UNARY.contains(&t) => {
                let a = pop(&mut stack)?;
                emit(unary(&format!("math.{t}"), a, element, location)?)?
            }
            literal => {
                let value: f64 = literal.parse().map_err(|_| format!("internal error: token {literal}"))?;
                let attr = Attribute::parse(context, &float_literal(value, &element.to_string()))
                    .ok_or_else(|| format!("internal error: constant {literal}"))?;
                emit(melior::dialect::arith::constant(context, attr, location))?
            }
        };
        stack.push(v);
    }
    let mut result = stack.pop().ok_or("internal error: empty postfix")?;
    if abi != element {
        result = emit(bitcast(result, abi).map_err(|e| e.to_string())?)?;
    }
    block.append_operation(melior::dialect::func::r#return(&[result], location));
    let region = Region::new();
    region.append_block(block);
    Ok(melior::dialect::func::func(
        context,
        StringAttribute::new(context, name_),
        TypeAttribute::new(FunctionType::new(context, &[abi], &[abi]).into()),
        region,
        &[
            (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
            (Identifier::new(context, FUSED_FUNCTION_ATTR), Attribute::unit(context)),
        ],
        location,
    ))
}

fn pop<'c, 'b>(stack: &mut Vec<Value<'c, 'b>>) -> Result<Value<'c, 'b>, String> {
    stack.pop().ok_or_else(|| "internal error: postfix underflow".to_string())
}

fn unary<'c>(op: &str, a: Value<'c, '_>, ty: Type<'c>, location: Location<'c>) -> Result<Operation<'c>, String> {
    OperationBuilder::new(op, location).add_operands(&[a]).add_results(&[ty]).build().map_err(|e| e.to_string())
}

/// How a consumer's extra operand is indexed: per column (`(d0, d1) ->
/// (d1)`, a bias of N) or per row (`(d0, d1) -> (d0)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broadcast {
    Column,
    Row,
}

/// An elementwise consumer of a matmul's result a store fusion point can
/// absorb: `D[i, j] = body(C[i, j], E[j or i])`.
pub struct Consumer<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    /// The matmul's result it reads (tensor value or memref buffer).
    pub result: Value<'c, 'a>,
    /// Its output (a tensor init or the buffer it writes).
    pub out: Value<'c, 'a>,
    /// Its extra operand, if any, and how it is indexed.
    pub operand: Option<(Value<'c, 'a>, Broadcast)>,
    /// Its body in typed postfix: leaves `c` (the matmul's element), `e`
    /// (the extra operand's) and constants `<value>:<type>`; operations
    /// `<name>:<result type>` (`addf:f32`, `tanh:f32`, `truncf:bf16`).
    pub postfix: String,
}

/// The elementwise consumer of `root`'s result (its init, operand `init`):
/// `Ok(None)` when it has none, `Err(why)` when it has one that cannot be
/// fused.
pub fn output_consumer<'c, 'a>(root: &OperationRef<'c, 'a>, init: usize) -> Result<Option<Consumer<'c, 'a>>, String> {
    let c = root.operand(init).map_err(|e| e.to_string())?;
    let (consumer, result) = if crate::ir::is_memref(c.r#type()) {
        // The first op after the root that uses the buffer.
        let mut next = root.next_in_block();
        let found = loop {
            let Some(o) = next else { break None };
            if (0..o.operand_count()).any(|i| o.operand(i).is_ok_and(|v| same(v, c))) {
                break Some(o);
            }
            next = o.next_in_block();
        };
        match found {
            Some(o) if name(&o) != "memref.dealloc" => (o, c),
            _ => return Ok(None),
        }
    } else {
        let r: Value = root.result(0).map_err(|e| e.to_string())?.into();
        match users(r).as_slice() {
            [] => return Ok(None),
            [u] => (*u, r),
            _ => return Err("the result is used more than once".into()),
        }
    };
    let what = name(&consumer);
    if what != "linalg.generic" {
        return Err(format!("its result goes to '{what}', not an elementwise linalg.generic"));
    }
    let segments = operand_segments(&consumer).ok_or("its consumer has no operand segments")?;
    if !matches!(segments[..], [1, 1] | [2, 1]) || !consumer.operand(0).is_ok_and(|v| same(v, result)) {
        return Err("its consumer does not read the result as its first of one or two inputs".into());
    }
    let loops = reduction_loops(&consumer).ok_or("its consumer has no iterator types")?;
    let maps = crate::ir::indexing_maps(&consumer).ok_or("its consumer has no indexing maps")?;
    // A matrix, or a batch of them (a batched matmul's result).
    let identity: &[usize] = match loops.as_slice() {
        [false, false] => &[0, 1],
        [false, false, false] => &[0, 1, 2],
        _ => return Err("its consumer is not elementwise on the result (identity maps, parallel loops)".into()),
    };
    let batched = identity.len() == 3;
    if !maps[0].is(identity) || !maps.last().is_some_and(|m| m.is(identity)) {
        return Err("its consumer is not elementwise on the result (identity maps, parallel loops)".into());
    }
    let operand = if segments[0] == 2 {
        // A row vector of a batch would differ per batch: columns only.
        let broadcast = if maps[1].is(&[identity.len() - 1]) {
            Broadcast::Column
        } else if maps[1].is(&[0]) && !batched {
            Broadcast::Row
        } else {
            return Err("its consumer's second input is not a row or column vector".into());
        };
        Some((consumer.operand(1).map_err(|e| e.to_string())?, broadcast))
    } else {
        None
    };
    let out = consumer.operand(segments[0] as usize).map_err(|e| e.to_string())?;
    if crate::ir::is_memref(c.r#type()) {
        if c.is_block_argument() || defining_op(c).is_none_or(|d| name(&d) != "memref.alloc") {
            return Err("the result buffer is not local to the dispatch".into());
        }
        let others = users(c).into_iter().filter(|u| {
            let p = u.to_raw().ptr;
            p != root.to_raw().ptr
                && p != consumer.to_raw().ptr
                && !matches!(name(u).as_str(), "memref.dealloc" | "linalg.fill")
        });
        if others.count() > 0 {
            return Err("the result is used beside its consumer".into());
        }
    }
    let body = consumer.region(0).ok().and_then(|r| r.first_block()).ok_or("the consumer has no body")?;
    let arg = |i| body.argument(i).map(Value::from).map_err(|e| e.to_string());
    let c_arg = arg(0)?;
    if !matches!(c_arg.r#type().to_string().as_str(), "f32" | "f16" | "bf16") {
        return Err(format!("a {} value in the consumer", c_arg.r#type()));
    }
    let mut leaves = vec![(c_arg, "c")];
    if operand.is_some() {
        leaves.push((arg(1)?, "e"));
    }
    let postfix = body_postfix(&consumer, "consumer", &leaves, Typing::Typed)?;
    Ok(Some(Consumer { op: consumer, result, out, operand, postfix }))
}

/// The MLIR spelling of a float constant of type `t`, exactly (the value
/// was a constant of that type).
fn float_literal(value: f64, t: &str) -> String {
    match t {
        "f32" => format!("0x{:08X} : f32", (value as f32).to_bits()),
        "bf16" => format!("0x{:04X} : bf16", half::bf16::from_f64(value).to_bits()),
        _ => format!("0x{:04X} : f16", half::f16::from_f64(value).to_bits()),
    }
}

/// Appends the MLIR text of a typed postfix body (`c e addf:f32 ...`) to
/// `text`, its values named `<prefix><token index>`, with `c` and `e` the
/// given (value, type) leaves; returns the result and its type.
fn postfix_text(
    postfix: &str,
    c: &(String, String),
    e: &(String, String),
    prefix: &str,
    text: &mut String,
) -> Result<(String, String), String> {
    let mut stack: Vec<(String, String)> = Vec::new();
    for (n, token) in postfix.split_whitespace().enumerate() {
        let (what, t) = token.rsplit_once(':').unwrap_or((token, "f32"));
        let value = match what {
            "c" => c.clone(),
            "e" => e.clone(),
            _ => {
                let name = format!("{prefix}{n}");
                let line = if let Ok(k) = what.parse::<f64>() {
                    format!("{name} = arith.constant {}", float_literal(k, t))
                } else {
                    let (a, ta) = stack.pop().ok_or("internal error: postfix underflow")?;
                    match what {
                        "truncf" | "extf" => format!("{name} = arith.{what} {a} : {ta} to {t}"),
                        "negf" => format!("{name} = arith.negf {a} : {t}"),
                        w if MATH_UNARY.contains(&w) => format!("{name} = math.{w} {a} : {t}"),
                        w => {
                            let (lhs, _) = stack.pop().ok_or("internal error: postfix underflow")?;
                            format!("{name} = arith.{w} {lhs}, {a} : {t}")
                        }
                    }
                };
                *text += &format!("  {line}\n");
                (name, t.to_string())
            }
        };
        stack.push(value);
    }
    stack.pop().ok_or_else(|| "internal error: empty postfix".to_string())
}

/// The store function's modes, matmul_common.h's UK_STORE_ONE,
/// UK_STORE_VECTOR and UK_STORE_TWO: the first element alone, both with one
/// vector store, both one by one.
const STORE_ONE: i32 = 1;
const STORE_VECTOR: i32 = 2;

/// The store function of a consumer, the C ABI of matmul_common.h's
/// `UkStore`: `func.func private @name(%out, %out_offset, %ld, %operand,
/// %operand_offset, %row, %col, %v0, %v1, %mode)` writes `body(v,
/// operand[col or row])` to `out[out_offset + row * ld + col]` (offsets in
/// elements) for `v0` at `col` and, by `mode`, for `v1` at `col + 1`:
/// 1 writes `col` alone, 2 both with one vector store (the ukernel passes it
/// where that address is aligned to two elements), 3 both with two stores.
/// The body is applied to both values before the stores, so a ukernel that
/// inlines one call per accumulator pair holds one copy of it per pair. The
/// extra operand is read with invariant loads (a dispatch's input, which
/// its kernel never writes): LLVM may then share them between pairs and
/// issue them ahead of the pairs' stores, which it would otherwise have to
/// order after every earlier store (the wgmma ukernel's bias + GELU
/// epilogue went from 1.07-1.22 to 0.99-1.10 of the plain ukernel on an
/// H200, BENCHMARKS.md).
pub fn store_function<'c>(context: &'c Context, consumer: &Consumer, name_: &str) -> Result<Operation<'c>, String> {
    let elem = |v: Value| crate::ir::shape_of(v.r#type()).map(|(_, t)| t.to_string()).ok_or("not a shaped value");
    let out_type = elem(consumer.out)?;
    let bytes = match out_type.as_str() {
        "f32" => 4,
        "f16" | "bf16" => 2,
        t => return Err(format!("a {t} output")),
    };
    let mut text = format!(
        "func.func private @{name_}(%out: !llvm.ptr, %out_off: i64, %ld: i64, %opd: !llvm.ptr, %opd_off: i64, \
         %row: i64, %col0: i64, %v0: f32, %v1: f32, %mode: i32) attributes {{{FUSED_FUNCTION_ATTR}}} {{\n  \
         %one = arith.constant {STORE_ONE} : i32\n  %single = arith.cmpi eq, %mode, %one : i32\n  \
         %zero64 = arith.constant 0 : i64\n  %one64 = arith.constant 1 : i64\n  \
         %next = arith.select %single, %zero64, %one64 : i64\n  %col1 = arith.addi %col0, %next : i64\n"
    );
    // (For a single element the second column is the first again, so that
    // the extra operand is read in bounds; its result is not stored.)
    let mut results = Vec::new();
    for lane in ["0", "1"] {
        let (mut e, mut e_type) = (String::new(), String::new());
        if let Some((operand, broadcast)) = consumer.operand {
            let t = elem(operand)?;
            e_type = t.clone();
            // A row vector's element is the same for both columns.
            let (at, tag) = match broadcast {
                Broadcast::Column => (format!("%col{lane}"), lane),
                Broadcast::Row => ("%row".to_string(), "0"),
            };
            e = format!("%e{tag}");
            if tag == lane {
                text += &format!(
                    "  %oi{lane} = arith.addi %opd_off, {at} : i64\n  %op{lane} = llvm.getelementptr %opd[%oi{lane}] : (!llvm.ptr, i64) -> !llvm.ptr, {t}\n  {e} = llvm.load %op{lane} invariant : !llvm.ptr -> {t}\n"
                );
            }
        }
        let c = (format!("%v{lane}"), "f32".to_string());
        let (result, t) = postfix_text(&consumer.postfix, &c, &(e, e_type), &format!("%t{lane}_"), &mut text)?;
        if t != out_type {
            return Err(format!("the consumer yields {t} into a {out_type} output"));
        }
        results.push(result);
    }
    let (r0, r1) = (&results[0], &results[1]);
    let vector = format!("vector<2x{out_type}>");
    text += &format!(
        "  %r1 = arith.muli %row, %ld : i64\n  %r2 = arith.addi %r1, %col0 : i64\n  %r3 = arith.addi %r2, %out_off : i64\n  \
         %p = llvm.getelementptr %out[%r3] : (!llvm.ptr, i64) -> !llvm.ptr, {out_type}\n  \
         %two = arith.constant {STORE_VECTOR} : i32\n  %vector = arith.cmpi eq, %mode, %two : i32\n  \
         scf.if %vector {{\n    \
           %w = llvm.mlir.poison : {vector}\n    %i0 = llvm.mlir.constant(0 : i32) : i32\n    \
           %i1 = llvm.mlir.constant(1 : i32) : i32\n    %w0 = llvm.insertelement {r0}, %w[%i0 : i32] : {vector}\n    \
           %w1 = llvm.insertelement {r1}, %w0[%i1 : i32] : {vector}\n    \
           llvm.store %w1, %p {{alignment = {align} : i64}} : {vector}, !llvm.ptr\n  \
         }} else {{\n    \
           llvm.store {r0}, %p : {out_type}, !llvm.ptr\n    \
           scf.if %single {{\n    }} else {{\n      \
             %p1 = llvm.getelementptr %p[1] : (!llvm.ptr) -> !llvm.ptr, {out_type}\n      \
             llvm.store {r1}, %p1 : {out_type}, !llvm.ptr\n    \
           }}\n  \
         }}\n  return\n}}\n",
        align = 2 * bytes
    );
    let module = melior::ir::Module::parse(context, &text)
        .ok_or_else(|| format!("internal error: the store function does not parse:\n{text}"))?;
    let func = module.body().first_operation().ok_or("internal error: an empty module")?;
    Ok(crate::dispatch::detach(&func))
}
