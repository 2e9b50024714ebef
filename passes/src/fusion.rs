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

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{
        Attribute, Block, BlockLike, Identifier, Operation, OperationRef, Region, RegionLike, Type, Value, ValueLike,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::{FunctionType, IntegerType, TypeLike},
    },
};

use crate::ir::{body_ops, defining_op, float_constant, name, operand_segments, reduction_loops, same, users};

pub use crate::names::FUSED_FUNCTION_ATTR;

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
    /// Its body in postfix (`x 2.0 mulf 30.0 divf tanh ...`), where the
    /// family's CPU check can replay it; None for other bodies (the MLIR
    /// reference checks those).
    pub postfix: Option<String>,
    /// Its body's ops, for remarks.
    pub ops: usize,
}

impl Producer<'_, '_> {
    /// The body in a few words: its postfix, or its op count.
    pub fn describe(&self) -> String {
        self.postfix.clone().unwrap_or_else(|| format!("{} ops", self.ops))
    }
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
    let body = producer.region_at(0).and_then(|r| r.first_block()).ok_or("the producer has no body")?;
    let x: Value = body.argument(0).map_err(|e| e.to_string())?.into();
    let ops = elementwise_body(&producer, 1, "producer")?;
    let postfix = body_postfix(&producer, "producer", &[(x, "x")], Typing::Element(out_elem)).ok();
    Ok(Some(Producer { op: producer, source, result, postfix, ops }))
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
        .and_then(|y| y.operand_at(0))
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
/// body on one element (T: the ABI type, see [`map_abi_type`]): its ops
/// cloned, the element in place of its input, constants it captures cloned.
pub fn map_function<'c>(
    context: &'c Context,
    producer: &Producer<'c, '_>,
    name_: &str,
) -> Result<Operation<'c>, String> {
    let location = producer.op.location();
    let (_, element) = crate::ir::shape_of(producer.result.r#type()).ok_or("the producer writes no shaped value")?;
    // SAFETY: types are uniqued in the context and live as long as it.
    let element: Type<'c> = unsafe { Type::from_raw(element.to_raw()) };
    let abi = map_abi_type(context, element);
    let region = Region::new();
    let block = region.append_block(Block::new(&[(abi, location)]));
    let emit = |op: Operation<'c>| -> Result<Value<'c, '_>, String> {
        let op = block.append_operation(op);
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        Ok(unsafe { Value::from_raw(op.result(0).map_err(|e| e.to_string())?.to_raw()) })
    };
    let bitcast = |v: Value<'c, '_>, to: Type<'c>| {
        OperationBuilder::new("arith.bitcast", location).add_operands(&[v]).add_results(&[to]).build()
    };
    let arg: Value = block.argument(0).map_err(|e| e.to_string())?.into();
    let x = if abi == element { arg } else { emit(bitcast(arg, element).map_err(|e| e.to_string())?)? };
    let body = producer.op.region_at(0).and_then(|r| r.first_block()).ok_or("the producer has no body")?;
    let input: Value = body.argument(0).map_err(|e| e.to_string())?.into();
    let mut mapped = crate::build::ValueMap::default();
    mapped.insert(input, x);
    let mut result =
        crate::build::clone_body(&producer.op, &block, &mut mapped, crate::build::Captured::CloneConstant, "producer")?;
    if abi != element {
        result = emit(bitcast(result, abi).map_err(|e| e.to_string())?)?;
    }
    block.append_operation(melior::dialect::func::r#return(&[result], location));
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

/// How a consumer's extra operand is indexed: per column (`(d0, d1) ->
/// (d1)`, a bias of N), per row (`(d0, d1) -> (d0)`), or as a matrix of
/// the output's shape and layout (a residual).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Broadcast {
    Column,
    Row,
    Full,
    /// A 0-d operand, one value for every element (a per-tensor scale).
    Scalar,
}

/// An elementwise consumer of a matmul's result a store fusion point can
/// absorb: `D[i, j] = body(C[i, j], E[j, i or (i, j)])`, its body any
/// `arith` and `math` ops on its elements and constants (cloned into the
/// store function, `epilogue.rs`).
pub struct Consumer<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    /// The matmul's result it reads (tensor value or memref buffer).
    pub result: Value<'c, 'a>,
    /// Its output (a tensor init or the buffer it writes).
    pub out: Value<'c, 'a>,
    /// Its other inputs (a bias, a residual, ...): each with how it is
    /// indexed and which input of the consumer it is.
    pub operands: Vec<Operand<'c, 'a>>,
    /// Its body in typed postfix, where the family's CPU check can replay
    /// it: leaves `c` (the matmul's element), `e` (the extra operand's) and
    /// constants `<value>:<type>`; operations `<name>:<result type>`
    /// (`addf:f32`, `tanh:f32`, `truncf:bf16`). None for other bodies (the
    /// MLIR reference checks those).
    pub postfix: Option<String>,
    /// Its body's ops, for remarks.
    pub ops: usize,
    /// Which of its inputs is the result.
    pub result_input: usize,
}

