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
    /// 1 if the body is non-decreasing in the element, -1 if non-increasing,
    /// 0 if neither is known (see [`order`]).
    pub order: i64,
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
            u.to_raw().ptr != root.to_raw().ptr && u.to_raw().ptr != producer.to_raw().ptr && name(u) != "memref.dealloc"
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
    let postfix = body_postfix(&producer, out_elem)?;
    let order = order(&postfix);
    Ok(Some(Producer { op: producer, source, result, postfix, order }))
}

/// Checks a producer's body and writes it in postfix.
fn body_postfix(producer: &OperationRef, element: Type) -> Result<String, String> {
    let body = producer.region(0).ok().and_then(|r| r.first_block()).ok_or("the producer has no body")?;
    let x: Value = body.argument(0).map_err(|e| e.to_string())?.into();
    let ops = body_ops(producer);
    let yielded = ops
        .last()
        .filter(|y| name(y) == "linalg.yield")
        .and_then(|y| y.operand(0).ok())
        .ok_or("the producer's body yields nothing")?;
    fn walk(v: Value, x: Value, element: Type, depth: u32, out: &mut Vec<String>) -> Result<(), String> {
        if depth > 64 {
            return Err("the producer's body is too deep".into());
        }
        if same(v, x) {
            out.push("x".into());
            return Ok(());
        }
        let def = defining_op(v).ok_or("the producer's body reads its output element")?;
        if let Some(c) = float_constant(&def) {
            if def.result(0).map(|r| r.r#type()).ok() != Some(element) {
                return Err("a constant of another type in the producer".into());
            }
            out.push(format!("{c:?}"));
            return Ok(());
        }
        let op = name(&def);
        let (dialect, base) = op.split_once('.').unwrap_or(("", op.as_str()));
        let arity = match (dialect, base) {
            ("arith", "negf") => 1,
            ("arith", b) if BINARY.contains(&b) => 2,
            ("math", b) if MATH_UNARY.contains(&b) => 1,
            _ => return Err(format!("'{op}' in the producer is not fusable")),
        };
        if def.operand_count() != arity || def.result(0).map(|r| r.r#type()).ok() != Some(element) {
            return Err(format!("'{op}' in the producer is not on {element}"));
        }
        for i in 0..arity {
            walk(def.operand(i).map_err(|e| e.to_string())?, x, element, depth + 1, out)?;
        }
        out.push(base.to_string());
        Ok(())
    }
    let mut tokens = Vec::new();
    walk(yielded, x, element, 0, &mut tokens)?;
    Ok(tokens.join(" "))
}

/// Whether a body in postfix is monotone in the element `x`: 1
/// (non-decreasing), -1 (non-increasing) or 0 (not known to be). Each
/// operation of IEEE arithmetic rounds monotonically, so `x` scaled by,
/// offset by, or clamped against finite constants keeps or flips the
/// order, and so do the increasing functions `tanh`, `exp` and `exp2`
/// (libdevice's, which the GPU runs, checked monotone over every f32 on an
/// H200: bench/results/2026-12-03-h200-fusion). Products of two terms with
/// `x`, divisions by `x`, and functions that are not monotone or not defined
/// everywhere give 0.
pub fn order(postfix: &str) -> i64 {
    #[derive(Clone, Copy)]
    enum Term {
        Const(f64),
        Order(i64),
    }
    use Term::*;
    let mut stack: Vec<Term> = Vec::new();
    for token in postfix.split_whitespace() {
        let t = match token {
            "x" => Order(1),
            "negf" => match stack.pop() {
                Some(Const(c)) => Const(-c),
                Some(Order(o)) => Order(-o),
                None => return 0,
            },
            "tanh" | "exp" | "exp2" => match stack.pop() {
                Some(Order(o)) => Order(o),
                Some(Const(_)) => Const(f64::NAN),
                None => return 0,
            },
            t if MATH_UNARY.contains(&t) => match stack.pop() {
                Some(Const(_)) => Const(f64::NAN),
                _ => return 0,
            },
            t if BINARY.contains(&t) => {
                let (Some(b), Some(a)) = (stack.pop(), stack.pop()) else { return 0 };
                match (t, a, b) {
                    (_, Const(_), Const(_)) => Const(f64::NAN),
                    ("mulf", Order(o), Const(c)) | ("mulf", Const(c), Order(o)) | ("divf", Order(o), Const(c))
                        if c.is_finite() && c != 0.0 =>
                    {
                        Order(if c > 0.0 { o } else { -o })
                    }
                    ("addf", Order(o), Const(c)) | ("addf", Const(c), Order(o)) | ("subf", Order(o), Const(c))
                        if c.is_finite() =>
                    {
                        Order(o)
                    }
                    ("subf", Const(c), Order(o)) if c.is_finite() => Order(-o),
                    ("maximumf" | "minimumf" | "maxnumf" | "minnumf", Order(o), Const(c))
                    | ("maximumf" | "minimumf" | "maxnumf" | "minnumf", Const(c), Order(o))
                        if !c.is_nan() =>
                    {
                        Order(o)
                    }
                    _ => return 0,
                }
            }
            literal => match literal.parse::<f64>() {
                Ok(c) => Const(c),
                Err(_) => return 0,
            },
        };
        stack.push(t);
    }
    match stack.as_slice() {
        [Order(o)] => *o,
        _ => 0,
    }
}

/// The element type the ukernel's map takes: f32 as is, 16-bit floats as
/// their bits (the C side reads them as `unsigned short`).
pub fn map_abi_type<'c>(context: &'c Context, element: Type<'c>) -> Type<'c> {
    if element.to_string() == "f32" { element } else { IntegerType::new(context, 16).into() }
}

/// Builds `func.func private @name(%x: T) -> T` computing the producer's
/// body on one element (T: the ABI type, see [`map_abi_type`]).
pub fn map_function<'c>(context: &'c Context, producer: &Producer<'c, '_>, name_: &str) -> Result<Operation<'c>, String> {
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
                // Exact bits (the constant was of this type).
                let bits = match element.to_string().as_str() {
                    "f32" => format!("0x{:08X}", (value as f32).to_bits()),
                    "bf16" => format!("0x{:04X}", half::bf16::from_f64(value).to_bits()),
                    _ => format!("0x{:04X}", half::f16::from_f64(value).to_bits()),
                };
                let attr = Attribute::parse(context, &format!("{bits} : {element}"))
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

#[cfg(test)]
mod tests {
    use super::order;

    #[test]
    fn monotone_bodies_are_recognised() {
        assert_eq!(order("x"), 1);
        assert_eq!(order("x 1.25 mulf 0.5 mulf tanh 30.0 mulf"), 1);
        assert_eq!(order("x 0.5 mulf negf"), -1);
        assert_eq!(order("x -2.0 mulf 1.0 addf exp"), -1);
        assert_eq!(order("1.0 x subf"), -1);
        assert_eq!(order("x 0.0 maximumf 3.0 minimumf"), 1);
        // Not known monotone: x times x, 0 * x (NaN at inf), division by x,
        // log (NaN below 0), offsets by infinity.
        assert_eq!(order("x x mulf"), 0);
        assert_eq!(order("x 0.0 mulf"), 0);
        assert_eq!(order("1.0 x divf"), 0);
        assert_eq!(order("x log"), 0);
        assert_eq!(order("x inf addf"), 0);
    }
}
