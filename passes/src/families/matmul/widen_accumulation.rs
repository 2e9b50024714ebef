//! `ukernel-widen-accumulation`: where the module allows it
//! (`ukernel.matmul_accumulation = "f32"`, which `ukc --matmul-accumulation
//! f32` sets), a `linalg.matmul` or `linalg.batch_matmul` of bf16 (f16)
//! inputs into a bf16 (f16) result becomes the matmul of the same inputs
//! into f32, rounded to bf16 (f16) once at the end: the contraction generic
//! that the matmul family matches (`extf` of both inputs, `mulf`, `addf`
//! into f32), then an elementwise `truncf`, which the matmul's store fuses.
//!
//! Not the same computation, which is why it is opt-in: the named matmul
//! rounds every partial sum to 16 bits, and the widened one sums in f32 and
//! rounds once (what torch computes for a bf16 matmul). Without the module
//! attribute the pass changes nothing, and such a matmul keeps its IR's
//! semantics on the default path. Each widened op gets a remark that names
//! the attribute.
//!
//! Runs on tensors after `ukernel-fold-transposes`. The init is read
//! widened: a `linalg.fill` of a constant becomes the fill of that constant
//! in f32 (a zero fill stays one, so the ukernel computes `C = A x B`);
//! any other init is widened by an elementwise `extf`. Static shapes only.

use crate::ir::Checked as _;
use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, OperationRef, Type, TypeLike, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, FloatAttribute, StringAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::RankedTensorType,
    },
    pass::Pass,
};
use ukernel_dialect::emit_remark;