/// An input of a fused consumer besides the matmul's result.
#[derive(Clone, Copy, Debug)]
pub struct Operand<'c, 'a> {
    pub value: Value<'c, 'a>,
    pub broadcast: Broadcast,
    /// Which input of the consumer it is.
    pub input: usize,
}

/// The most inputs besides the result a fused consumer may have.
pub const MAX_CONSUMER_OPERANDS: usize = 4;

impl Consumer<'_, '_> {
    /// The body in a few words: its postfix, or its op count.
    pub fn describe(&self) -> String {
        self.postfix.clone().unwrap_or_else(|| format!("{} ops", self.ops))
    }
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
            if (0..o.operand_count()).any(|i| o.operand_at(i).is_some_and(|v| same(v, c))) {
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
    // Which input is the result (r); the others are operands.
    let reads = |i: usize| consumer.operand_at(i).is_some_and(|v| same(v, result));
    let inputs = match segments[..] {
        [n, 1] if n >= 1 => n as usize,
        _ => return Err("its consumer has not one output".into()),
    };
    let r = match (0..inputs).filter(|&i| reads(i)).collect::<Vec<_>>()[..] {
        [r] => r,
        _ => return Err("its consumer does not read the result exactly once".into()),
    };
    if inputs - 1 > MAX_CONSUMER_OPERANDS {
        return Err(format!(
            "its consumer has {} inputs besides the result; at most {MAX_CONSUMER_OPERANDS} fuse",
            inputs - 1
        ));
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
    if !maps[r].is(identity) || !maps.last().is_some_and(|m| m.is(identity)) {
        return Err("its consumer is not elementwise on the result (identity maps, parallel loops)".into());
    }
    let mut operands = Vec::new();
    for o in (0..inputs).filter(|&i| i != r) {
        // A row vector of a batch would differ per batch: columns only.
        let broadcast = if maps[o].is(&[identity.len() - 1]) {
            Broadcast::Column
        } else if maps[o].is(&[0]) && !batched {
            Broadcast::Row
        } else if maps[o].is(identity) {
            Broadcast::Full
        } else if maps[o].is(&[]) {
            Broadcast::Scalar
        } else {
            return Err(
                "its consumer's other inputs are not scalars, row or column vectors or matrices like its output".into(),
            );
        };
        operands.push(Operand { value: consumer.operand(o).map_err(|e| e.to_string())?, broadcast, input: o });
    }
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
    let out_shape = crate::ir::shape_of(out.r#type()).map(|(d, _)| d);
    for e in operands.iter().filter(|o| o.broadcast == Broadcast::Full).map(|o| o.value) {
        // It shares the output's row stride (ld).
        let dense =
            |v: Value| !v.r#type().to_string().contains("strided") && !v.r#type().to_string().contains("affine_map");
        let static_shape = out_shape.as_ref().is_some_and(|d| d.iter().all(Option::is_some));
        if !static_shape || crate::ir::shape_of(e.r#type()).map(|(d, _)| d) != out_shape || !dense(e) || !dense(out) {
            return Err("its consumer's matrix input is not of its output's static shape and dense layout".into());
        }
    }
    let body = consumer.region_at(0).and_then(|r| r.first_block()).ok_or("the consumer has no body")?;
    let arg = |i| body.argument(i).map(Value::from).map_err(|e| e.to_string());
    let c_arg = arg(r)?;
    if c_arg.r#type().to_string() != "f32" {
        return Err(format!("a {} value in the consumer", c_arg.r#type()));
    }
    let mut leaves = vec![(c_arg, "c")];
    if let [o] = operands[..] {
        leaves.push((arg(o.input)?, "e"));
    }
    let ops = elementwise_body(&consumer, body.argument_count() - 1, "consumer")?;
    // (The family's CPU check replays bodies of at most one operand.)
    let postfix =
        (operands.len() <= 1).then(|| body_postfix(&consumer, "consumer", &leaves, Typing::Typed).ok()).flatten();
    Ok(Some(Consumer { op: consumer, result, out, operands, postfix, ops, result_input: r }))
}

/// Checks that a consumer's body is elementwise arithmetic the store
/// function can clone: `arith` and `math` ops without regions, reading its
/// inputs' elements (not its output's, block argument `out_arg`), values it
/// computes, and constants; returns how many ops it has.
fn elementwise_body(consumer: &OperationRef, out_arg: usize, what: &str) -> Result<usize, String> {
    let body = consumer.region_at(0).and_then(|r| r.first_block()).ok_or(format!("the {what} has no body"))?;
    let out: Value = body.argument(out_arg).map_err(|e| e.to_string())?.into();
    let ops = body_ops(consumer);
    for op in &ops {
        let n = name(op);
        if n == "linalg.yield" {
            continue;
        }
        if !(n.starts_with("arith.") || n.starts_with("math.")) || op.region_count() > 0 {
            return Err(format!("'{n}' in the {what} is not fusable"));
        }
        for i in 0..op.operand_count() {
            let v = op.operand(i).map_err(|e| e.to_string())?;
            if same(v, out) {
                return Err(format!("the {what}'s body reads its output element"));
            }
            let inside =
                v.is_block_argument() || defining_op(v).is_some_and(|d| d.parent_operation() == Some(*consumer));
            if !inside && defining_op(v).is_none_or(|d| name(&d) != "arith.constant") {
                return Err(format!("'{n}' in the {what} reads a value from outside it that is not a constant"));
            }
        }
    }
    Ok(ops.len() - 1)
}

#[cfg(test)]
mod tests {
    use melior::ir::{Module, operation::OperationLike};

    use crate::{dispatch::linalg_ops, ir::name};

    /// An argmax over bf16 computed by an elementwise producer (x * 2 + 1,
    /// rounded to bf16 after each op, as MLIR computes bf16 arithmetic).
    const MODULE: &str = r#"
        func.func @f(%x: tensor<2x64xbf16>) -> tensor<2xi64> {
          %two = arith.constant 2.0 : bf16
          %one = arith.constant 1.0 : bf16
          %e = tensor.empty() : tensor<2x64xbf16>
          %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
              ins(%x : tensor<2x64xbf16>) outs(%e : tensor<2x64xbf16>) {
          ^bb0(%in: bf16, %out: bf16):
            %m = arith.mulf %in, %two : bf16
            %a = arith.addf %m, %one : bf16
            linalg.yield %a : bf16
          } -> tensor<2x64xbf16>
          %z = arith.constant 0 : i64
          %ninf = arith.constant 0xFF80 : bf16
          %ei = tensor.empty() : tensor<2xi64>
          %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
          %ev = tensor.empty() : tensor<2xbf16>
          %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<2xbf16>) -> tensor<2xbf16>
          %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
              ins(%y : tensor<2x64xbf16>) outs(%fv, %fi : tensor<2xbf16>, tensor<2xi64>) {
          ^bb0(%in: bf16, %v: bf16, %i: i64):
            %k = linalg.index 1 : index
            %kk = arith.index_cast %k : index to i64
            %mx = arith.maximumf %in, %v : bf16
            %gt = arith.cmpf ogt, %in, %v : bf16
            %s = arith.select %gt, %kk, %i : i64
            linalg.yield %mx, %s : bf16, i64
          } -> (tensor<2xbf16>, tensor<2xi64>)
          return %r#1 : tensor<2xi64>
        }"#;

    #[test]
    fn the_input_map_computes_the_producer_on_16_bit_bits() {
        let context = ukernel_dialect::create_context().unwrap();
        let source = Module::parse(&context, MODULE).unwrap();
        let argmax = linalg_ops(&source.as_operation())
            .into_iter()
            .find(|o| name(o) == "linalg.generic" && o.result_count() == 2)
            .unwrap();
        let producer = super::input_producer(&argmax, 0).unwrap().unwrap();
        let function = super::map_function(&context, &producer, "map").unwrap();
        let (_engine, packed) = crate::build::jit_function(
            &context,
            function,
            "builtin.module(arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},convert-to-llvm,reconcile-unrealized-casts)",
            "map",
        );
        let bf16 = half::bf16::from_f32;
        for x in [0.0f32, 1.0, -3.5, 1.0e-3, 250.5, f32::INFINITY] {
            let mut input = bf16(x).to_bits();
            let mut output: u16 = 0;
            let mut args: Vec<*mut ()> = vec![&mut input as *mut u16 as *mut (), &mut output as *mut u16 as *mut ()];
            // SAFETY: the JIT's packed entry takes pointers to its arguments, which
            // `args` holds for the call.
            unsafe { packed(args.as_mut_ptr()) };
            let want = bf16(bf16(bf16(x).to_f32() * 2.0).to_f32() + 1.0).to_bits();
            assert_eq!(output, want, "x = {x}");
        }
    }
}