use crate::{
    build::{convert_elements, dim_map, fill, insert_before, linalg_yield, region_with},
    dispatch::detach,
    ir::{body_ops, defining_op, float_constant, name, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-widen-accumulation";
pub const SUMMARY: &str =
    "Where the module allows it, make a 16-bit-output matmul accumulate in f32 and round once (opt-in)";

pub use crate::names::MATMUL_ACCUMULATION_ATTR as MODULE_ATTR;
pub const F32: &str = "f32";

/// The ops to widen: named matmuls whose inputs and init are one 16-bit
/// float type, with a static init shape.
fn candidates<'c, 'a>(func: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    body_ops(func)
        .into_iter()
        .filter(|o| {
            matches!(name(o).as_str(), "linalg.matmul" | "linalg.batch_matmul")
                && o.operand_count() == 3
                && o.result_count() == 1
                && {
                    let elem = |i| o.operand_at(i).and_then(|v| shape_of(v.r#type())).map(|(d, t)| (d, t.to_string()));
                    match (elem(0), elem(1), elem(2)) {
                        (Some((_, a)), Some((_, b)), Some((dims, c))) => {
                            a == b && b == c && matches!(c.as_str(), "bf16" | "f16") && dims.iter().all(Option::is_some)
                        }
                        _ => false,
                    }
                }
        })
        .collect()
}

/// The op's indexing maps: its own, or the named op's defaults.
fn maps<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Vec<Attribute<'c>> {
    if let Some(own) = op.attribute("indexing_maps").ok().and_then(|a| ArrayAttribute::try_from(a).ok())
        && own.len() == 3
    {
        return (0..3).filter_map(|i| own.element(i).ok()).collect();
    }
    if name(op) == "linalg.batch_matmul" {
        vec![dim_map(context, 4, &[0, 1, 3]), dim_map(context, 4, &[0, 3, 2]), dim_map(context, 4, &[0, 1, 2])]
    } else {
        vec![dim_map(context, 3, &[0, 2]), dim_map(context, 3, &[2, 1]), dim_map(context, 3, &[0, 1])]
    }
}

fn widen<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let location = op.location();
    let operand = |i: usize| op.operand(i).map_err(|e| e.to_string());
    let (a, b, c) = (operand(0)?, operand(1)?, operand(2)?);
    let (dims, narrow) = shape_of(c.r#type()).ok_or("an init that is not shaped")?;
    // SAFETY: types live as long as the context.
    let narrow: Type<'c> = unsafe { Type::from_raw(narrow.to_raw()) };
    let shape: Vec<u64> = dims.iter().map(|d| d.unwrap_or(0)).collect();
    let f32t = Type::float32(context);
    let wide: Type<'c> = RankedTensorType::new(&shape, f32t, None).into();
    let rank = shape.len();
    let segments = |ins: i32| DenseI32ArrayAttribute::new(context, &[ins, 1]).into();
    let empty = |ty: Type<'c>| insert_before(&op, OperationBuilder::new("tensor.empty", location).add_results(&[ty]));
    // The widened init.
    let narrow_fill = defining_op(c).filter(|d| name(d) == "linalg.fill");
    let constant =
        narrow_fill.as_ref().and_then(|f| f.operand_at(0)).and_then(defining_op).and_then(|d| float_constant(&d));
    let init = match constant {
        Some(value) => {
            let v = insert_before(
                &op,
                OperationBuilder::new("arith.constant", location)
                    .add_attributes(&[(
                        Identifier::new(context, "value"),
                        FloatAttribute::new(context, f32t, value).into(),
                    )])
                    .add_results(&[f32t]),
            )?;
            fill(context, &op, v, empty(wide)?)?
        }
        None => convert_elements(context, &op, c, "arith.extf", f32t)?,
    };
    // The contraction into f32: extf of both inputs, mulf, addf.
    let region = region_with(&[(narrow, location), (narrow, location), (f32t, location)], |blk| {
        let arg = |i: usize| -> Result<Value, String> { Ok(blk.argument(i).map_err(|e| e.to_string())?.into()) };
        let put = |name: &str, operands: &[Value]| -> Result<Value, String> {
            let o = blk.append_operation(
                OperationBuilder::new(name, location)
                    .add_operands(operands)
                    .add_results(&[f32t])
                    .build()
                    .map_err(|e| e.to_string())?,
            );
            // SAFETY: the op stays in the block.
            Ok(unsafe { Value::from_raw(o.result(0).map_err(|e| e.to_string())?.to_raw()) })
        };
        let (x, y) = (put("arith.extf", &[arg(0)?])?, put("arith.extf", &[arg(1)?])?);
        let p = put("arith.mulf", &[x, y])?;
        let s = put("arith.addf", &[arg(2)?, p])?;
        blk.append_operation(linalg_yield(location, s)?);
        Ok(())
    })?;
    let mut kinds = vec![false; rank];
    kinds.push(true);
    let product = insert_before(
        &op,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[a, b, init])
            .add_attributes(&[
                (Identifier::new(context, "indexing_maps"), ArrayAttribute::new(context, &maps(context, &op)).into()),
                (Identifier::new(context, "iterator_types"), crate::build::iterator_types(context, &kinds)?),
                (Identifier::new(context, "operandSegmentSizes"), segments(2)),
            ])
            .add_regions([region])
            .add_results(&[wide]),
    )?;
    // Rounded once.
    let rounded = convert_elements(context, &op, product, "arith.truncf", narrow)?;
    let old: Value = op.result(0).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(old, rounded);
    emit_remark(
        location,
        &format!(
            "ukernel: accumulates in f32 and rounds to {narrow} once ({MODULE_ATTR} = \"{F32}\"); the IR's {} \
             rounds every partial sum to {narrow}",
            name(&op)
        ),
    );
    drop(detach(&op));
    // The narrow init's fill, when nothing else reads it.
    if let Some(f) = narrow_fill
        && users(c).is_empty()
    {
        drop(detach(&f));
    }
    Ok(())
}

fn widen_accumulation(context: &Context, module: &OperationRef) -> bool {
    let allowed = module.attribute(MODULE_ATTR).ok();
    match allowed.map(|a| StringAttribute::try_from(a).map(|s| s.value().to_string())) {
        None => true,
        Some(Ok(v)) if v == F32 => crate::dispatch::rewrite_ops(module, candidates, |op| widen(context, op)),
        Some(other) => {
            ukernel_dialect::emit_error(
                module.location(),
                &format!(
                    "ukernel: {MODULE_ATTR} is {}; the one value is \"{F32}\"",
                    other.map_or("not a string".to_string(), |v| format!("\"{v}\""))
                ),
            );
            false
        }
    }
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelWidenAccumulation", ARGUMENT, SUMMARY, widen_accumulation)
}
